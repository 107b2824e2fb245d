import Logging
import Synchronization

/// One entry a ``RecordingLogHandler`` saw, with the handler's metadata merged in.
struct LoggedEntry: Sendable {
    var level: Logger.Level
    var message: String
    var metadata: [String: String]

    /// The metadata value of `key` as text.
    subscript(key: String) -> String? { metadata[key] }

    /// The `message_id` metadata.
    var messageID: String? { metadata["message_id"] }
}

/// The entries logged through loggers made by ``RecordingLogHandler/logger(label:)``; safe to read from tests
/// while the service logs on its queue.
final class LogRecorder: Sendable {
    private let storage = Mutex<[LoggedEntry]>([])

    /// Every entry so far, in order.
    var entries: [LoggedEntry] { storage.withLock { $0 } }

    /// Entries with `messageID`.
    func entries(messageID: String) -> [LoggedEntry] {
        entries.filter { $0.messageID == messageID }
    }

    /// Forgets every entry.
    func removeAll() { storage.withLock { $0.removeAll() } }

    func append(_ entry: LoggedEntry) { storage.withLock { $0.append(entry) } }

    /// A logger at level trace that records into this recorder.
    func logger(label: String = "weatherd-test") -> Logger {
        Logger(label: label) { _ in RecordingLogHandler(recorder: self) }
    }
}

/// A swift-log backend for tests: stores every event (level, message, merged metadata as strings).
struct RecordingLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    var metadataProvider: Logger.MetadataProvider?
    let recorder: LogRecorder

    init(recorder: LogRecorder) {
        self.recorder = recorder
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        recorder.append(
            LoggedEntry(
                level: event.level,
                message: event.message.description,
                metadata: merged.mapValues { $0.description }
            )
        )
    }
}
