/// The monitoring-plugin verdict of `weatherd status` (exit status 0–3).
public enum Health: Int, Sendable, Comparable {
    /// Every location fresh or pending.
    case ok = 0
    /// A location is stale or failing.
    case warning = 1
    /// The daemon is not running (state too old) or every location is failing.
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

    /// The verdict on `snapshot` at `now`, optionally for one location.
    /// The state is too old when `generated_at` lies more than 3 × interval + timeout in the past.
    public static func assess(_ snapshot: StateSnapshot, now: Timestamp, locationID: String? = nil) -> Health {
        let limit = 3 * snapshot.daemon.intervalSeconds + snapshot.daemon.timeoutSeconds
        if now.seconds(since: snapshot.generatedAt) > limit { return .critical }
        let entries = snapshot.locations.filter { locationID == nil || $0.location.id == locationID }
        guard !entries.isEmpty else { return .unknown }
        if entries.allSatisfy({ $0.status == .error }) { return .critical }
        if entries.contains(where: { $0.status == .error || $0.status == .stale }) { return .warning }
        return .ok
    }
}
