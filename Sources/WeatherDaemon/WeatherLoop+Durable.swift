import Logging
import StateStore
import WeatherCore
import WeatherDisplay

/// The durable files (docs/state-file.md "Files"): the cache on a request's result, a pause's or a rain
/// episode's start or end, a reload that drops locations, the stop, a request before the run's first write
/// landed — never because time passed; the alerts cache when a poll ends or a warning ends; the geocoding
/// cache when a place is found. One write at a time per file, the newest waiting (``DurableWrites``).
extension WeatherLoop {
    /// Asks for the cache to hold the state now; `published`: the snapshot the state file was just asked
    /// to hold, whose bytes the runner then reuses.
    mutating func saveCache(published: StateSnapshot? = nil) {
        guard identity.files.cacheFile != nil else { return }
        save(.cache(published ?? takeSnapshot(), samePublished: published != nil))
    }

    /// Asks for the alerts cache to hold what is known of the warnings.
    mutating func saveAlerts() {
        save(.alerts(alertPlanner.memory))
    }

    /// Asks for `content` to be written, now or after the write of its file in progress.
    mutating func save(_ content: DurableContent) {
        guard identity.files.path(of: content.file) != nil else { return }
        let now = now.uptime
        let started =
            switch content {
            case .cache(let snapshot, _): cacheWrites.submit(snapshot, at: now)
            case .alerts(let memory): alertsWrites.submit(memory, at: now)
            case .places(let places): placesWrites.submit(places, at: now)
            }
        if started { effects.append(.write(content)) }
    }

    /// The end of a durable write: said in the journal when it failed (once per kind) or works again; the
    /// content that waited for it is written now; an earlier version's state file taken over becomes a link
    /// once the cache holds its data.
    mutating func written(_ file: DurableFile, error: FileSystemError?) {
        let next: DurableContent?
        let report: DurableWriteReport?
        switch file {
        case .cache:
            let end = cacheWrites.finish(error, at: now.uptime)
            (next, report) = (end.next.map { .cache($0, samePublished: false) }, end.report)
        case .alerts:
            let end = alertsWrites.finish(error, at: now.uptime)
            (next, report) = (end.next.map(DurableContent.alerts), end.report)
        case .places:
            let end = placesWrites.finish(error, at: now.uptime)
            (next, report) = (end.next.map(DurableContent.places), end.report)
        }
        if let report { journalWrite(report, of: file) }
        if let next { effects.append(.write(next)) }
        if file == .cache, error == nil, let link = pendingLink {
            pendingLink = nil
            effects.append(.linkPreviousStateFile(link))
        }
    }

    private mutating func journalWrite(_ report: DurableWriteReport, of file: DurableFile) {
        let (name, key) =
            switch file {
            case .cache: (Catalogue.text("cache"), "weather.cache_file")
            case .alerts: (Catalogue.text("alerts cache"), "weather.file")
            case .places: (Catalogue.text("geocoding cache"), "weather.file")
            }
        let path = identity.files.path(of: file) ?? ""
        switch report {
        case .failed(let error):
            journal(
                .error,
                Catalogue.text("{error}; the previous {file} stays", ["error": "\(error)", "file": name]),
                metadata: ["message_id": "\(MessageID.stateWrite)", "\(key)": "\(path)", "weather.error": "\(error)"]
            )
        case .recovered(let previous):
            journal(
                .notice,
                Catalogue.text("{file} written again after: {error}", ["file": name, "error": "\(previous)"]),
                metadata: ["message_id": "\(MessageID.stateWrite)", "\(key)": "\(path)"]
            )
        }
    }
}
