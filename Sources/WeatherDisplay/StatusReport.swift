import StateStore
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// What `weatherd status` prints for one reading of the state file, and its exit status.
public struct StatusReport: Sendable, Equatable {
    /// The output, without a trailing newline.
    public var text: String
    /// The verdict (unknown when the file could not be read, or the location is not in it).
    public var health: Health
    /// The exit status: the verdict's, but 0 for `waybar` whenever a line is printed (Waybar hides a
    /// custom module whose command exits non-zero).
    public var exitStatus: Int32

    /// The report on `reading` (the file's contents, or why they could not be read) at `now`: every
    /// location judged again by its data's age, the `status` fields written earlier not trusted.
    /// `display` says where the bar's text, icons and clock come from; `tooltipLocation` pins the Waybar
    /// tooltip to a location; `existingCache` names the daemon's cache when one exists (asked only when
    /// the file is missing).
    public static func make(
        _ reading: Result<StateSnapshot, StateFileReadError>,
        path: String,
        format: StatusFormat,
        location: String?,
        now: Timestamp,
        display: DisplaySource = DisplaySource(),
        tooltipLocation: String? = nil,
        existingCache: () -> String? = { nil }
    ) -> StatusReport {
        let snapshot: StateSnapshot
        // The words of a machine output are English, whatever the language.
        let translated = format == .text || format == .waybar
        switch reading {
        case .failure(.unreadable(let error)) where error.errno == ENOENT:
            // docs/state-file.md: no state file but a cache means the daemon has not run since boot.
            if let cache = existingCache() {
                return notRunning(path: path, cache: cache, format: format)
            }
            return unknown(Words.stateFileError(.unreadable(error), translated: translated), format: format)
        case .failure(let error):
            return unknown(Words.stateFileError(error, translated: translated), format: format)
        case .success(let read):
            snapshot = read.rejudged(at: now)
        }
        if let location, !snapshot.locations.contains(where: { $0.location.id == location }) {
            let values: KeyValuePairs = ["location": location, "path": path]
            return unknown(
                Catalogue.text("no location \"{location}\" in {path}", values, translated: translated),
                format: format
            )
        }
        let health = Health.assess(snapshot, now: now, locationID: location)
        let style = display.style(written: snapshot.daemon.display)
        var shown = snapshot
        if let location { shown.locations = snapshot.locations.filter { $0.location.id == location } }
        let text: String
        switch format {
        case .json: text = String(StateEncoder.encode(shown).dropLast())
        case .text:
            text = StatusText.render(
                shown,
                health: health,
                now: now,
                clock: style.clock,
                airQualityScale: style.airQualityScale
            )
        case .waybar:
            text = Waybar.render(
                snapshot,
                focus: location,
                health: health,
                now: now,
                style: style,
                tooltipLocation: tooltipLocation
            )
        case .prometheus: text = String(PrometheusText.render(shown).dropLast())
        }
        return StatusReport(text: text, health: health, exitStatus: format == .waybar ? 0 : Int32(health.rawValue))
    }

    /// The forecast blocks a report in `format` shows, for a reader to decode no others: Waybar's text and
    /// tooltip show those of the focused location (else the current one) and of the tooltip's pinned one;
    /// the other formats show every location's.
    public static func forecasts(
        format: StatusFormat,
        location: String?,
        tooltipLocation: String?
    ) -> ForecastSelection {
        guard format == .waybar else { return .all }
        return .only(Set([location, tooltipLocation].compactMap { $0 }), current: location == nil)
    }

    /// The report when the state file is missing but the daemon's cache is there: it has not run since
    /// boot (the state file lives in the runtime directory, emptied at boot). CRITICAL.
    public static func notRunning(path: String, cache: String, format: StatusFormat) -> StatusReport {
        unknown(
            Catalogue.text(
                "no state file at {path}, but a cache at {cache}: weatherd has not run since boot",
                ["path": path, "cache": cache],
                translated: format == .text || format == .waybar
            ),
            format: format,
            health: .critical
        )
    }

    /// The report when there is nothing to judge: UNKNOWN (or `health`), in the format's own shape; `reason`
    /// in the language in use for the text and Waybar formats, in English for JSON and Prometheus.
    public static func unknown(_ reason: String, format: StatusFormat, health: Health = .unknown) -> StatusReport {
        let firstLine = String(reason.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        let text: String
        switch format {
        case .waybar:
            text = Waybar.unknown(
                text: health == .unknown
                    ? Catalogue.text("weatherd: no data") : Catalogue.text("weatherd: not running"),
                tooltip: reason,
                health: health
            )
        case .prometheus: text = "# weatherd: \(firstLine)"
        case .json:
            var json = JSONWriter()
            json.beginObject()
            json.string("health", health.label.lowercased())
            json.string("error", reason)
            json.endObject()
            text = json.output
        case .text:
            text = "WEATHERD \(health.label) - " + firstLine.replacing(";", with: ",").replacing("|", with: "/")
        }
        return StatusReport(text: text, health: health, exitStatus: format == .waybar ? 0 : Int32(health.rawValue))
    }
}
