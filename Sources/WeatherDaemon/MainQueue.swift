import CDispatchMain
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// The main thread as the run loop of libdispatch's main queue, the way CoreFoundation's run loop is on
/// Linux: `weatherd run`'s timers and its loop run on the main thread, woken by libdispatch through an
/// eventfd, so a tick creates no thread. Why, and what would break without it: docs/threads.md.
public enum MainQueue {
    /// Drains the main queue on the calling thread, which must be the main thread, for the life of the
    /// process; whatever it runs ends the process (`exit`).
    public static func drainForever() -> Never {
        let handle = _dispatch_get_main_queue_handle_4CF()
        var wanted = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
        while true {
            guard poll(&wanted, 1, -1) > 0 else {
                if errno == EINTR { continue }  // a signal handler ran
                fatalError("poll on the main queue's eventfd failed: errno \(errno)")
            }
            // Read the eventfd before draining, or poll returns at once again and the thread spins.
            var count: UInt64 = 0
            _ = read(handle, &count, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
        }
    }
}

/// A task executor (SE-0417) that runs jobs on the main queue, as the main actor: `weatherd run`'s task
/// executor preference, so that its tasks run on the main thread, never on Swift's global executor
/// (docs/threads.md).
///
/// Measured reason: a continuation resumes its task on the generic executor, that is on the task's
/// preference, and only then hops to the actor that waited. With the event loop as the preference, waking
/// `run()` (on the main actor) for a request woke the event loop's thread, which woke the main thread
/// again: two wake-ups of two threads for nothing (strace, 10 ms ticks). On the main queue the resumed
/// job already holds the main actor: the main queue is its executor, one job at a time.
public final class MainQueueTaskExecutor: TaskExecutor {
    /// An executor running its jobs on the main queue.
    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async {
            job.runSynchronously(
                isolatedTo: MainActor.sharedUnownedExecutor,
                taskExecutor: self.asUnownedTaskExecutor()
            )
        }
    }
}
