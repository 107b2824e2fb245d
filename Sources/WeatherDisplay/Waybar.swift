import StateStore
import WeatherCore

/// The `status --format waybar` line: one JSON object for a Waybar custom module (or i3blocks/Polybar
/// through `jq`). Waybar reads `text` and `tooltip` as Pango markup, so `&`, `<` and `>` are escaped.
public enum Waybar {
    /// `{"text":"🌧️ 2°C Berlin","tooltip":"…","class":["rain","ok"],"alt":"rain"}` for the shown
    /// location (`focus`, else the current one), the tooltip listing every location with its outlook of
    /// the day; the judged `health` is in `class`. `snapshot` is judged at `now` already.
    public static func render(_ snapshot: StateSnapshot, focus: String?, health: Health, now: Timestamp) -> String {
        let id = focus ?? snapshot.currentLocation ?? snapshot.locations.first?.location.id
        guard let entry = snapshot.locations.first(where: { $0.location.id == id }) ?? snapshot.locations.first
        else {
            return unknown(text: "no locations", tooltip: "weatherd: the state file lists no locations")
        }
        let condition = entry.weather?.code?.condition ?? .unknown
        var json = JSONWriter()
        json.beginObject()
        json.string("text", markup(text(entry)))
        var tooltip = snapshot.locations.map { tooltipLines($0, now: now) }.joined(separator: "\n")
        if snapshot.writtenTooLongAgo(at: now) {
            tooltip +=
                "\nweatherd: state written \(Report.age(now.seconds(since: snapshot.generatedAt))) ago"
                + " (daemon not running?)"
        }
        json.string("tooltip", markup(tooltip))
        json.beginArray("class")
        json.string(nil, condition.rawValue)
        json.string(nil, health.label.lowercased())
        if entry.status == .stale || entry.status == .error { json.string(nil, entry.status.rawValue) }
        if entry.weather?.isDay == false { json.string(nil, "night") }
        json.endArray()
        json.string("alt", condition.rawValue)
        json.endObject()
        return json.output
    }

    /// The line for a state that cannot be read: `class` `unknown`, so the module stays visible.
    public static func unknown(text: String, tooltip: String, health: Health = .unknown) -> String {
        let name = health.label.lowercased()
        var json = JSONWriter()
        json.beginObject()
        json.string("text", markup(text))
        json.string("tooltip", markup(tooltip))
        json.beginArray("class")
        json.string(nil, name)
        json.endArray()
        json.string("alt", name)
        json.endObject()
        return json.output
    }

    /// `🌧️ 2°C Berlin`, or `… Berlin` without data.
    public static func text(_ entry: LocationState) -> String {
        guard let weather = entry.weather else { return "… \(entry.location.name)" }
        var parts = [icon(weather.code?.condition ?? .unknown, isDay: weather.isDay ?? true)]
        if let temperature = weather.temperature {
            parts.append("\(NumberFormat.fixed(temperature, decimals: 0))\(weather.units.temperature.symbol)")
        }
        parts.append(entry.location.name)
        return parts.joined(separator: " ")
    }

    /// `Berlin: 2.0 °C, Slight rain, wind 16.9 km/h, 5 min ago`, then, indented, the day's outlook:
    /// `  today: Slight rain, high 4.1 °C, low -0.8 °C, precipitation 80%, sunrise 07:35, sunset 15:56`.
    public static func tooltipLines(_ entry: LocationState, now: Timestamp) -> String {
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
        if let today = Report.today(entry, now: now) { line += "\n  " + today }
        return line
    }

    /// `text` with Pango's markup characters escaped.
    public static func markup(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A day or night icon for a condition; no sun at night.
    public static func icon(_ condition: WeatherCondition, isDay: Bool) -> String {
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
