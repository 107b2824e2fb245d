#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `/v1/forecast` for ``FakeOpenMeteoServer/realistic``: validates parameters like Open-Meteo, then answers
/// with `FakeResponse.forecastBody(...)` for the current data period (a quarter hour, or `dataInterval`),
/// followed by the `minutely_15`, `hourly` and `daily` sections asked for (``BlockSection``), `fault` applied
/// to those in `faulty`.
enum ForecastRoute {
    struct ParameterError: Error {
        let reason: String
    }

    static func respond(
        to request: FakeRequest,
        dataInterval: Int = 900,
        fault: BlockFault? = nil,
        faulty: Set<FakeForecastBlock> = Set(FakeForecastBlock.allCases)
    ) -> FakeResponse {
        do throws(ParameterError) {
            let latitude = try coordinate(request, "latitude", limit: 90)
            let longitude = try coordinate(request, "longitude", limit: 180)
            let temperature = try unit(request, "temperature_unit", default: TemperatureUnit.celsius)
            let wind = try unit(request, "wind_speed_unit", default: WindSpeedUnit.kmh)
            let precipitation = try unit(request, "precipitation_unit", default: PrecipitationUnit.mm)
            let now = Int(request.time.rounded(.down))
            let period = now - now % max(dataInterval, 1)
            let sections = try BlockSection.sections(of: request.query, now: now)
            let body = FakeResponse.forecastBody(
                latitude: latitude,
                longitude: longitude,
                weatherCode: FakeOpenMeteoServer.weatherCode(forLatitude: latitude),
                temperature: temperature,
                wind: wind,
                precipitation: precipitation,
                time: period,
                isDay: SyntheticWeather.isDay(utc: period, longitude: longitude),
                interval: dataInterval,
                sections: sections,
                fault: fault,
                faulty: faulty
            )
            return .body(status: 200, body: body)
        } catch {
            return FakeResponse.openMeteoError(status: 400, reason: error.reason)
        }
    }

    static func coordinate(
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
