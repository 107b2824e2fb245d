/// Why requests are paused (docs/fetching.md "Bounded pauses"): a 429 and the UTC window its reason names, or a
/// 503. Kept with the pause in the durable state, so a pause read at start can be checked against its
/// cause's own limit.
public enum PauseCause: Sendable, Hashable, CustomStringConvertible {
    /// HTTP 429: a limit of this window was exceeded (the minute for a reason not known).
    case rateLimited(QuotaWindow)
    /// HTTP 503: the service is overloaded.
    case unavailable

    /// The longest pause a 503 takes, in seconds (also with a longer `Retry-After`).
    public static let longestUnavailablePause: Double = 300

    /// As written to the state file: `rate_limited_minute`, `rate_limited_hour`, `rate_limited_day` or
    /// `unavailable`.
    public var description: String {
        switch self {
        case .rateLimited(let window): "rate_limited_\(window.rawValue)"
        case .unavailable: "unavailable"
        }
    }

    /// Reads ``description``; nil for anything else.
    public init?(_ text: String) {
        if text == "unavailable" {
            self = .unavailable
        } else if text.hasPrefix("rate_limited_"), let window = QuotaWindow(rawValue: String(text.dropFirst(13))) {
            self = .rateLimited(window)
        } else {
            return nil
        }
    }

    /// The window a 429's reason names: "Daily…" the day, "Hourly…" the hour, anything else (also
    /// "Minutely…" and "Too many concurrent requests") the minute.
    public static func window(ofReason reason: String?) -> QuotaWindow {
        let lowered = reason?.lowercased() ?? ""
        if lowered.contains("daily") { return .day }
        if lowered.contains("hourly") { return .hour }
        return .minute
    }

    /// The longest resume spread a pause of this cause can carry (``Planner``: at most a fifteenth of the
    /// pause, and at most a fifteenth of the longest data interval), in seconds.
    public var longestSpread: Double {
        let bound = DataInterval.maximumSpread(DataInterval.accepted.upperBound)
        switch self {
        case .rateLimited(let window): return min(window.length / 15, bound)
        case .unavailable: return min(Self.longestUnavailablePause / 15, bound)
        }
    }

    /// How far ahead of `apiNow` (on the API's clock) a pause of this cause can end at most, in seconds,
    /// before its resume spread: the end of a 429's window (never past the next 00:00 UTC), 5 minutes
    /// for a 503.
    public func longestPause(at apiNow: Timestamp) -> Double {
        switch self {
        case .rateLimited(let window): window.end(of: apiNow).seconds(since: apiNow)
        case .unavailable: Self.longestUnavailablePause
        }
    }
}
