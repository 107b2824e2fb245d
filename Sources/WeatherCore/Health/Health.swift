/// The monitoring-plugin verdict of `weatherd status` (exit status 0–3), judged from the state file's
/// data at the time of reading, not from the `status` fields written earlier (weatherd(1)).
public enum Health: Int, Sendable, Comparable {
    /// Every location fresh, or pending within its first two rotations.
    case ok = 0
    /// A location is stale, failing, or still pending after two rotations.
    case warning = 1
    /// The daemon is not running (state older than 3 × interval + timeout) or no location has fresh data.
    case critical = 2
    /// The state file is missing, unreadable or invalid.
    case unknown = 3

    /// The label monitoring plugins print.
    public var label: String {
        switch self {
        case .ok: "OK"
        case .warning: "WARNING"
        case .critical: "CRITICAL"
        case .unknown: "UNKNOWN"
        }
    }

    /// Orders by severity (unknown last).
    public static func < (lhs: Health, rhs: Health) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The verdict on `snapshot` at `now`, optionally for one location (unknown when it is not there).
    ///
    /// CRITICAL when the state is older than 3 × interval + timeout (``StateSnapshot/writtenTooLongAgo(at:)``),
    /// or when none of the judged locations has fresh data (weather no older than `stale_after`) and none of
    /// them is still within its first two rotations; WARNING when one is stale, failing, or pending after
    /// two rotations; OK otherwise.
    public static func assess(_ snapshot: StateSnapshot, now: Timestamp, locationID: String? = nil) -> Health {
        if snapshot.writtenTooLongAgo(at: now) { return .critical }
        let entries = snapshot.locations.filter { locationID == nil || $0.location.id == locationID }
        guard !entries.isEmpty else { return .unknown }
        let verdicts = entries.map { snapshot.judge($0, at: now) }
        let fresh = entries.contains { snapshot.hasFreshWeather($0, at: now) }
        if !fresh && !verdicts.contains(.starting) { return .critical }
        if verdicts.contains(where: { $0 != .fresh && $0 != .starting }) { return .warning }
        return .ok
    }
}
