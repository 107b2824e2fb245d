/// When the API may be asked again after a 429 or a 503 (SPEC §4). A value type the planner owns. A 429
/// waits for the end of a UTC window (the next minute, hour or 00:00 UTC), a wall-clock time; a 503's
/// pause and a `Retry-After` are durations, on the uptime clock.
public struct Backoff: Sendable, Hashable {
    /// The longest pause after repeated 503s, in seconds.
    public static let maximumUnavailablePause: Double = 300

    /// No request goes out before this; nil when not paused.
    public private(set) var until: Deadline?
    /// 503s in a row, for the exponential pause.
    public private(set) var consecutiveUnavailable = 0

    /// No pause.
    public init() {}

    /// Whether requests are paused at `now`.
    public func isPaused(at now: Moment) -> Bool {
        guard let until else { return false }
        return !until.hasPassed(at: now)
    }

    /// Whether `error` starts a daemon-wide pause (HTTP 429 or 503).
    public static func pauses(_ error: FetchError) -> Bool {
        error.kind == .rateLimited || error.kind == .unavailable
    }

    /// The pause `error` calls for at `now`, before any spread: a 429 until its limit can have reset
    /// (the end of the window its reason names, or `Retry-After`), a 503 one interval doubled per 503 in
    /// a row (this one included), at most 5 minutes, or a longer `Retry-After`. Nil for other errors.
    public func pause(for error: FetchError, at now: Moment, interval: Double) -> Deadline? {
        switch error.kind {
        case .rateLimited:
            if let retryAfter = error.retryAfterSeconds, retryAfter >= 0 { return .uptime(now.uptime + retryAfter) }
            return .wall(Self.rateLimitResumption(reason: error.reason, retryAfter: nil, now: now.wall))
        case .unavailable:
            let exponent = min(consecutiveUnavailable, 30)
            var pause = max(interval, 0.001)
            for _ in 0..<exponent where pause < Self.maximumUnavailablePause { pause *= 2 }
            pause = min(pause, Self.maximumUnavailablePause)
            if let retryAfter = error.retryAfterSeconds { pause = max(pause, retryAfter) }
            return .uptime(now.uptime + pause)
        default:
            return nil
        }
    }

    /// Begins the pause `error` calls for (see ``pause(for:at:interval:)``), ending `spread` seconds
    /// later; returns whether a new pause began (none ran before). Other errors change nothing.
    @discardableResult
    public mutating func record(_ error: FetchError, at now: Moment, interval: Double, spread: Double = 0) -> Bool {
        guard let pause = pause(for: error, at: now, interval: interval) else { return false }
        return begin(until: pause.adding(seconds: spread), after: error, at: now)
    }

    /// Begins a pause until `deadline` after `error` (a 429 or 503); returns whether a new pause began.
    @discardableResult
    public mutating func begin(until deadline: Deadline, after error: FetchError, at now: Moment) -> Bool {
        let wasPaused = isPaused(at: now)
        if error.kind == .unavailable { consecutiveUnavailable += 1 }
        until = deadline
        return !wasPaused
    }

    /// Restores a pause recorded in a previous run's state file (`backoff_until`), when it lies ahead.
    public mutating func restore(until time: Timestamp, at now: Moment) {
        guard time > now.wall else { return }
        until = .wall(time)
    }

    /// Drops a wall-clock pause the wall clock stepped back from, so that it now lies more than a day (the
    /// longest window a 429 names) ahead.
    public mutating func forgetImpossiblePause(at now: Moment) {
        if case .wall(let time) = until, time.seconds(since: now.wall) > QuotaWindow.day.length { until = nil }
    }

    /// Records a successful fetch: the 503 streak ends.
    public mutating func recordSuccess() {
        consecutiveUnavailable = 0
    }

    /// Ends a pause whose time has come; returns true when one ended.
    public mutating func expire(at now: Moment) -> Bool {
        guard let until, until.hasPassed(at: now) else { return false }
        self.until = nil
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
