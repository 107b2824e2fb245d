/// When the API may be asked again after a 429 or a 503 (SPEC §4). A value type the planner owns; the
/// pause runs on the uptime clock, so a wall-clock step neither stretches nor skips it.
public struct Backoff: Sendable, Hashable {
    /// The longest pause after repeated 503s, in seconds.
    public static let maximumUnavailablePause: Double = 300

    /// No request goes out before this point on the uptime clock; nil when not paused.
    public private(set) var until: Double?
    /// What caused the current pause: ``FetchErrorKind/rateLimited`` or ``FetchErrorKind/unavailable``.
    public private(set) var cause: FetchErrorKind?
    /// 503s in a row, for the exponential pause.
    public private(set) var consecutiveUnavailable = 0

    /// No pause.
    public init() {}

    /// Whether requests are paused at `now`.
    public func isPaused(at now: Moment) -> Bool {
        guard let until else { return false }
        return now.uptime < until
    }

    /// Whether `error` starts a daemon-wide pause (HTTP 429 or 503).
    public static func pauses(_ error: FetchError) -> Bool {
        error.kind == .rateLimited || error.kind == .unavailable
    }

    /// The pause `error` calls for at `now`, in seconds, before any spread: a 429 until its limit can
    /// have reset, a 503 one interval doubled per 503 in a row (this one included), at most 5 minutes,
    /// or a longer `Retry-After`. Nil for other errors.
    public func pause(for error: FetchError, at now: Timestamp, interval: Double) -> Double? {
        switch error.kind {
        case .rateLimited:
            let resumption = Self.rateLimitResumption(
                reason: error.reason,
                retryAfter: error.retryAfterSeconds,
                now: now
            )
            return max(0, resumption.seconds(since: now))
        case .unavailable:
            let exponent = min(consecutiveUnavailable, 30)
            var pause = max(interval, 0.001)
            for _ in 0..<exponent where pause < Self.maximumUnavailablePause { pause *= 2 }
            pause = min(pause, Self.maximumUnavailablePause)
            if let retryAfter = error.retryAfterSeconds { pause = max(pause, retryAfter) }
            return pause
        default:
            return nil
        }
    }

    /// Begins the pause `error` calls for (see ``pause(for:at:interval:)``), `spread` seconds longer;
    /// returns whether a new pause began (none ran before). Other errors change nothing.
    @discardableResult
    public mutating func record(_ error: FetchError, at now: Moment, interval: Double, spread: Double = 0) -> Bool {
        guard let pause = pause(for: error, at: now.wall, interval: interval) else { return false }
        let wasPaused = isPaused(at: now)
        if error.kind == .unavailable { consecutiveUnavailable += 1 }
        until = now.uptime + pause + spread
        cause = error.kind
        return !wasPaused
    }

    /// Restores a pause recorded in a previous run's state file (`backoff_until`), when it lies ahead.
    public mutating func restore(until time: Timestamp, at now: Moment) {
        guard time > now.wall else { return }
        until = now.uptime(ofWall: time)
        cause = cause ?? .rateLimited
    }

    /// Records a successful fetch: the 503 streak ends.
    public mutating func recordSuccess() {
        consecutiveUnavailable = 0
    }

    /// Ends a pause whose time has come; returns true when one ended.
    public mutating func expire(at now: Moment) -> Bool {
        guard let until, now.uptime >= until else { return false }
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
        let window: QuotaWindow =
            if lowered.contains("daily") {
                .day
            } else if lowered.contains("hourly") {
                .hour
            } else {
                .minute
            }
        return window.end(of: now)
    }
}
