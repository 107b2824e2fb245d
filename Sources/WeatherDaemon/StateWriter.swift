import Dispatch
import Logging
import StateStore
import Synchronization
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// Writes the state file (and the node_exporter textfile) off the tick path: snapshots go into an
/// `AsyncStream` that keeps only the newest waiting one, consumed by one task on a queue of its own, so
/// writes never overlap, an older snapshot never replaces a newer one, and an `fsync` that stalls (tens
/// of milliseconds on a busy disk, far more on an SD card) delays the file, not the next tick.
/// Failures are logged once per kind of failure, and the recovery once.
final class StateWriter: Sendable {
    private struct Progress {
        /// The number of the last snapshot submitted, and of the last one the consumer took.
        var submitted = 0
        var taken = 0
        /// Whether the consumer is writing now.
        var writing = false
        /// When the write in progress began.
        var began: ContinuousClock.Instant?
        /// Whether any write succeeded yet.
        var everWritten = false
        var failure: FileSystemError?
        var textfileFailure: FileSystemError?
        /// Waiting for the consumer to be idle.
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let file: StateFile
    private let textfile: Mutex<String?>
    private let logger: Logger
    private let progress = Mutex(Progress())
    private let stream: AsyncStream<(Int, StateSnapshot)>
    private let continuation: AsyncStream<(Int, StateSnapshot)>.Continuation
    /// The queue the consumer (and its blocking writes) runs on.
    let executor = QueueExecutor(label: "weatherd.state-writer")
    /// Called on the writing thread after a write that succeeded when the one before had failed, or when
    /// none had succeeded yet.
    private let onRecovered = Mutex<(@Sendable () -> Void)?>(nil)

    init(file: StateFile, textfile: String?, logger: Logger) {
        self.file = file
        self.textfile = Mutex(textfile)
        self.logger = logger
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Sets what runs after a write that succeeded when the one before had failed, or first.
    func whenRecovered(_ body: @escaping @Sendable () -> Void) {
        onRecovered.withLock { $0 = body }
    }

    /// Hands `snapshot` to the consumer; a snapshot still waiting is dropped for it.
    func submit(_ snapshot: StateSnapshot) {
        let number = progress.withLock { progress in
            progress.submitted += 1
            return progress.submitted
        }
        continuation.yield((number, snapshot))
    }

    /// Points the node_exporter textfile elsewhere (a reload); nil for none.
    func setTextfile(_ path: String?) {
        textfile.withLock { $0 = path }
    }

    /// The consumer: writes what is submitted until ``finish()``. Runs on ``executor``.
    func run() async {
        for await (number, snapshot) in stream {
            progress.withLock { progress in
                progress.taken = number
                progress.writing = true
            }
            write(snapshot)
            let waiters = progress.withLock { progress in
                progress.writing = false
                return progress.taken == progress.submitted ? progress.idleWaiters.removeAllAndReturn() : []
            }
            waiters.forEach { $0.resume() }
        }
    }

    /// Ends the consumer after the snapshot still waiting, if any.
    func finish() {
        continuation.finish()
    }

    /// Returns once every submitted snapshot was written (or superseded).
    func idle() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = progress.withLock { progress in
                if progress.taken == progress.submitted && !progress.writing { return true }
                progress.idleWaiters.append(waiter)
                return false
            }
            if done { waiter.resume() }
        }
    }

    /// How long the write in progress (the textfile and the state file) has taken so far; nil when none
    /// runs.
    var currentWriteDuration: Duration? {
        progress.withLock { progress in progress.began.map { ContinuousClock.now - $0 } }
    }

    /// Writes `snapshot` on this thread, now: the consumer's writes, and the first one at start (before
    /// the consumer runs). Returns whether the file holds it.
    @discardableResult
    func write(_ snapshot: StateSnapshot) -> Bool {
        progress.withLock { $0.began = .now }
        defer { progress.withLock { $0.began = nil } }
        writeTextfile(snapshot)
        do throws(FileSystemError) {
            try writeCreatingDirectory(snapshot)
        } catch {
            let previous = progress.withLock { progress in
                defer { progress.failure = error }
                return progress.failure
            }
            if previous?.condition != error.condition {
                logger.error(
                    "\(error); the previous state file stays",
                    metadata: [
                        "message_id": "\(MessageID.stateWrite)",
                        "weather.state_file": "\(file.path)",
                        "weather.error": "\(error)",
                    ]
                )
            }
            return false
        }
        let (previous, first) = progress.withLock { progress in
            defer {
                progress.everWritten = true
                progress.failure = nil
            }
            return (progress.failure, !progress.everWritten)
        }
        if let previous {
            logger.notice(
                "state file written again after: \(previous)",
                metadata: ["message_id": "\(MessageID.stateWrite)", "weather.state_file": "\(file.path)"]
            )
        }
        if previous != nil || first { onRecovered.withLock { $0 }?() }
        return true
    }

    /// Writes the state file; a state directory that went missing is created again first.
    private func writeCreatingDirectory(_ snapshot: StateSnapshot) throws(FileSystemError) {
        do throws(FileSystemError) {
            try file.write(snapshot)
        } catch  where error.errno == ENOENT {
            try file.createDirectory()
            logger.notice(
                "the state directory was missing; created it again",
                metadata: ["weather.state_file": "\(file.path)"]
            )
            try file.write(snapshot)
        }
    }

    /// Rewrites the node_exporter textfile, when configured (atomic; no fsync: it is remade every tick).
    private func writeTextfile(_ snapshot: StateSnapshot) {
        guard let path = textfile.withLock({ $0 }) else { return }
        do {
            try AtomicFile.write(PrometheusText.render(snapshot), to: path, durable: false)
            progress.withLock { $0.textfileFailure = nil }
        } catch {
            let previous = progress.withLock { progress in
                defer { progress.textfileFailure = error }
                return progress.textfileFailure
            }
            if previous?.condition != error.condition {
                logger.error("\(error)", metadata: ["weather.textfile": "\(path)", "weather.error": "\(error)"])
            }
        }
    }
}

extension Array {
    /// Empties the array and returns what it held.
    fileprivate mutating func removeAllAndReturn() -> [Element] {
        defer { removeAll() }
        return self
    }
}
