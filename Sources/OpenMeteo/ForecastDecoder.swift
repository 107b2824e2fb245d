#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

/// Turns a forecast response body into domain ``Weather`` and the forecast blocks it carries
/// (`ForecastDecoder+Blocks.swift`): tolerant of unknown fields, `null` (→ absent) and float weather codes; strict about JSON
/// (RFC 8259 as `JSONDecoder` reads it: at most 512 levels of nesting, valid UTF-8 and escapes; of a
/// repeated member the first counts), structure and plausibility. Every failure is `invalid_response`.
public enum ForecastDecoder {
    /// Plausible ranges, in metric units; values outside are rejected as a broken response.
    static let temperatureCelsius = PlausibleRange.temperatureCelsius
    static let percent = PlausibleRange.percent
    static let direction = PlausibleRange.direction
    static let windKilometresPerHour = PlausibleRange.windKilometresPerHour
    static let precipitationMillimetres = PlausibleRange.precipitationMillimetres
    /// The largest UTC offset there is (±14 h), with room: ±18 h, as ISO 8601 allows.
    static let utcOffsetLimit = 18 * 3600

    /// Decodes the current weather of `body`, which answered a request for `units`.
    public static func decode(_ body: some Collection<UInt8>, units: Units) throws(FetchError) -> Weather {
        try decodeForecast(body, units: units).weather
    }

    /// Decodes `body`, which answered a request for `units`: the current weather and the blocks it
    /// carries (a day's `fetchedAt` is the observation time; the daemon stamps the time it received it).
    public static func decodeForecast(_ body: some Collection<UInt8>, units: Units) throws(FetchError) -> Forecast {
        let dto: ForecastResponseDTO
        do {
            dto = try JSONDecoder().decode(ForecastResponseDTO.self, from: Data(body))
        } catch let error as DecodingError {
            throw invalid(describe(error, body: body))
        } catch {
            throw invalid("not JSON or truncated")
        }
        let weather = try weather(from: dto, units: units)
        let blocks = blocks(of: dto, weather: weather)
        return Forecast(
            weather: weather,
            hourly: blocks.hourly,
            daily: blocks.daily,
            nowcast: blocks.nowcast,
            droppedBlocks: blocks.dropped,
            elevation: dto.elevation.flatMap { $0.isFinite ? $0 : nil }
        )
    }

    /// The checked ``Weather`` of a decoded response that answered a request for `units`.
    static func weather(from dto: ForecastResponseDTO, units: Units) throws(FetchError) -> Weather {
        guard let current = dto.current else { throw invalid("missing `current`") }
        guard let time = current.time, time.isFinite, abs(time) < 1e11 else {
            throw invalid("missing or invalid `current.time`")
        }
        let unitChecks = [
            ("temperature", dto.current_units?.temperature_2m, units.temperature.symbol),
            ("wind speed", dto.current_units?.wind_speed_10m, units.windSpeed.apiSymbol),
            ("precipitation", dto.current_units?.precipitation, units.precipitation.symbol),
        ]
        for (name, sent, asked) in unitChecks {
            if let sent, sent != asked { throw invalid("\(name) in \(sent), asked for \(asked)") }
        }
        if let offset = dto.utc_offset_seconds, abs(offset) > utcOffsetLimit {
            throw invalid("`utc_offset_seconds` is \(offset)")
        }
        let code = try weatherCode(current.weather_code)
        let isDay = try current.is_day.map { (value) throws(FetchError) -> Bool in
            guard value == 0 || value == 1 else { throw invalid("`is_day` is \(value)") }
            return value == 1
        }
        let weather = Weather(
            observedAt: Timestamp(secondsSinceEpoch: time),
            utcOffsetSeconds: dto.utc_offset_seconds,
            temperature: current.temperature_2m,
            apparentTemperature: current.apparent_temperature,
            relativeHumidity: current.relative_humidity_2m,
            precipitation: current.precipitation,
            cloudCover: current.cloud_cover,
            windSpeed: current.wind_speed_10m,
            windDirection: current.wind_direction_10m,
            windGusts: current.wind_gusts_10m,
            isDay: isDay,
            code: code,
            units: units,
            dataInterval: try dataInterval(current.interval)
        )
        try checkPlausible(weather)
        return weather
    }

    /// `current.interval` in seconds; a value that is not a positive number of seconds is a broken
    /// response (one outside 60 s–3 h is the planner's to replace).
    static func dataInterval(_ value: Double?) throws(FetchError) -> Double? {
        guard let value else { return nil }
        guard value.isFinite, value > 0 else { throw invalid("`current.interval` is \(value)") }
        return value
    }

    private static func weatherCode(_ value: Double?) throws(FetchError) -> WMOCode? {
        guard let value else { return nil }
        guard let code = wmoCode(value) else { throw invalid("`weather_code` is not a whole number: \(value)") }
        return code
    }

    /// The WMO code a `weather_code` value on the wire stands for; nil when it is not a whole number.
    static func wmoCode(_ value: Double) -> WMOCode? {
        guard value.isFinite, value == value.rounded(), abs(value) < 1_000_000 else { return nil }
        return WMOCode(Int(value))
    }

    private static func checkPlausible(_ weather: Weather) throws(FetchError) {
        let toCelsius = celsius(weather.units)
        let toKilometresPerHour: (Double) -> Double =
            switch weather.units.windSpeed {
            case .kmh: { $0 }
            case .ms: { $0 * 3.6 }
            case .mph: { $0 * 1.609344 }
            case .kn: { $0 * 1.852 }
            }
        let toMillimetres = millimetres(weather.units)
        let checks: [(String, Double?, (Double) -> Double, ClosedRange<Double>)] = [
            ("temperature_2m", weather.temperature, toCelsius, temperatureCelsius),
            ("apparent_temperature", weather.apparentTemperature, toCelsius, temperatureCelsius),
            ("relative_humidity_2m", weather.relativeHumidity, { $0 }, percent),
            ("cloud_cover", weather.cloudCover, { $0 }, percent),
            ("wind_speed_10m", weather.windSpeed, toKilometresPerHour, windKilometresPerHour),
            ("wind_gusts_10m", weather.windGusts, toKilometresPerHour, windKilometresPerHour),
            ("wind_direction_10m", weather.windDirection, { $0 }, direction),
            ("precipitation", weather.precipitation, toMillimetres, precipitationMillimetres),
        ]
        for (name, value, convert, range) in checks {
            guard let value else { continue }
            guard value.isFinite, range.contains(convert(value)) else {
                throw invalid("implausible `\(name)`: \(value)")
            }
        }
    }

    /// What is wrong with `body`, which did not decode, in a few words safe for a log.
    static func describe(_ error: DecodingError, body: some Collection<UInt8>) -> String {
        if let problem = error.responseProblem { return problem }
        let text = String(decoding: body.prefix(2048), as: UTF8.self)
        if text.contains("Unexpected error while streaming data") {
            return "the server failed while streaming: not JSON"
        }
        return body.first == UInt8(ascii: "<") ? "not JSON (an HTML page?)" : "not JSON or truncated"
    }

    /// The `reason` of an Open-Meteo error body (`{"error":true,"reason":"..."}`), if the body is one.
    public static func errorReason(_ body: some Collection<UInt8>) -> String? {
        guard let dto = try? JSONDecoder().decode(ErrorResponseDTO.self, from: Data(body)), dto.error else {
            return nil
        }
        return dto.reason
    }

    static func invalid(_ message: String) -> FetchError {
        FetchError(kind: .invalidResponse, message: "invalid response: \(message)")
    }
}
