import StateStore
import WeatherCore

/// The `status --format waybar` line: one JSON object for a Waybar (or i3blocks/Polybar) custom module.
enum Waybar {
    /// `{"text":"🌧 2°C Berlin","tooltip":"…","class":["rain"],"alt":"rain"}` for the shown location
    /// (`focus`, else the current one), the tooltip listing every location.
    static func render(_ snapshot: StateSnapshot, focus: String?, now: Timestamp) -> String {
        let id = focus ?? snapshot.currentLocation ?? snapshot.locations.first?.location.id
        let entry = snapshot.locations.first { $0.location.id == id } ?? snapshot.locations.first
        var json = JSONWriter()
        json.beginObject()
        guard let entry else {
            json.string("text", "no locations")
            json.string("tooltip", "weatherd: the state file lists no locations")
            json.beginArray("class")
            json.string(nil, "unknown")
            json.endArray()
            json.string("alt", "unknown")
            json.endObject()
            return json.output
        }
        let condition = entry.weather?.code?.condition ?? .unknown
        json.string("text", text(entry))
        json.string("tooltip", snapshot.locations.map { tooltipLine($0, now: now) }.joined(separator: "\n"))
        json.beginArray("class")
        json.string(nil, condition.rawValue)
        if entry.status == .stale || entry.status == .error { json.string(nil, entry.status.rawValue) }
        if entry.weather?.isDay == false { json.string(nil, "night") }
        json.endArray()
        json.string("alt", condition.rawValue)
        json.endObject()
        return json.output
    }

    /// `🌧 2°C Berlin`, or `… Berlin` without data.
    static func text(_ entry: LocationState) -> String {
        guard let weather = entry.weather else { return "… \(entry.location.name)" }
        var parts = [icon(weather.code?.condition ?? .unknown, isDay: weather.isDay ?? true)]
        if let temperature = weather.temperature {
            parts.append("\(NumberFormat.fixed(temperature, decimals: 0))\(weather.units.temperature.symbol)")
        }
        parts.append(entry.location.name)
        return parts.joined(separator: " ")
    }

    static func tooltipLine(_ entry: LocationState, now: Timestamp) -> String {
        var line = entry.location.name + ": "
        guard let weather = entry.weather else {
            return line + (entry.lastError.map { "fetch failed: \($0.message)" } ?? "no data yet")
        }
        line += weather.summary
        if let speed = weather.windSpeed {
            line += ", wind \(NumberFormat.oneDecimal(speed)) \(weather.units.windSpeed.symbol)"
        }
        if let fetchedAt = entry.fetchedAt { line += ", \(Report.age(now.seconds(since: fetchedAt))) ago" }
        if entry.status == .stale { line += " (stale)" }
        if let error = entry.lastError { line += " (last fetch failed: \(error.message))" }
        return line
    }

    /// A day or night icon for a condition; no sun at night.
    static func icon(_ condition: WeatherCondition, isDay: Bool) -> String {
        switch condition {
        case .clear: isDay ? "☀️" : "🌙"
        case .mainlyClear: isDay ? "🌤️" : "🌙"
        case .partlyCloudy: isDay ? "⛅" : "☁️"
        case .overcast: "☁️"
        case .fog, .rimeFog: "🌫️"
        case .drizzle, .rainShowers: isDay ? "🌦️" : "🌧️"
        case .rain, .freezingDrizzle, .freezingRain: "🌧️"
        case .snow, .snowGrains, .snowShowers: "🌨️"
        case .thunderstorm, .thunderstormHail: "⛈️"
        case .unknown: "❔"
        }
    }
}
