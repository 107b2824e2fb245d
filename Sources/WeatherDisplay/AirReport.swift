import StateStore
import WeatherCore

/// `weatherd air` (docs/air.md): the air quality, UV and pollen of each location, as a monitoring plugin of its
/// own. Exit status by the highest index on the scale: 0 below `warning`, 1 from `warning`, 2 from `critical`
/// (by default the scale's first "poor" level and the one after it: 61 and 81 European, 101 and 151 US), 3
/// when it cannot be known (no state file, air quality off, no air data yet). The text is in the language in
/// use but for the plugin's `AIR OK` keyword; the performance data and the JSON are the same in every language.
public enum AirReport {
    /// The report of `snapshot` at `now` for `location` (nil: all), indices on `scale`, warning and critical
    /// from `warning` and `critical` (nil: the scale's defaults). `airQualityOn` are the ids of the locations
    /// whose air quality the configuration fetches, when the reader could read it: without any of them among
    /// those reported, the report says that air quality is off rather than that no data has come yet. Text is
    /// the plugin line with performance data, then each location's values; `json`, each location's `air` as
    /// the state file has it, in one JSON array.
    public static func render(
        _ snapshot: StateSnapshot,
        location: String?,
        scale: AirQualityScale,
        warning: Int? = nil,
        critical: Int? = nil,
        airQualityOn: Set<String>? = nil,
        json: Bool = false,
        now: Timestamp,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> (text: String, exitStatus: Int32) {
        let entries = snapshot.locations.filter { location == nil || $0.location.id == location }
        guard !entries.isEmpty else {
            return unknown(
                Catalogue.text("no location {location} in the state file", ["location": location ?? ""]),
                json: json
            )
        }
        let found = entries.compactMap { entry in
            entry.air.flatMap { air in air.reading(on: scale).map { (entry: entry, air: air, reading: $0) } }
        }
        guard let worst = found.max(by: { $0.reading.index < $1.reading.index }) else {
            let off = airQualityOn.map { on in entries.allSatisfy { !on.contains($0.location.id) } } ?? false
            let reason =
                off
                ? Catalogue.text("air quality is off (air_quality.enabled)") : Catalogue.text("no air quality data yet")
            return unknown(reason, json: json)
        }
        let warning = warning ?? scale.poorFrom
        let critical = critical ?? scale.veryPoorFrom
        let status: Int32 = worst.reading.index >= critical ? 2 : worst.reading.index >= warning ? 1 : 0
        if json { return (Self.json(found.map { ($0.entry, $0.air) }, scale: scale), status) }

        var summary = "AIR \(["OK", "WARNING", "CRITICAL"][Int(status)]) - \(worst.entry.location.name): "
        summary += AirText.index(worst.air, scale: scale) ?? ""
        if found.count > 1 { summary += ", " + Catalogue.text("the worst of {count}", ["count": String(found.count)]) }
        var data = Perfdata()
        for (entry, air, reading) in found {
            let id = entry.location.id
            data.add("\(id)_aqi", Double(reading.index), warn: Double(warning), crit: Double(critical), min: 0)
            if let uv = air.uvIndex { data.add("\(id)_uv_index", uv, min: 0, decimals: 1) }
        }
        var lines = [plain(summary) + " | " + data.text]
        for entry in entries {
            lines += details(entry, scale: scale, now: snapshot.apiTime(now), clock: clock)
        }
        // A `|` in the long output would start more performance data.
        return (([lines[0]] + lines.dropFirst().map { $0.replacing("|", with: "/") }).joined(separator: "\n"), status)
    }

    /// A location's lines: its index with the other scale's, the time of the values, UV, pollutants, pollen.
    private static func details(
        _ entry: LocationState,
        scale: AirQualityScale,
        now: Timestamp,
        clock: DisplaySettings.Clock
    ) -> [String] {
        let name = entry.location.name
        guard let air = entry.air else {
            return [Catalogue.text("{location}: no air quality data", ["location": name])]
        }
        let other: AirQualityScale = scale == .european ? .us : .european
        var first =
            name + ": "
            + ([AirText.index(air, scale: scale), AirText.index(air, scale: other)]
                .compactMap { $0 }.joined(separator: " · "))
        let offset = entry.weather?.utcOffsetSeconds
        let time = TimeOfDay.text(air.time, utcOffsetSeconds: offset ?? 0, clock: clock) + (offset == nil ? " UTC" : "")
        first += ", " + Catalogue.text("as of {time}", ["time": time])
        let age = now.seconds(since: air.time)
        if age >= 2 * 3600 { first += " (" + Catalogue.text("{age} old", ["age": Report.age(age)]) + ")" }
        var lines = [first]
        if let uv = AirText.uv(air) { lines.append("  " + uv) }
        if let pollutants = AirText.pollutants(air) { lines.append("  " + pollutants) }
        let plants = Pollen.Plant.allCases.compactMap { plant in
            air.pollen[plant].map { grains in
                "\(Words.plant(plant)) \(Words.number(grains))"
                    + (Pollen.amount(grains, of: plant).map { " (\(Words.pollenAmount($0)))" } ?? "")
            }
        }
        if !plants.isEmpty {
            lines.append(
                "  " + Catalogue.text("pollen, grains/m³: {plants}", ["plants": plants.joined(separator: ", ")])
            )
        }
        return lines
    }

    /// The plugin's summary without `;` (Nagios turns it into `:`) or `|` (it starts the performance data).
    private static func plain(_ text: String) -> String {
        text.replacing(";", with: ",").replacing("|", with: "/")
    }

    private static func unknown(_ reason: String, json: Bool) -> (text: String, exitStatus: Int32) {
        (json ? "[]" : plain("AIR UNKNOWN - " + reason), 3)
    }

    private static func json(_ found: [(entry: LocationState, air: AirQuality)], scale: AirQualityScale) -> String {
        var json = JSONWriter()
        json.beginArray()
        for (entry, air) in found {
            json.beginObject()
            json.air(air, scale: scale)
            json.string("location", entry.location.id)
            json.string("name", entry.location.name)
            json.endObject()
        }
        json.endArray()
        return json.output
    }
}
