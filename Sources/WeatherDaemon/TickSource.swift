import Dispatch

/// What drives ticks: a repeating timer in production, a manual trigger in tests.
public protocol TickSource: Sendable {
    /// Starts calling `handler` on `queue` every `interval`, the first time at once.
    func start(interval: Duration, queue: DispatchQueue, handler: @escaping @Sendable () -> Void)
    /// Stops the ticks.
    func stop()
}

/// A `DispatchSourceTimer` with a small leeway: tick *k* fires near `start + k·interval`, without drift.
public final class DispatchTickSource: TickSource, @unchecked Sendable {
    // `timer` is only touched on the daemon's serial queue.
    private var timer: (any DispatchSourceTimer)?

    /// Creates a stopped source.
    public init() {}

    /// Starts the timer (replacing a running one).
    public func start(interval: Duration, queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
        stop()
        let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        let nanoseconds = max(Int(interval.seconds * 1e9), 1_000_000)
        // 1% of the interval, at most 50 ms: wake-ups can be coalesced while ticks stay on time.
        let leeway = min(nanoseconds / 100, 50_000_000)
        // Tick 0 runs at once; the timer carries ticks 1, 2, … on the grid start + k·interval (an
        // explicit first deadline: with `.now()` the grid came out shifted by several milliseconds).
        let start = DispatchTime.now()
        timer.schedule(
            deadline: start + .nanoseconds(nanoseconds),
            repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(leeway)
        )
        // When the queue was busy past several deadlines, Dispatch merges them into one event whose
        // `data` counts them; each is a tick of its own (the extra ones are skipped, and counted).
        // The handler holds the timer until `stop()` releases the handler.
        timer.setEventHandler {
            let fires = max(Int(timer.data), 1)
            for _ in 0..<fires { handler() }
        }
        queue.async(execute: handler)
        timer.resume()
        self.timer = timer
    }

    /// Cancels the timer.
    public func stop() {
        timer?.setEventHandler(handler: nil)
        timer?.cancel()
        timer = nil
    }
}
