import Synchronization
import WeatherCore

/// The injected clocks: stand still until a test advances them. The wall clock and the uptime clock move
/// together, unless a test steps the wall clock alone.
final class TestClock: Sendable {
    private let current: Mutex<Moment>

    /// Clocks at `start` (default 2026-11-22T04:05:06Z), 1000 s after boot.
    init(_ start: Timestamp = TestClock.defaultStart) {
        current = Mutex(Moment(wall: start, uptime: 1000))
    }

    static let defaultStart = Timestamp(rfc3339: "2026-11-22T04:05:06Z")!

    /// The wall clock.
    var now: Timestamp { current.withLock { $0.wall } }
    /// Both clocks.
    var moment: Moment { current.withLock { $0 } }

    /// Both clocks `seconds` later.
    func advance(seconds: Double) {
        current.withLock { $0 = $0.adding(seconds: seconds) }
    }

    /// Both clocks forward (or the wall clock alone back) to `timestamp` on the wall clock.
    func set(_ timestamp: Timestamp) {
        current.withLock { moment in
            let delta = timestamp.seconds(since: moment.wall)
            moment = delta >= 0 ? moment.adding(seconds: delta) : Moment(wall: timestamp, uptime: moment.uptime)
        }
    }

    /// The wall clock alone, `seconds` on (a clock step).
    func step(seconds: Double) {
        current.withLock { $0.wall = $0.wall.adding(seconds: seconds) }
    }
}
