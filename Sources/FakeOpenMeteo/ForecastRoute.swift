#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `/v1/forecast` for ``FakeOpenMeteoServer/realistic``: validates parameters like Open-Meteo, then answers
/// with `FakeResponse.forecastBody(...)` for the current data period (a quarter hour, or `dataInterval`),
/// with the day's values when `daily` is asked for.
enum ForecastRoute {
    private struct ParameterError: Error {
        let reason: String
    }

    static func respond(to request: FakeRequest, dataInterval: Int = 900) -> FakeResponse {
        do throws(ParameterError) {
            let latitude = try coordinate(request, "latitude", limit: 90)
            let longitude = try coordinate(request, "longitude", limit: 180)
            let temperature = try unit(request, "temperature_unit", default: TemperatureUnit.celsius)
            let wind = try unit(request, "wind_speed_unit", default: WindSpeedUnit.kmh)
            let precipitation = try unit(request, "precipitation_unit", default: PrecipitationUnit.mm)
            let now = Int(request.time.rounded(.down))
            let period = now - now % max(dataInterval, 1)
            let body = FakeResponse.forecastBody(
                latitude: latitude,
                longitude: longitude,
                weatherCode: FakeOpenMeteoServer.weatherCode(forLatitude: latitude),
                temperatureUnit: temperature.symbol,
                windSpeedUnit: wind.symbol,
                precipitationUnit: precipitation.symbol,
                time: period,
                isDay: isDay(utc: period, longitude: longitude),
                interval: dataInterval,
                daily: request.query["daily"] != nil
            )
            return .body(status: 200, body: body)
        } catch {
            return FakeResponse.openMeteoError(status: 400, reason: error.reason)
        }
    }

    /// Daytime by local solar time: 06:00 to 18:00 at the longitude.
    private static func isDay(utc: Int, longitude: Double) -> Bool {
        let hour = Double(utc % 86_400) / 3600 + longitude / 15
        let localHour = (hour.truncatingRemainder(dividingBy: 24) + 24).truncatingRemainder(dividingBy: 24)
        return (6..<18).contains(localHour)
    }

    private static func coordinate(
        _ request: FakeRequest,
        _ name: String,
        limit: Double
    ) throws(ParameterError)
        -> Double
    {
        guard let text = request.query[name], !text.isEmpty else {
            throw ParameterError(reason: "Parameter '\(name)' is required")
        }
        guard let value = Double(text), value.isFinite else {
            throw ParameterError(reason: "Cannot initialize Float from invalid String value \(text)")
        }
        guard abs(value) <= limit else {
            let label = name.prefix(1).uppercased() + name.dropFirst()
            let bound = Int(limit)
            let given = Float(value)
            throw ParameterError(reason: "\(label) must be in range of -\(bound) to \(bound)°. Given: \(given).")
        }
        return value
    }

    private static func unit<Unit: RawRepresentable<String>>(
        _ request: FakeRequest,
        _ name: String,
        default defaultUnit: Unit
    ) throws(ParameterError) -> Unit {
        guard let text = request.query[name], !text.isEmpty else { return defaultUnit }
        guard let unit = Unit(rawValue: text) else {
            throw ParameterError(reason: "Cannot initialize \(Unit.self) from invalid String value \(text)")
        }
        return unit
    }
}
