import Logging
import StateStore
import WeatherCore

/// The durable cache's writes (docs/state-file.md "Files"), as the loop sees them: one write at a time, the newest
/// snapshot waiting for it (an older one waiting is dropped), so an older snapshot never replaces a
/// newer one. A value the loop owns; the write itself runs off the loop's thread (``writeBlocking(_:to:logger:)``
/// on a thread of the runner's pool), so an `fsync` that stalls (tens of milliseconds on a busy disk, far more
/// on a dying SD card) delays the cache, not the next tick or the watchdog. The loop hands it a snapshot
/// only on the events that change what must survive a restart (a request's result, a pause's or a rain
/// episode's start or end, a pause dropped at start, a reload that drops locations, the stop, a request
/// before the run's first write landed), never because time passed. It logs nothing itself: it hands the
/// loop the journal entries to log, a failure once per kind and the recovery once.
struct CacheWriter {
    let file: StateFile
    /// When the write in progress began, on the uptime clock; nil: none runs.
    private(set) var writingSince: Double?
    /// Whether a snapshot of this run is on the disk (a write ended without error): until then the cache
    /// there may still say that the previous run stopped.
    private(set) var hasWritten = false
    private var waiting: StateSnapshot?
    private var failure: FileSystemError?

    init(file: StateFile) {
        self.file = file
    }

    /// Whether no write runs and none waits.
    var isIdle: Bool { writingSince == nil && waiting == nil }

    /// Takes `snapshot`; returns it when it is to be written now, nil when it waits for the write in
    /// progress.
    mutating func submit(_ snapshot: StateSnapshot, at uptime: Double) -> StateSnapshot? {
        guard writingSince == nil else {
            waiting = snapshot
            return nil
        }
        writingSince = uptime
        return snapshot
    }

    /// Ends the write in progress (`error` nil: written); returns the journal entry it calls for, if any
    /// (``record(_:)``).
    mutating func finishWrite(_ error: FileSystemError?) -> WeatherLoop.Effect? {
        writingSince = nil
        return record(error)
    }

    /// Starts the write of the snapshot that waited for the one that ended, if any; returns it.
    mutating func startWaitingWrite(at uptime: Double) -> StateSnapshot? {
        guard writingSince == nil, let next = waiting else { return nil }
        waiting = nil
        writingSince = uptime
        return next
    }

    /// Records how a write ended (nil: written); returns the journal entry to log: a failure once per kind,
    /// and the recovery once. Also for the write outside the queue, at start
    /// (``WeatherLoop/Effect/takeOver(_:into:from:)``).
    mutating func record(_ error: FileSystemError?) -> WeatherLoop.Effect? {
        defer { failure = error }
        if let error {
            guard failure?.condition != error.condition else { return nil }
            return .log(
                .error,
                "\(error); the previous cache stays",
                metadata: [
                    "message_id": "\(MessageID.stateWrite)",
                    "weather.cache_file": "\(file.path)",
                    "weather.error": "\(error)",
                ]
            )
        }
        hasWritten = true
        guard let previous = failure else { return nil }
        return .log(
            .notice,
            "cache written again after: \(previous)",
            metadata: ["message_id": "\(MessageID.stateWrite)", "weather.cache_file": "\(file.path)"]
        )
    }

    // MARK: - The write

    /// Writes the cache durably on this thread; a state directory that went missing is created again first.
    static func writeBlocking(_ text: StateText, to file: StateFile, logger: Logger) -> FileSystemError? {
        do throws(FileSystemError) {
            if try file.writeRecreatingDirectory(text, durable: true) {
                logger.notice(
                    "the cache's directory was missing; created it again",
                    metadata: ["weather.cache_file": "\(file.path)"]
                )
            }
            return nil
        } catch {
            return error
        }
    }
}
