import Synchronization
import WeatherDaemon

/// A tick source that never fires by itself: it remembers the handler so a test can fire it (tests of
/// ``WeatherService/run()``); tests of the loop hand it ticks through ``ServiceHarness`` directly.
final class ManualTickSource: TickSource {
    private struct State {
        var intervals: [Duration] = []
        var handler: (@Sendable (Int) -> Void)?
        var stops = 0
    }

    private let state = Mutex(State())

    /// The interval of every `start` call, in order.
    var startedIntervals: [Duration] { state.withLock { $0.intervals } }
    /// How often a started ticker was stopped.
    var stopCount: Int { state.withLock { $0.stops } }
    /// Whether a handler is installed (started and not stopped since).
    var isRunning: Bool { state.withLock { $0.handler != nil } }

    func start(interval: Duration, handler: @escaping @Sendable (Int) -> Void) -> any Ticker {
        state.withLock {
            $0.intervals.append(interval)
            $0.handler = handler
        }
        return ManualTicker(source: self)
    }

    fileprivate func stop() {
        state.withLock {
            $0.stops += 1
            $0.handler = nil
        }
    }

    /// Calls the stored handler (like the timer would), after `missed` deadlines that passed while the
    /// process could not run.
    func fire(missed: Int = 0) {
        let handler = state.withLock { $0.handler }
        handler?(missed)
    }
}

private struct ManualTicker: Ticker {
    let source: ManualTickSource

    func stop() { source.stop() }
}
