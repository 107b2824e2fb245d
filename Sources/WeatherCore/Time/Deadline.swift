/// A point in time the planner waits for, on the clock it belongs to (docs/fetching.md "Time"): a delay that is a
/// duration runs on the uptime clock, so a suspend or a wall-clock step neither stretches nor skips it;
/// a time the wall clock names (the end of a UTC window, a time read from the previous run's state
/// file) stays on the wall clock, so it follows a step.
public enum Deadline: Sendable, Hashable {
    /// A point on the uptime clock: a delay from something that happened in this run.
    case uptime(Double)
    /// A wall-clock time.
    case wall(Timestamp)

    /// Whether the deadline has come at `now`.
    public func hasPassed(at now: Moment) -> Bool {
        switch self {
        case .uptime(let point): now.uptime >= point
        case .wall(let time): now.wall >= time
        }
    }

    /// The deadline as a wall-clock time, as the clocks read at `now`.
    public func wall(at now: Moment) -> Timestamp {
        switch self {
        case .uptime(let point): now.wallTime(ofUptime: point)
        case .wall(let time): time
        }
    }

    /// The deadline `seconds` later (earlier for a negative number).
    public func adding(seconds: Double) -> Deadline {
        switch self {
        case .uptime(let point): .uptime(point + seconds)
        case .wall(let time): .wall(time.adding(seconds: seconds))
        }
    }
}
