import Dispatch

/// Runs Swift jobs on one serial Dispatch queue: the executor of ``WeatherService`` (whose Dispatch
/// timers fire on the same queue, so a tick enters the actor without a hop to another thread) and of
/// the state file writer (whose blocking `fsync` then stalls only its own queue, never Swift's
/// cooperative threads).
public final class QueueExecutor: SerialExecutor, TaskExecutor {
    /// The queue jobs run on.
    public let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    public init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `job` on the queue.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async {
            job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
        }
    }

    /// Traps unless called on the queue (what `assumeIsolated` relies on).
    public func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
