import Dispatch

/// What drives ticks: a repeating timer in production, a manual trigger in tests.
public protocol TickSource: Sendable {
    /// Starts calling `handler` every `interval`, the first time at once; the returned ticker stops it.
    /// The handler's argument is the number of ticks missed just before this one: when the process could
    /// not run past several deadlines (stopped, frozen, a paused VM), they are skipped, not replayed.
    func start(interval: Duration, handler: @escaping @Sendable (_ missed: Int) -> Void) -> any Ticker
}

/// A running tick source.
public protocol Ticker: Sendable {
    /// Stops the ticks.
    func stop()
}

/// A `DispatchSourceTimer`: tick *k* fires at `start + k·interval` on the monotonic clock, without drift,
/// on `queue` — the main queue in `weatherd run`, which the main thread drains itself (``MainQueue``), so
/// a tick runs on the loop's thread (``WeatherService``) and creates none.
///
/// A repeating Dispatch timer stays on its grid: when deadlines pass while the process cannot run,
/// libdispatch fires once and counts the deadlines in the source's `data`, which the handler gets as the
/// ones missed.
public struct DispatchTickSource: TickSource {
    private let queue: DispatchQueue

    /// Creates the source, ticking on `queue`.
    public init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    /// Starts a timer.
    public func start(interval: Duration, handler: @escaping @Sendable (_ missed: Int) -> Void) -> any Ticker {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let nanoseconds = max(Int(interval.seconds * 1e9), 1_000_000)
        // The handler holds the timer until it is cancelled (libdispatch releases a cancelled source's
        // handler), so a running timer lives as long as its ticks.
        timer.setEventHandler {
            handler(max(Int(timer.data) - 1, 0))
        }
        // Leeway 0: the tick is what the state file's readers see change, on the second they expect.
        timer.schedule(deadline: .now(), repeating: .nanoseconds(nanoseconds), leeway: .nanoseconds(0))
        timer.activate()
        return DispatchTicker(timer: timer)
    }
}

/// A running ``DispatchTickSource`` timer; cancelling a Dispatch source is safe from any thread.
private struct DispatchTicker: Ticker, @unchecked Sendable {
    // @unchecked: DispatchSourceTimer is a thread-safe libdispatch object that Swift does not mark Sendable.
    let timer: any DispatchSourceTimer

    func stop() {
        timer.cancel()
    }
}
