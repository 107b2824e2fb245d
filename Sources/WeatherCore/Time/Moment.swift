/// One reading of the two clocks weatherd plans with: the wall clock (UTC, for times the API and the
/// quota windows speak of) and the uptime clock (seconds since boot, counting suspend, never stepped:
/// for delays that are durations, so a clock step or a suspend neither stretches nor skips them).
public struct Moment: Sendable, Hashable {
    /// The wall-clock time.
    public var wall: Timestamp
    /// Seconds on the uptime clock (`CLOCK_BOOTTIME`); only differences mean something.
    public var uptime: Double

    /// Creates a value from each of its properties.
    public init(wall: Timestamp, uptime: Double) {
        self.wall = wall
        self.uptime = uptime
    }

    /// The moment `seconds` later on both clocks.
    public func adding(seconds: Double) -> Moment {
        Moment(wall: wall.adding(seconds: seconds), uptime: uptime + seconds)
    }

    /// The wall-clock time of a point `uptime` on the uptime clock, as the wall clock now reads.
    public func wallTime(ofUptime point: Double) -> Timestamp {
        wall.adding(seconds: point - uptime)
    }

    /// The point on the uptime clock of the wall-clock time `time`, as the wall clock now reads.
    public func uptime(ofWall time: Timestamp) -> Double {
        uptime + time.seconds(since: wall)
    }
}
