import Dispatch
import Logging
import StateStore
import Synchronization
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// Writes the service's state file, durably, one write at a time, on the thread that asks, and off the
/// tick queue where it can: a fetch's completion writes on its own worker thread, so an `fsync` that
/// stalls (tens of milliseconds on a busy disk, far more on an SD card) delays the file, not the next
/// tick.
///
/// Snapshots are numbered in the order the tick queue made them. A snapshot that arrives while another
/// thread is writing waits for that thread, which writes the newest waiting one next; a snapshot older
/// than the one already written is never written. Failures are logged once per kind of failure, and
/// the recovery once.
final class StateWriter: Sendable {
    private struct Slot: Sendable {
        var waiting: (sequence: Int, snapshot: StateSnapshot)?
        /// The number of the snapshot on disk; 0 before the first successful write.
        var written = 0
        var failure: FileSystemError?
    }

    private let file: StateFile
    private let logger: Logger
    private let slot = Mutex(Slot())
    /// Held while a write runs.
    private let writing = DispatchSemaphore(value: 1)
    /// When the write in progress began.
    private let writeBegan = Mutex<ContinuousClock.Instant?>(nil)
    /// Called on the writing thread after a write that succeeded when the one before had failed, or
    /// when none had succeeded yet.
    private let onRecovered: @Sendable () -> Void

    init(file: StateFile, logger: Logger, onRecovered: @escaping @Sendable () -> Void) {
        self.file = file
        self.logger = logger
        self.onRecovered = onRecovered
    }

    /// Writes `snapshot` on this thread, or leaves it for the thread that is writing now.
    func submit(_ snapshot: StateSnapshot, sequence: Int) {
        slot.withLock { slot in
            if slot.waiting.map({ $0.sequence < sequence }) ?? true { slot.waiting = (sequence, snapshot) }
        }
        guard writing.wait(timeout: .now()) == .success else { return }
        writeWaiting()
        release()
    }

    /// Writes `snapshot` on this thread after the write in progress, if any (start and stop, which
    /// must not return before the file holds their state); whether the file holds it.
    @discardableResult
    func writeNow(_ snapshot: StateSnapshot, sequence: Int) -> Bool {
        writing.wait()
        defer { release() }
        slot.withLock { slot in
            if let waiting = slot.waiting, waiting.sequence <= sequence { slot.waiting = nil }
        }
        writeWaiting()
        return write(snapshot, sequence: sequence)
    }

    /// How long the write in progress has taken so far; nil when none runs.
    var currentWriteDuration: Duration? {
        writeBegan.withLock { began in began.map { ContinuousClock.now - $0 } }
    }

    /// Returns when no write runs and none waits.
    func waitUntilIdle() {
        writing.wait()
        writeWaiting()
        release()
    }

    /// Lets go of `writing`. A snapshot left by a thread that found `writing` taken, after this one last
    /// looked, would wait for the next write: this thread writes it, unless another already holds
    /// `writing` (and will look again when it lets go).
    private func release() {
        writing.signal()
        while slot.withLock({ $0.waiting != nil }), writing.wait(timeout: .now()) == .success {
            writeWaiting()
            writing.signal()
        }
    }

    /// With `writing` held: writes what waits, newest first, until nothing does.
    private func writeWaiting() {
        while let (sequence, snapshot) = slot.withLock({ slot -> (Int, StateSnapshot)? in
            defer { slot.waiting = nil }
            return slot.waiting
        }) {
            write(snapshot, sequence: sequence)
        }
    }

    /// With `writing` held: one durable write, its failure or recovery logged.
    @discardableResult
    private func write(_ snapshot: StateSnapshot, sequence: Int) -> Bool {
        guard sequence > slot.withLock({ $0.written }) else { return true }
        writeBegan.withLock { $0 = .now }
        defer { writeBegan.withLock { $0 = nil } }
        do throws(FileSystemError) {
            try writeCreatingDirectory(snapshot)
        } catch {
            let previous = slot.withLock { slot in
                defer { slot.failure = error }
                return slot.failure
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
        let (previous, first) = slot.withLock { slot in
            defer {
                slot.written = sequence
                slot.failure = nil
            }
            return (slot.failure, slot.written == 0)
        }
        if let previous {
            logger.notice(
                "state file written again after: \(previous)",
                metadata: ["message_id": "\(MessageID.stateWrite)", "weather.state_file": "\(file.path)"]
            )
        }
        if previous != nil || first { onRecovered() }
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
}
