import Logging
import StateStore
import WeatherCore
import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// The files rewritten at the end of every tick and fetch, and what systemd is told with them: the state
/// file and the node_exporter textfile (docs/state-file.md), then `STATUS=` — `READY=1` with the first state
/// file written, because what `systemctl start` waits for is a file readers find. Written on the thread that
/// ticks, without `fsync`: the state file lives on tmpfs (the runtime directory), so replacing it is a copy
/// in memory and a rename, with no thread to wake. What must reach the disk goes to the durable cache.
/// Failures are logged once per kind of failure, and the recovery once.
struct StateOutput {
    let file: StateFile?
    var textfile: String?
    private let logger: Logger
    private let notifier: any ServiceNotifying
    private var failure: FileSystemError?
    private var textfileFailure: FileSystemError?
    /// Remembers each location's text: a location unchanged since the last tick is not encoded again. Its
    /// human text in the language in use, chosen before the daemon starts.
    private var encoder = StateEncoder(text: .inLanguageInUse)
    /// The text of the last snapshot written (or tried), until taken for the cache (``takeEncoded()``).
    private var encoded: [UInt8]?
    /// Whether a state file was written (and `READY=1` sent with it).
    private(set) var hasWritten = false

    init(file: StateFile?, textfile: String?, notifier: any ServiceNotifying, logger: Logger) {
        self.file = file
        self.textfile = textfile
        self.notifier = notifier
        self.logger = logger
    }

    /// Writes both files and tells systemd `status` (nothing when nil): `READY=1` with it after the first
    /// state file written, `STATUS=` otherwise.
    mutating func publish(_ snapshot: StateSnapshot, status: String?) {
        let written = write(snapshot)
        guard let status else { return }
        if written && !hasWritten {
            hasWritten = true
            notifier.ready(status: status)
        } else {
            notifier.status(status)
        }
    }

    /// Tells systemd `notification`; a `READY=1` (that of a reload) only once a state file was written: the
    /// first comes with it.
    func notify(_ notification: ServiceNotification) {
        if case .ready = notification, !hasWritten { return }
        notification.send(through: notifier)
    }

    /// Writes both files; returns whether the state file holds `snapshot` (true without a state file).
    private mutating func write(_ snapshot: StateSnapshot) -> Bool {
        writeTextfile(snapshot)
        guard let file else { return true }
        do throws(FileSystemError) {
            let text = encoder.encodedBytes(snapshot)
            encoded = text
            if try file.writeRecreatingDirectory(text, durable: false) {
                let message = Catalogue.text("the state file's directory was missing; created it again")
                logger.notice(
                    "\(message)",
                    metadata: ["weather.state_file": "\(file.path)"]
                )
            }
        } catch {
            if failure?.condition != error.condition {
                let values: KeyValuePairs = ["error": "\(error)", "file": Catalogue.text("state file")]
                let message = Catalogue.text("{error}; the previous {file} stays", values)
                logger.error(
                    "\(message)",
                    metadata: [
                        "message_id": "\(MessageID.stateWrite)",
                        "weather.state_file": "\(file.path)",
                        "weather.error": "\(error)",
                    ]
                )
            }
            failure = error
            return false
        }
        if let previous = failure {
            let values: KeyValuePairs = ["file": Catalogue.text("state file"), "error": "\(previous)"]
            let message = Catalogue.text("{file} written again after: {error}", values)
            logger.notice(
                "\(message)",
                metadata: ["message_id": "\(MessageID.stateWrite)", "weather.state_file": "\(file.path)"]
            )
        }
        failure = nil
        return true
    }

    /// The text of the snapshot last written to the state file (written or not), once: a fetch's result
    /// goes to the cache as it is (the cache's format is the state file's), and encoding it a second time
    /// was a seventh of a fetch's instructions (callgrind, 10 ms ticks).
    mutating func takeEncoded() -> [UInt8]? {
        defer { encoded = nil }
        return encoded
    }

    /// Rewrites the node_exporter textfile, when configured (atomic; no fsync: it is remade every tick).
    private mutating func writeTextfile(_ snapshot: StateSnapshot) {
        guard let path = textfile else { return }
        do {
            try AtomicFile.write(PrometheusText.render(snapshot), to: path, durable: false)
            textfileFailure = nil
        } catch {
            if textfileFailure?.condition != error.condition {
                logger.error("\(error)", metadata: ["weather.textfile": "\(path)", "weather.error": "\(error)"])
            }
            textfileFailure = error
        }
    }
}
