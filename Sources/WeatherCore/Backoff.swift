/// When the API may be asked again after a 429 or a 503 (SPEC §4). A value type; the daemon owns one.
public struct Backoff: Sendable, Hashable {
    /// Why requests are paused.
    public enum Cause: String, Sendable, Hashable {
        /// A request limit (HTTP 429).
        case rateLimited = "rate_limited"
        /// The service is overloaded (HTTP 503).
        case unavailable
    }

    /// The longest pause after repeated 503s.
    public static let maximumUnavailablePause: Double = 300

    /// No request goes out before this time; nil when not paused.
    public private(set) var until: Timestamp?
    /// What caused the current pause.
    public private(set) var cause: Cause?
    /// 503s in a row, for the exponential pause.
    public private(set) var consecutiveUnavailable = 0

    /// Creates a backoff with no pause.
    public init() {}

    /// Whether requests are paused at `now`.
    public func isPaused(at now: Timestamp) -> Bool {
        guard let until else { return false }
        return now < until
    }

    /// Records a failure; returns true when a new pause begins (it was not paused before).
    @discardableResult
    public mutating func record(_ error: FetchError, at now: Timestamp, interval: Double) -> Bool {
        let wasPaused = isPaused(at: now)
        switch error.kind {
        case .rateLimited:
            until = Self.rateLimitResumption(reason: error.reason, retryAfter: error.retryAfterSeconds, now: now)
            cause = .rateLimited
        case .unavailable:
            consecutiveUnavailable += 1
            let exponent = min(consecutiveUnavailable - 1, 30)
            var pause = max(interval, 0.001)
            for _ in 0..<exponent where pause < Self.maximumUnavailablePause { pause *= 2 }
            pause = min(pause, Self.maximumUnavailablePause)
            if let retryAfter = error.retryAfterSeconds { pause = max(pause, retryAfter) }
            until = now.adding(seconds: pause)
            cause = .unavailable
        default:
            return false
        }
        return !wasPaused
    }

    /// Records a successful fetch: the 503 streak ends.
    public mutating func recordSuccess() {
        consecutiveUnavailable = 0
        until = nil
        cause = nil
    }

    /// Ends a pause whose time has come; returns true when one ended.
    public mutating func expire(at now: Timestamp) -> Bool {
        guard let until, now >= until else { return false }
        self.until = nil
        cause = nil
        return true
    }

    /// When a rate limit can have reset: `Retry-After` when sent, else from Open-Meteo's reason text
    /// (next minute for "Minutely…" and "Too many concurrent requests", next hour for "Hourly…",
    /// next 00:00 UTC for "Daily…"); unknown reasons wait for the next minute.
    public static func rateLimitResumption(reason: String?, retryAfter: Double?, now: Timestamp) -> Timestamp {
        if let retryAfter, retryAfter >= 0 {
            return now.adding(seconds: retryAfter)
        }
        let lowered = reason?.lowercased() ?? ""
        let period: Double =
            if lowered.hasPrefix("daily") || lowered.contains("daily") {
                86_400
            } else if lowered.hasPrefix("hourly") || lowered.contains("hourly") {
                3600
            } else {
                60
            }
        let next = ((now.secondsSinceEpoch / period).rounded(.down) + 1) * period
        return Timestamp(secondsSinceEpoch: next)
    }
}
