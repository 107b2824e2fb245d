import FakeOpenMeteo
import Foundation

/// What the suites on the look-alike's forecast sections (`minutely_15`, `hourly`, `daily`) share: the
/// variables the daemon and the fixtures of shared/fixtures/next ask for, the daemon's request, and the
/// look-alike's answer at the fixtures' time.
enum FakeBlocks {
    /// When the fixtures were "requested": 2026-11-24T13:07:42Z.
    static let requestTime = 1_795_525_662
    static let currentVariables =
        "temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,weather_code,cloud_cover,"
        + "wind_speed_10m,wind_direction_10m,wind_gusts_10m"
    static let hourlyVariables = "temperature_2m,precipitation_probability,precipitation,weather_code,is_day"
    /// The daemon's order (docs/forecast.md).
    static let dailyVariables =
        "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum,"
        + "uv_index_max,sunrise,sunset"
    /// The fixture's order.
    static let fixtureDailyVariables =
        "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum,"
        + "sunrise,sunset,uv_index_max"

    /// A request as the daemon sends it (docs/forecast.md), with the blocks given.
    static func daemonURI(
        latitude: Double = 47.26,
        longitude: Double = 11.38,
        nowcast: Bool = true,
        hours: Int? = 25,
        days: Int? = 7,
        units: String = "&temperature_unit=celsius&wind_speed_unit=kmh&precipitation_unit=mm"
    ) -> String {
        var uri = "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&current=\(currentVariables)"
        if nowcast { uri += "&minutely_15=precipitation&forecast_minutely_15=9" }
        if let hours { uri += "&hourly=\(hourlyVariables)&forecast_hours=\(hours)" }
        if let days { uri += "&daily=\(dailyVariables)&forecast_days=\(days)" }
        return uri + "&timeformat=unixtime&timezone=auto" + units
    }

    /// The body the handler answers for `uri` at ``requestTime``.
    static func body(
        _ uri: String,
        handler: @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic
    ) throws -> String {
        guard case .body(let status, _, let text, _) = handler(FakeRequest(uri: uri, time: Double(requestTime)))
        else { throw ShapeError(message: "no body for \(uri)") }
        guard status == 200 else { throw ShapeError(message: "\(status): \(text)") }
        return text
    }

    /// How many digits follow the decimal point in a JSON number's text.
    static func decimals(_ raw: String) -> Int {
        raw.firstIndex(of: ".").map { raw.distance(from: $0, to: raw.endIndex) - 1 } ?? 0
    }
}

struct ShapeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
