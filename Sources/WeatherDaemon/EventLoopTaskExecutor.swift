import NIOCore

/// A task executor (SE-0417) that runs jobs on an NIO event loop: `weatherd run`'s requests and alert
/// polls run with it as their task executor preference, so that they (and the HTTP client's awaits) run
/// on the loop's thread instead of Swift's global executor. Its other tasks run on the main queue
/// (``MainQueueTaskExecutor``).
///
/// Measured reason: on Linux the global executor is libdispatch's global concurrent queues, and the first
/// worker thread of such a queue arms libdispatch's workqueue monitor, a 1-second timer on its manager
/// thread that then fires for the rest of the process's life (swift-corelibs-libdispatch
/// src/event/workqueue.c). At the 10 s interval that was 10 of the 11 context switches of a tick that
/// fetches nothing and about half of its CPU (`make bench`, section cachetick; bench/README.md). Queues
/// that the process still uses — NIO's name resolution and swift-service-lifecycle's signal sources, both
/// serial queues — run on overcommit workers, which the monitor does not watch.
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    public let eventLoop: any EventLoop

    /// An executor running its jobs on `eventLoop`.
    public init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
        }
    }
}
