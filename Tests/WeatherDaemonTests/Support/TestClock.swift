import Synchronization
import WeatherCore

/// The injected wall clock: stands still until a test advances it.
final class TestClock: Sendable {
    private let current: Mutex<Timestamp>

    /// A clock at `start` (default 2026-11-22T04:05:06Z).
    init(_ start: Timestamp = TestClock.defaultStart) {
        current = Mutex(start)
    }

    static let defaultStart = Timestamp(rfc3339: "2026-11-22T04:05:06Z")!

    var now: Timestamp { current.withLock { $0 } }

    func advance(seconds: Double) {
        current.withLock { $0 = $0.adding(seconds: seconds) }
    }

    func set(_ timestamp: Timestamp) {
        current.withLock { $0 = timestamp }
    }
}
