import StateStore
import WeatherCore

/// `weatherd alerts` (docs/alerts.md): every official warning in force, as a monitoring plugin of its own.
/// Exit status 0 when none is in force, 1 when the highest is Minor, Moderate or of unknown severity, 2
/// when Severe or Extreme, 3 when it cannot be known (the state file missing or unreadable, or a
/// location's source failing for 3 polls or more). The daemon's health is `weatherd status`'s.
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
            return (format == .json ? "[]" : "ALERTS UNKNOWN - no location \(location ?? "") in the state file", 3)
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
        var summary = "ALERTS \(label) - "
        summary += found.isEmpty ? "no warning in force" : "\(found.count) in force: "
        summary += found.prefix(3).map { "\($0.entry.location.name): \($0.alert.event)" }.joined(separator: ", ")
        if found.count > 3 { summary += ", …" }
        if !stale.isEmpty {
            summary += " - source failing for " + stale.map(\.location.name).joined(separator: ", ")
        }
        // No `;` (Nagios turns it into `:`) and no `|` (it starts the performance data) before the data.
        summary = summary.replacing(";", with: ",").replacing("|", with: "/")
        var lines = [summary + " | alerts=\(found.count);;;0"]
        for (entry, alert) in found {
            let offset = entry.weather?.utcOffsetSeconds
            func when(_ time: Timestamp) -> String {
                AlertText.when(time, utcOffsetSeconds: offset, clock: clock)
            }
            var line = "\(entry.location.name): \(alert.event) (\(alert.severity.rawValue))"
            if let onset = alert.onset, onset > now { line += " from \(when(onset))" }
            if let ends = alert.ends { line += " until \(when(ends))" }
            lines.append(line)
            if let headline = alert.headline { lines.append("  " + headline) }
            if let instruction = alert.instruction {
                lines.append("  What to do: " + instruction.split(separator: "\n").joined(separator: "\n    "))
            }
            if let url = alert.url { lines.append("  " + url) }
        }
        // A `|` in the long output would start more performance data.
        let longOutput = lines.dropFirst().map { $0.replacing("|", with: "/") }
        return (([lines[0]] + longOutput).joined(separator: "\n"), status)
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
