import NIOCore

/// A task executor (SE-0417) that runs jobs on an NIO event loop: `weatherd run`'s requests and alert
/// polls run with it as their task executor preference, on the HTTP client's own thread, never on Swift's
/// global executor, whose first worker thread would arm libdispatch's workqueue monitor (docs/threads.md).
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
