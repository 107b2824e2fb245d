import WeatherCore

/// Human-readable lines for `once` and `status`.
public enum Report {
    /// `Berlin: 2.0 °C, Slight rain (feels like -1.3 °C, humidity 81%, wind 16.9 km/h from 254°)`, or the
    /// failure.
    public static func line(_ entry: LocationState) -> String {
        var text = "\(entry.location.name): "
        if let weather = entry.weather {
            text += weather.summary
            let details = details(weather)
            if !details.isEmpty { text += " (\(details.joined(separator: ", ")))" }
        }
        if let error = entry.lastError {
            text += entry.weather == nil ? "fetch failed: \(error.message)" : " [last fetch failed: \(error.message)]"
        } else if entry.weather == nil {
            text += "no data yet"
        }
        return text
    }

    /// The details after the summary: feels like, humidity, wind.
    public static func details(_ weather: Weather) -> [String] {
        var details: [String] = []
        if let value = weather.apparentTemperature {
            details.append("feels like \(NumberFormat.oneDecimal(value)) \(weather.units.temperature.symbol)")
        }
        if let value = weather.relativeHumidity { details.append("humidity \(NumberFormat.json(value))%") }
        if let value = weather.windSpeed {
            var wind = "wind \(NumberFormat.oneDecimal(value)) \(weather.units.windSpeed.symbol)"
            if let direction = weather.windDirection { wind += " from \(NumberFormat.json(direction))°" }
            details.append(wind)
        }
        return details
    }

    /// "12 s", "3 min", "2 h", "4 d".
    public static func age(_ seconds: Double) -> String {
        let value = max(0, Int(seconds))
        if value < 120 { return "\(value) s" }
        if value < 7200 { return "\(value / 60) min" }
        if value < 172_800 { return "\(value / 3600) h" }
        return "\(value / 86_400) d"
    }
}
