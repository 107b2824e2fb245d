import Dispatch
import Logging
import StateStore
import Synchronization
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// Writes the durable cache (SPEC §6 "Files") off the tick path: snapshots go into an `AsyncStream` that
/// keeps only the newest waiting one, consumed by one task on a queue of its own, so writes never
/// overlap, an older snapshot never replaces a newer one, and an `fsync` that stalls (tens of
/// milliseconds on a busy disk, far more on a dying SD card) delays the cache, not the next tick or the
/// watchdog. It is handed a snapshot only on the events that change what must survive a restart (a
/// request, its result, a pause's start or end, a reload that drops locations), never because time
/// passed. Failures are logged once per kind of failure, and the recovery once.
final class CacheWriter: Sendable {
    private struct Progress {
        /// The number of the last snapshot submitted, and of the last one the consumer took.
        var submitted = 0
        var taken = 0
        /// Whether the consumer is writing now.
        var writing = false
        /// When the write in progress began.
        var began: ContinuousClock.Instant?
        var failure: FileSystemError?
        /// Waiting for the consumer to be idle.
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let file: StateFile
    private let logger: Logger
    private let progress = Mutex(Progress())
    private let stream: AsyncStream<(Int, StateSnapshot)>
    private let continuation: AsyncStream<(Int, StateSnapshot)>.Continuation
    /// The queue the consumer (and its blocking writes) runs on.
    let executor = QueueExecutor(label: "weatherd.cache-writer")

    init(file: StateFile, logger: Logger) {
        self.file = file
        self.logger = logger
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Hands `snapshot` to the consumer; a snapshot still waiting is dropped for it.
    func submit(_ snapshot: StateSnapshot) {
        let number = progress.withLock { progress in
            progress.submitted += 1
            return progress.submitted
        }
        continuation.yield((number, snapshot))
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

    /// How long the write in progress has taken so far; nil when none runs.
    var currentWriteDuration: Duration? {
        progress.withLock { progress in progress.began.map { ContinuousClock.now - $0 } }
    }

    /// Writes `snapshot` on this thread, now: the consumer's writes, and the one at start after an earlier
    /// version's state file was taken over (before the consumer runs). Returns whether the file holds it.
    @discardableResult
    func write(_ snapshot: StateSnapshot) -> Bool {
        progress.withLock { $0.began = .now }
        defer { progress.withLock { $0.began = nil } }
        do throws(FileSystemError) {
            try writeCreatingDirectory(snapshot)
        } catch {
            let previous = progress.withLock { progress in
                defer { progress.failure = error }
                return progress.failure
            }
            if previous?.condition != error.condition {
                logger.error(
                    "\(error); the previous cache stays",
                    metadata: [
                        "message_id": "\(MessageID.stateWrite)",
                        "weather.cache_file": "\(file.path)",
                        "weather.error": "\(error)",
                    ]
                )
            }
            return false
        }
        let previous = progress.withLock { progress in
            defer { progress.failure = nil }
            return progress.failure
        }
        if let previous {
            logger.notice(
                "cache written again after: \(previous)",
                metadata: ["message_id": "\(MessageID.stateWrite)", "weather.cache_file": "\(file.path)"]
            )
        }
        return true
    }

    /// Writes the cache durably; a state directory that went missing is created again first.
    private func writeCreatingDirectory(_ snapshot: StateSnapshot) throws(FileSystemError) {
        if try file.writeRecreatingDirectory(snapshot, durable: true) {
            logger.notice(
                "the cache's directory was missing; created it again",
                metadata: ["weather.cache_file": "\(file.path)"]
            )
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
