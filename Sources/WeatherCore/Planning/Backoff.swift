/// When the API may be asked again after a 429 or a 503 (docs/fetching.md). A value type the planner owns. A 429
/// waits for the end of a UTC window of the API's (the next minute, hour or 00:00 UTC): a wall-clock time
/// while the API's clock is unknown, else the time left on the uptime clock; a 503's pause and a
/// `Retry-After` are durations, on the uptime clock.
public struct Backoff: Sendable, Hashable {
    /// No request goes out before this; nil when not paused.
    public private(set) var until: Deadline?
    /// Why requests are paused; nil when not paused.
    public private(set) var cause: PauseCause?
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

    /// A pause a 429 or 503 calls for, before any resume spread.
    public struct Pause: Sendable, Hashable {
        /// No request before this.
        public var until: Deadline
        /// Why.
        public var cause: PauseCause
        /// The `Retry-After` the server sent, in seconds, when the cause's limit cut it short.
        public var clampedRetryAfter: Double?
    }

    /// The pause `error` calls for at `now` (docs/fetching.md "Bounded pauses"), before any spread. A 429: until
    /// min(`Retry-After`, the end of the UTC window its reason names, on the API's clock); without a
    /// valid `Retry-After` (absent, 0 or past), until that window's end. A 503: min(`Retry-After`, 5 min),
    /// else one interval doubled per 503 in a row (this one included), at most 5 minutes. Nil for other
    /// errors.
    public func pause(
        for error: FetchError,
        at now: Moment,
        interval: Double,
        apiClock: APIClock = APIClock()
    ) -> Pause? {
        let retryAfter = error.retryAfterSeconds.flatMap { $0 > 0 ? $0 : nil }
        switch error.kind {
        case .rateLimited:
            let window = PauseCause.window(ofReason: error.reason)
            let cause = PauseCause.rateLimited(window)
            let apiNow = apiClock.apiTime(now.wall)
            // The end of the API's window. Without a sample of the API's clock it is a time of the host's
            // wall clock and follows its steps; with one, the API's clock runs on while the host's steps
            // (the samples move with the step), so the time left is counted on the uptime clock.
            let left = window.end(of: apiNow).seconds(since: apiNow)
            let windowEnd: Deadline =
                apiClock.samples.isEmpty
                ? .wall(now.wall.adding(seconds: left)) : .uptime(now.uptime + left)
            guard let retryAfter else { return Pause(until: windowEnd, cause: cause) }
            if retryAfter <= cause.longestPause(at: apiNow) {
                return Pause(until: .uptime(now.uptime + retryAfter), cause: cause)
            }
            return Pause(until: windowEnd, cause: cause, clampedRetryAfter: retryAfter)
        case .unavailable:
            let longest = PauseCause.longestUnavailablePause
            if let retryAfter {
                return Pause(
                    until: .uptime(now.uptime + min(retryAfter, longest)),
                    cause: .unavailable,
                    clampedRetryAfter: retryAfter > longest ? retryAfter : nil
                )
            }
            let exponent = min(consecutiveUnavailable, 30)
            var pause = max(interval, 0.001)
            for _ in 0..<exponent where pause < longest { pause *= 2 }
            return Pause(until: .uptime(now.uptime + min(pause, longest)), cause: .unavailable)
        default:
            return nil
        }
    }

    /// Begins the pause `error` calls for (see ``pause(for:at:interval:apiClock:)``), ending `spread`
    /// seconds later; returns whether a new pause began (none ran before). Other errors change nothing.
    @discardableResult
    public mutating func record(_ error: FetchError, at now: Moment, interval: Double, spread: Double = 0) -> Bool {
        guard let pause = pause(for: error, at: now, interval: interval) else { return false }
        return begin(until: pause.until.adding(seconds: spread), cause: pause.cause, at: now)
    }

    /// Begins a pause until `deadline` for `cause`; returns whether a new pause began.
    @discardableResult
    public mutating func begin(until deadline: Deadline, cause: PauseCause, at now: Moment) -> Bool {
        let wasPaused = isPaused(at: now)
        if cause == .unavailable { consecutiveUnavailable += 1 }
        until = deadline
        self.cause = cause
        return !wasPaused
    }

    /// What became of a pause read from a previous run.
    public enum Restored: Sendable, Hashable {
        /// None was recorded, or it is over.
        case none
        /// It lies within its cause's limit and holds.
        case kept
        /// It lay beyond its cause's limit, or had no cause (a file of an earlier version): dropped.
        case dropped(until: Timestamp, cause: PauseCause?)
    }

    /// Restores a pause recorded by a previous run (`backoff_until` and its cause), when it lies ahead
    /// and within its cause's own limit (plus the resume spread, at most a fifteenth of it); a pause
    /// beyond that, or without a cause, is dropped: one request then finds out whether the API still
    /// refuses.
    public mutating func restore(
        until time: Timestamp,
        cause: PauseCause?,
        at now: Moment,
        apiClock: APIClock = APIClock()
    ) -> Restored {
        guard time > now.wall else { return .none }
        guard let cause else { return .dropped(until: time, cause: nil) }
        let longest = cause.longestPause(at: apiClock.apiTime(now.wall)) + cause.longestSpread
        // One second more: the file keeps whole seconds.
        guard time.seconds(since: now.wall) <= longest + 1 else { return .dropped(until: time, cause: cause) }
        until = .wall(time)
        self.cause = cause
        return .kept
    }

    /// Drops a wall-clock pause the wall clock stepped back from, so that it now lies more than a day (the
    /// longest window a 429 names) ahead.
    public mutating func forgetImpossiblePause(at now: Moment) {
        if case .wall(let time) = until, time.seconds(since: now.wall) > QuotaWindow.day.length {
            until = nil
            cause = nil
        }
    }

    /// Records a successful fetch: the 503 streak ends.
    public mutating func recordSuccess() {
        consecutiveUnavailable = 0
    }

    /// Ends a pause whose time has come; returns true when one ended.
    public mutating func expire(at now: Moment) -> Bool {
        guard let until, until.hasPassed(at: now) else { return false }
        self.until = nil
        self.cause = nil
        return true
    }
}
