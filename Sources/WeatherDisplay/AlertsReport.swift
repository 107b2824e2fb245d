import StateStore
import WeatherCore

/// `weatherd alerts` (docs/alerts.md): every official warning in force, as a monitoring plugin of its own.
/// Exit status 0 when none is in force, 1 when the highest is Minor, Moderate or of unknown severity, 2
/// when Severe or Extreme, 3 when it cannot be known (the state file missing or unreadable, or a
/// location's source failing for 3 polls or more). The daemon's health is `weatherd status`'s. The text is in the
/// language in use but for the plugin's `ALERTS OK` keyword (the warnings in the service's words); the
/// performance data and the JSON are the same in every language.
public enum AlertsReport {
    /// Output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// The plugin line, then each warning with its times, headline and instruction.
        case text
        /// The warnings in force, one JSON array.
        case json
    }

    /// The report of `snapshot` at `now` for `location` (nil: all); `details` are the full warnings the
    /// alerts cache holds, by id (their descriptions and instructions), when it could be read.
    public static func render(
        _ snapshot: StateSnapshot,
        location: String?,
        details: [String: Alert],
        format: Format,
        now: Timestamp,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> (text: String, exitStatus: Int32) {
        let entries = snapshot.locations.filter { location == nil || $0.location.id == location }
        guard !entries.isEmpty else {
            let reason = Catalogue.text("no location {location} in the state file", ["location": location ?? ""])
            return (format == .json ? "[]" : "ALERTS UNKNOWN - " + plain(reason), 3)
        }
        let found = entries.flatMap { entry in
            AlertText.inForce(entry, at: snapshot.apiTime(now)).map {
                (entry: entry, alert: details[$0.id].map(merged($0)) ?? $0)
            }
        }
        let stale = entries.filter { $0.alerts?.stale == true }
        let highest = found.map(\.alert.severity).max()
        var status: Int32 = highest.map { $0 >= .severe ? 2 : 1 } ?? 0
        if !stale.isEmpty { status = 3 }
        if format == .json { return (json(found, now: now), status) }
        let label = ["OK", "WARNING", "CRITICAL", "UNKNOWN"][Int(status)]
        var words: String
        if found.isEmpty {
            words = Catalogue.text("no warning in force")
        } else {
            var list = found.prefix(3).map { "\($0.entry.location.name): \($0.alert.event)" }.joined(separator: ", ")
            if found.count > 3 { list += ", …" }
            words = Catalogue.plural(
                "{count} in force: {warnings}",
                "{count} in force: {warnings}",
                count: found.count,
                ["warnings": list]
            )
        }
        if !stale.isEmpty {
            let locations = stale.map(\.location.name).joined(separator: ", ")
            words += " - " + Catalogue.text("source failing for {locations}", ["locations": locations])
        }
        var lines = ["ALERTS \(label) - " + plain(words) + " | alerts=\(found.count);;;0"]
        for (entry, alert) in found {
            let offset = entry.weather?.utcOffsetSeconds
            func when(_ time: Timestamp) -> String {
                AlertText.when(time, utcOffsetSeconds: offset, clock: clock)
            }
            var line = Catalogue.text(
                "{location}: {event} ({severity})",
                ["location": entry.location.name, "event": alert.event, "severity": Words.severity(alert.severity)]
            )
            if let onset = alert.onset, onset > now {
                line += " " + Catalogue.word("from {time}", context: "alert", ["time": when(onset)])
            }
            if let ends = alert.ends {
                line += " " + Catalogue.word("until {time}", context: "alert", ["time": when(ends)])
            }
            lines.append(line)
            if let headline = alert.headline { lines.append("  " + headline) }
            if let instruction = alert.instruction {
                let steps = instruction.split(separator: "\n").joined(separator: "\n    ")
                lines.append("  " + Catalogue.text("What to do: {instruction}", ["instruction": steps]))
            }
            if let url = alert.url { lines.append("  " + url) }
        }
        // A `|` in the long output would start more performance data.
        let longOutput = lines.dropFirst().map { $0.replacing("|", with: "/") }
        return (([lines[0]] + longOutput).joined(separator: "\n"), status)
    }

    /// The plugin's summary without `;` (Nagios turns it into `:`) or `|` (it starts the performance data).
    private static func plain(_ text: String) -> String {
        text.replacing(";", with: ",").replacing("|", with: "/")
    }

    /// The state file's warning with the cache's texts, when the cache knows it.
    private static func merged(_ shown: Alert) -> (Alert) -> Alert {
        { full in
            var alert = shown
            alert.description = full.description
            alert.instruction = full.instruction
            return alert
        }
    }

    private static func json(_ found: [(entry: LocationState, alert: Alert)], now: Timestamp) -> String {
        var json = JSONWriter()
        json.beginArray()
        for (entry, alert) in found {
            json.beginObject()
            json.string("area", alert.area)
            json.string("certainty", alert.certainty.rawValue)
            json.string("description", alert.description)
            json.string("ends", alert.ends?.rfc3339)
            json.string("event", alert.event)
            json.string("headline", alert.headline)
            json.string("id", alert.id)
            json.string("instruction", alert.instruction)
            json.string("language", alert.language)
            json.string("location", entry.location.id)
            json.string("onset", alert.onset?.rfc3339)
            json.string("severity", alert.severity.rawValue)
            json.string("source", alert.source.rawValue)
            json.string("url", alert.url)
            json.string("urgency", alert.urgency.rawValue)
            json.endObject()
        }
        json.endArray()
        return json.output
    }
}
