import Dispatch

/// What drives ticks: a repeating timer in production, a manual trigger in tests.
public protocol TickSource: Sendable {
    /// Starts calling `handler` every `interval`, the first time at once; the returned ticker stops it.
    /// The handler's argument is the number of ticks missed just before this one (SPEC §4: skipped, not
    /// replayed).
    func start(interval: Duration, handler: @escaping @Sendable (_ missed: Int) -> Void) -> any Ticker
}

/// A running tick source.
public protocol Ticker {
    /// Stops the ticks.
    func stop()
}

/// A `DispatchSourceTimer` with a small leeway: tick *k* fires near `start + k·interval`, without drift.
/// It fires on the main queue, the thread the loop runs on (``WeatherService/run()``): a tick is one
/// wake-up of that thread, with no other thread woken.
public struct DispatchTickSource: TickSource {
    private let queue: DispatchQueue

    /// Creates the source, firing on `queue`.
    public init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    /// Starts a timer.
    public func start(interval: Duration, handler: @escaping @Sendable (_ missed: Int) -> Void) -> any Ticker {
        let source = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        let nanoseconds = max(Int(interval.seconds * 1e9), 1_000_000)
        // 1% of the interval, at most 50 ms: wake-ups can be coalesced while ticks stay on time.
        let leeway = min(nanoseconds / 100, 50_000_000)
        // Tick 0 runs at once; the timer carries ticks 1, 2, … on the grid start + k·interval (an
        // explicit first deadline: with `.now()` the grid came out shifted by several milliseconds).
        source.schedule(
            deadline: .now() + .nanoseconds(nanoseconds),
            repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(leeway)
        )
        // When the process could not run past several deadlines (stopped, frozen, a paused VM, a queue
        // blocked), Dispatch merges them into one event whose `data` counts them: one tick runs, the one
        // the clock says, and the others are counted as missed, not replayed (SPEC §4). The timer runs
        // on the monotonic clock: a suspend misses no tick. The handler holds the source until `stop()`
        // releases the handler.
        source.setEventHandler {
            handler(max(Int(source.data), 1) - 1)
        }
        queue.async { handler(0) }
        source.resume()
        return DispatchTicker(source: source)
    }
}

/// A running ``DispatchTickSource`` timer.
final class DispatchTicker: Ticker {
    private let source: any DispatchSourceTimer

    init(source: any DispatchSourceTimer) {
        self.source = source
    }

    func stop() {
        source.setEventHandler(handler: nil)
        source.cancel()
    }
}
