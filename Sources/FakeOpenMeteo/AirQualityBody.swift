/// An `/v1/air-quality` body in Open-Meteo's field order and number style with `timeformat=unixtime`:
/// `current_units` and `current` for the hour of `now`, then `hourly_units` and `hourly` from the UTC day's
/// midnight for `days` days. Time zone GMT, offset 0, as the forecast look-alike answers.
struct AirQualityBody {
    var air: SyntheticAir
    /// The server's time, epoch seconds.
    var now: Int
    var current: [String]
    var hourly: [String]
    var days: Int

    /// The whole body.
    var text: String {
        let hour = now - SyntheticWeather.positiveModulo(now, 3600)
        var members = [
            "\"latitude\":\(JSONText.coordinate(air.latitude))", "\"longitude\":\(JSONText.coordinate(air.longitude))",
            "\"generationtime_ms\":0.3209114074707031", "\"utc_offset_seconds\":0", "\"timezone\":\"GMT\"",
            "\"timezone_abbreviation\":\"GMT\"", "\"elevation\":\(JSONText.number(air.elevation))",
        ]
        if !current.isEmpty {
            let units =
                [("time", "unixtime"), ("interval", "seconds")] + current.map { ($0, SyntheticAir.unit(of: $0)!) }
            let values = [("time", String(hour)), ("interval", "3600")] + current.map { ($0, value($0, at: hour)) }
            members.append("\"current_units\":" + object(units, quoted: true))
            members.append("\"current\":" + object(values, quoted: false))
        }
        if !hourly.isEmpty {
            let midnight = hour - SyntheticWeather.positiveModulo(hour, 86_400)
            let times = (0..<(days * 24)).map { midnight + $0 * 3600 }
            let units = [("time", "unixtime")] + hourly.map { ($0, SyntheticAir.unit(of: $0)!) }
            let columns =
                [("time", "[" + times.map(String.init).joined(separator: ",") + "]")]
                + hourly.map { variable in
                    (variable, "[" + times.map { value(variable, at: $0) }.joined(separator: ",") + "]")
                }
            members.append("\"hourly_units\":" + object(units, quoted: true))
            members.append("\"hourly\":" + object(columns, quoted: false))
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// `variable` at the hour `time`, as the API writes it: `null` for pollen outside CAMS Europe or past its
    /// horizon.
    private func value(_ variable: String, at time: Int) -> String {
        guard let number = air.value(variable, at: time, now: now) else { return "null" }
        return JSONText.fixed(number, decimals: SyntheticAir.decimals(of: variable))
    }

    private func object(_ members: [(String, String)], quoted: Bool) -> String {
        "{"
            + members.map { JSONText.string($0.0) + ":" + (quoted ? JSONText.string($0.1) : $0.1) }
            .joined(separator: ",") + "}"
    }
}
