import StateStore
import WeatherCore

/// What `weatherd status` prints for one reading of the state file, and its exit status.
struct StatusReport: Equatable {
    /// The output, without a trailing newline.
    var text: String
    /// The verdict (unknown when the file could not be read, or the location is not in it).
    var health: Health
    /// The exit status: the verdict's, but 0 for `waybar` whenever a line is printed (Waybar hides a
    /// custom module whose command exits non-zero).
    var exitStatus: Int32

    /// The report on `reading` (the file's contents, or why they could not be read) at `now`: every
    /// location judged again by its data's age, the `status` fields written earlier not trusted.
    static func make(
        _ reading: Result<StateSnapshot, StateFileReadError>,
        path: String,
        format: Status.Format,
        location: String?,
        now: Timestamp
    ) -> StatusReport {
        let snapshot: StateSnapshot
        switch reading {
        case .failure(let error):
            return unknown("\(error)", format: format)
        case .success(let read):
            snapshot = read.rejudged(at: now)
        }
        if let location, !snapshot.locations.contains(where: { $0.location.id == location }) {
            return unknown("no location \"\(location)\" in \(path)", format: format)
        }
        let health = Health.assess(snapshot, now: now, locationID: location)
        var shown = snapshot
        if let location { shown.locations = snapshot.locations.filter { $0.location.id == location } }
        let text: String
        switch format {
        case .json: text = String(StateEncoder.encode(shown).dropLast())
        case .text: text = StatusText.render(shown, health: health, now: now)
        case .waybar: text = Waybar.render(snapshot, focus: location, health: health, now: now)
        case .prometheus: text = String(PrometheusText.render(shown).dropLast())
        }
        return StatusReport(text: text, health: health, exitStatus: format == .waybar ? 0 : Int32(health.rawValue))
    }

    /// The report when there is nothing to judge: UNKNOWN, in the format's own shape.
    static func unknown(_ reason: String, format: Status.Format) -> StatusReport {
        let firstLine = String(reason.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        let text: String
        switch format {
        case .waybar: text = Waybar.unknown(text: "weatherd: no data", tooltip: reason)
        case .prometheus: text = "# weatherd: \(firstLine)"
        case .json:
            var json = JSONWriter()
            json.beginObject()
            json.string("health", "unknown")
            json.string("error", reason)
            json.endObject()
            text = json.output
        case .text: text = "WEATHERD UNKNOWN - " + firstLine.replacing(";", with: ",").replacing("|", with: "/")
        }
        return StatusReport(text: text, health: .unknown, exitStatus: format == .waybar ? 0 : 3)
    }

    /// The state file at `path`, or why it cannot be read.
    static func read(_ path: String) -> Result<StateSnapshot, StateFileReadError> {
        Result { () throws(StateFileReadError) in try StateFile(path: path).read() }
    }
}
