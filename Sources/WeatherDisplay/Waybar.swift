import StateStore
import WeatherCore

/// The `status --format waybar` line: one JSON object for a Waybar custom module (or i3blocks/Polybar
/// through `jq`). Waybar reads `text` and `tooltip` as Pango markup: values are escaped (`&`, `<`, `>`),
/// the literal text of the template is not (it may hold markup of its own). `text` and `tooltip` are in the
/// language in use; `class` and `alt` are the same in every language.
public enum Waybar {
    /// `{"text":"🌧️ 2°C Berlin","tooltip":"…","class":["rain","ok"],"alt":"rain"}` for the shown
    /// location (`focus`, else the current one): `text` from the style's template; the tooltip (see
    /// ``tooltip(_:shown:pinned:style:now:markup:)``) on `tooltipLocation` when given, else on the shown one;
    /// the judged `health` in `class`, with `rain-soon` when the nowcast says so, the warnings' classes and
    /// `aqi-<level>` of the air on the style's scale. `snapshot` is judged
    /// at `now` already.
    public static func render(
        _ snapshot: StateSnapshot,
        focus: String?,
        health: Health,
        now: Timestamp,
        style: DisplayStyle = .standard,
        tooltipLocation: String? = nil
    ) -> String {
        let id = focus ?? snapshot.currentLocation ?? snapshot.locations.first?.location.id
        guard let entry = snapshot.locations.first(where: { $0.location.id == id }) ?? snapshot.locations.first
        else {
            return unknown(
                text: Catalogue.text("no locations"),
                tooltip: Catalogue.text("weatherd: the state file lists no locations")
            )
        }
        let pinned = tooltipLocation.flatMap { pin in snapshot.locations.first { $0.location.id == pin } }
        let values = PlaceholderValues(entry, in: snapshot, at: now, style: style)
        let condition = entry.weather?.code?.condition ?? .unknown
        var json = JSONWriter()
        json.beginObject()
        json.string("text", style.template.render(escape: markup) { values.value($0, decimals: $1) })
        json.string("tooltip", tooltip(snapshot, shown: entry, pinned: pinned, style: style, now: now, markup: true))
        json.beginArray("class")
        json.string(nil, condition.rawValue)
        json.string(nil, health.label.lowercased())
        if entry.status == .stale || entry.status == .error { json.string(nil, entry.status.rawValue) }
        if entry.weather?.isDay == false { json.string(nil, "night") }
        if values.outlook.nowcast?.isRainSoon == true { json.string(nil, "rain-soon") }
        if entry.fallbackSince != nil { json.string(nil, "fallback") }
        for name in AlertText.classes(AlertText.inForce(entry, at: snapshot.apiTime(now))) { json.string(nil, name) }
        for name in AirText.classes(entry.air, scale: style.airQualityScale) { json.string(nil, name) }
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

    /// `text` with Pango's markup characters escaped.
    public static func markup(_ text: String) -> String {
        Escaping.replacing(text, pangoEscapes)
    }

    private static let pangoEscapes = Escaping.Table(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
}
