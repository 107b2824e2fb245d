import NIOCore
import NIOPosix
import Synchronization

/// What drives ticks: a repeating timer in production, a manual trigger in tests.
public protocol TickSource: Sendable {
    /// Starts calling `handler` every `interval`, the first time at once; the returned ticker stops it.
    /// The handler's argument is the number of ticks missed just before this one (SPEC §4: skipped, not
    /// replayed).
    func start(interval: Duration, handler: @escaping @Sendable (_ missed: Int) -> Void) -> any Ticker
}

/// A running tick source.
public protocol Ticker: Sendable {
    /// Stops the ticks.
    func stop()
}

/// A timer on an NIO event loop: tick *k* fires at `start + k·interval` on the event loop's thread,
/// without drift; the loop runs on the same event loop (``WeatherService``), so a tick is handled in the
/// timer's callback.
///
/// Not a Dispatch timer, for a measured reason (bench/README.md, "cachetick"): on Linux the async main
/// hands the main queue to libdispatch (`dispatch_main`), whose worker threads drain it and a timer's
/// queue, and exit after about 5 s idle; at a 10 s interval every tick created two threads (120 clone
/// calls in 60 ticks). An event loop thread lives from start to stop, and `weatherd run`'s tasks run on
/// it too (``EventLoopTaskExecutor``).
public struct EventLoopTickSource: TickSource {
    private let eventLoop: any EventLoop

    /// Creates the source, ticking on `eventLoop` (default: one of NIO's singleton group).
    public init(eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next()) {
        self.eventLoop = eventLoop
    }

    /// Starts a timer.
    public func start(interval: Duration, handler: @escaping @Sendable (_ missed: Int) -> Void) -> any Ticker {
        let ticker = EventLoopTicker(
            eventLoop: eventLoop,
            interval: .nanoseconds(max(Int64(interval.seconds * 1e9), 1_000_000)),
            handler: handler
        )
        ticker.begin()
        return ticker
    }
}

/// A running ``EventLoopTickSource`` timer.
final class EventLoopTicker: Ticker {
    private let eventLoop: any EventLoop
    private let interval: TimeAmount
    private let handler: @Sendable (Int) -> Void
    /// The next deadline's task, and whether the ticker was stopped. Under a lock because `stop()` may
    /// come from a thread other than the event loop's (a reload's new interval, tests); the callbacks
    /// read it once a tick.
    private let state = Mutex<(scheduled: Scheduled<Void>?, stopped: Bool)>((nil, false))

    init(eventLoop: any EventLoop, interval: TimeAmount, handler: @escaping @Sendable (Int) -> Void) {
        self.eventLoop = eventLoop
        self.interval = interval
        self.handler = handler
    }

    /// Tick 0 at once; the rest on the grid.
    func begin() {
        let start = NIODeadline.now()
        eventLoop.execute { [self] in
            guard !state.withLock({ $0.stopped }) else { return }
            handler(0)
            schedule(tick: 1, from: start)
        }
    }

    /// Schedules tick `k` at `start + k·interval`. When the process could not run past several
    /// deadlines (stopped, frozen, a paused VM), the tick that fires is the one the clock says and the
    /// ones before it are counted as missed, not replayed (SPEC §4). NIO's deadlines are on the
    /// monotonic clock.
    private func schedule(tick k: Int64, from start: NIODeadline) {
        let task = eventLoop.scheduleTask(deadline: start + interval * k) { [self] in
            guard !state.withLock({ $0.stopped }) else { return }
            let elapsed = NIODeadline.now() - start
            let due = max(k, elapsed.nanoseconds / interval.nanoseconds)
            handler(Int(due - k))
            schedule(tick: due + 1, from: start)
        }
        state.withLock { state in
            if state.stopped { task.cancel() } else { state.scheduled = task }
        }
    }

    func stop() {
        let scheduled = state.withLock { state -> Scheduled<Void>? in
            state.stopped = true
            defer { state.scheduled = nil }
            return state.scheduled
        }
        scheduled?.cancel()
    }
}
