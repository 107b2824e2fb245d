import Testing
@testable import WeatherCore

@Suite("Backoff")
struct BackoffTests {
    /// 2025-11-22T12:00:30Z
    private let now = Timestamp(secondsSinceEpoch: 1_763_812_830)
    /// The same moment, 100 s after boot.
    private let moment = Moment(wall: Timestamp(secondsSinceEpoch: 1_763_812_830), uptime: 100)

    /// The wall time a pause ends, as the clocks read at `moment`.
    private func end(of backoff: Backoff) -> Timestamp? {
        backoff.until?.wall(at: moment)
    }

    private func rateLimited(_ reason: String?, retryAfter: Double? = nil) -> FetchError {
        FetchError(
            kind: .rateLimited,
            message: "HTTP 429",
            httpStatus: 429,
            retryAfterSeconds: retryAfter,
            reason: reason
        )
    }

    private let unavailable = FetchError(kind: .unavailable, message: "HTTP 503", httpStatus: 503)

    @Test(
        "429 waits until the limit can have reset",
        arguments: [
            ("Minutely API request limit exceeded. Please try again in one minute.", 1_763_812_860.0),  // 12:01:00Z
            ("Hourly API request limit exceeded. Please try again in the next hour.", 1_763_816_400.0),  // 13:00:00Z
            ("Daily API request limit exceeded. Please try again tomorrow.", 1_763_856_000.0),  // next day 00:00Z
            ("Too many concurrent requests", 1_763_812_860.0),
        ]
    )
    func rateLimitResumption(reason: String, expected: Double) {
        var backoff = Backoff()
        let began = backoff.record(rateLimited(reason), at: moment, interval: 10)
        #expect(began)
        #expect(end(of: backoff) == Timestamp(secondsSinceEpoch: expected))
        // The end of a UTC window is a wall-clock time: it follows a step of the clock.
        #expect(backoff.until == .wall(Timestamp(secondsSinceEpoch: expected)))
        let pause = expected - now.secondsSinceEpoch
        #expect(backoff.isPaused(at: moment))
        #expect(backoff.isPaused(at: moment.adding(seconds: pause - 1)))
        #expect(!backoff.isPaused(at: moment.adding(seconds: pause)))
    }

    @Test func resumptionTimesAreRFC3339() {
        let minute = PauseCause.window(ofReason: "Minutely API request limit exceeded").end(of: now)
        let daily = PauseCause.window(ofReason: "Daily API request limit exceeded").end(of: now)
        #expect(minute.rfc3339 == "2025-11-22T12:01:00Z")
        #expect(daily.rfc3339 == "2025-11-23T00:00:00Z")
    }

    @Test func retryAfterWinsOverReasonText() {
        var backoff = Backoff()
        backoff.record(rateLimited("Daily API request limit exceeded", retryAfter: 120), at: moment, interval: 10)
        #expect(end(of: backoff) == now.adding(seconds: 120))
    }

    @Test func unknownOrMissingReasonWaitsForNextMinute() {
        #expect(
            PauseCause.window(ofReason: nil).end(of: now) == Timestamp(secondsSinceEpoch: 1_763_812_860)
        )
        #expect(
            PauseCause.window(ofReason: "whatever").end(of: now) == Timestamp(secondsSinceEpoch: 1_763_812_860)
        )
    }

    @Test func aRestoredPauseEndsAtItsWallTime() {
        var backoff = Backoff()
        #expect(backoff.restore(until: now.adding(seconds: 45), cause: .unavailable, at: moment) == .kept)
        #expect(backoff.isPaused(at: moment.adding(seconds: 44)))
        #expect(!backoff.isPaused(at: moment.adding(seconds: 45)))
        #expect(backoff.cause == .unavailable)
        var past = Backoff()
        #expect(past.restore(until: now.adding(seconds: -1), cause: .unavailable, at: moment) == .none)
        #expect(past.until == nil)
    }

    @Test(
        "a restored pause beyond its cause's limit, or without a cause, is dropped",
        arguments: [
            // 12:00:30Z: the minute ends in 30 s (+ a fifteenth + 1 s of rounding), the hour in 3,570 s,
            // the day in 43,170 s; a 503 pauses at most 300 s.
            (PauseCause?.some(.rateLimited(.minute)), 33.0, true),
            (PauseCause?.some(.rateLimited(.minute)), 40.0, false),
            (.some(.rateLimited(.hour)), 3_600.0, true),
            (.some(.rateLimited(.hour)), 4_000.0, false),
            (.some(.rateLimited(.day)), 43_170.0, true),
            (.some(.rateLimited(.day)), 86_400.0 * 365 * 30, false),
            (.some(.unavailable), 300.0, true),
            (.some(.unavailable), 400.0, false),
            (nil, 10.0, false),
        ]
    )
    func restoredPauseWithinItsCausesLimit(cause: PauseCause?, ahead: Double, kept: Bool) {
        var backoff = Backoff()
        let until = now.adding(seconds: ahead)
        let result = backoff.restore(until: until, cause: cause, at: moment)
        #expect(result == (kept ? .kept : .dropped(until: until, cause: cause)))
        #expect(backoff.isPaused(at: moment) == kept)
    }

    @Test func aRestoredPauseIsJudgedOnTheAPIsClock() {
        // The API's clock is 20 s ahead: its minute ends in 10 s, so a pause 30 s ahead is beyond it.
        let clock = APIClock(samples: [20])
        var backoff = Backoff()
        let until = now.adding(seconds: 30)
        #expect(backoff.restore(until: until, cause: .rateLimited(.minute), at: moment, apiClock: clock) != .kept)
        #expect(
            backoff.restore(until: now.adding(seconds: 10), cause: .rateLimited(.minute), at: moment, apiClock: clock)
                == .kept
        )
    }

    @Test(
        "429: Retry-After is taken up to the end of the window its reason names",
        arguments: [
            ("Minutely API request limit exceeded", 99_999_999.0, 30.0, true),  // 12:00:30Z: the minute ends in 30 s
            ("Minutely API request limit exceeded", 20.0, 20.0, false),
            ("Hourly API request limit exceeded", 99_999_999.0, 3_570.0, true),
            ("Daily API request limit exceeded", 99_999_999.0, 43_170.0, true),
            ("Daily API request limit exceeded", 7_200.0, 7_200.0, false),
            ("something else", 600.0, 30.0, true),  // a reason not known: the minute
            ("Minutely API request limit exceeded", 0.0, 30.0, false),  // 0 is no valid Retry-After
            ("Minutely API request limit exceeded", -5.0, 30.0, false),  // a date in the past neither
        ] as [(String, Double, Double, Bool)]
    )
    func rateLimitedPauseIsBounded(reason: String, retryAfter: Double, pause: Double, clamped: Bool) throws {
        let backoff = Backoff()
        let taken = try #require(
            backoff.pause(for: rateLimited(reason, retryAfter: retryAfter), at: moment, interval: 10)
        )
        #expect(taken.until.wall(at: moment) == now.adding(seconds: pause))
        #expect((taken.clampedRetryAfter != nil) == clamped)
        if clamped { #expect(taken.clampedRetryAfter == retryAfter) }
        #expect(taken.cause == .rateLimited(PauseCause.window(ofReason: reason)))
    }

    @Test func rateLimitedWindowEndsOnTheAPIsClock() throws {
        // The host is 4 minutes behind the API: the API's minute ends 30 s from now as well, but the
        // API's hour ends 240 s sooner. With the API's clock known, the time left runs on the uptime
        // clock: a step of the host's clock (the API's does not step) neither shortens nor stretches it.
        let clock = APIClock(samples: [240])
        let backoff = Backoff()
        let hourly = try #require(
            backoff.pause(
                for: rateLimited("Hourly API request limit exceeded"),
                at: moment,
                interval: 10,
                apiClock: clock
            )
        )
        #expect(hourly.until == .uptime(moment.uptime + 3_570 - 240))
    }

    @Test func aRestoredPauseNearItsWindowsEndKeepsItsSpread() {
        // An hourly 429 at 11:10 paused until 12:00:45 (the spread: up to a fifteenth of the pause, at
        // most 4 minutes for an hour); a restart at 11:59:30 finds 75 s left: within the limit.
        var backoff = Backoff()
        let at = Moment(wall: Timestamp(rfc3339: "2025-11-22T11:59:30Z")!, uptime: 100)
        let until = Timestamp(rfc3339: "2025-11-22T12:00:45Z")!
        #expect(backoff.restore(until: until, cause: .rateLimited(.hour), at: at) == .kept)
    }

    @Test(
        "503: Retry-After is taken up to 5 minutes",
        arguments: [(90.0, 90.0, false), (99_999_999.0, 300.0, true), (300.0, 300.0, false), (.infinity, 300.0, true)]
    )
    func unavailablePauseIsBounded(retryAfter: Double, pause: Double, clamped: Bool) throws {
        let backoff = Backoff()
        let error = FetchError(kind: .unavailable, message: "HTTP 503", httpStatus: 503, retryAfterSeconds: retryAfter)
        let taken = try #require(backoff.pause(for: error, at: moment, interval: 10))
        #expect(taken.until == .uptime(moment.uptime + pause))
        #expect((taken.clampedRetryAfter != nil) == clamped)
        #expect(taken.cause == .unavailable)
    }

    @Test(
        "the cause survives its text",
        arguments: [PauseCause.rateLimited(.minute), .rateLimited(.hour), .rateLimited(.day), .unavailable]
    )
    func causeText(cause: PauseCause) {
        #expect(PauseCause("\(cause)") == cause)
        #expect(PauseCause("rate_limited_week") == nil)
    }

    @Test func unavailableBacksOffExponentiallyUpToFiveMinutes() {
        var backoff = Backoff()
        var pauses: [Double] = []
        var time = moment
        for _ in 0..<8 {
            backoff.record(unavailable, at: time, interval: 10)
            guard case .uptime(let until) = backoff.until else {
                Issue.record("no pause on the uptime clock after a 503")
                return
            }
            pauses.append(until - time.uptime)
            time = time.adding(seconds: until - time.uptime)  // the next attempt once the pause is over
        }
        #expect(pauses == [10, 20, 40, 80, 160, 300, 300, 300])
        #expect(backoff.consecutiveUnavailable == 8)
    }

    @Test func unavailableHonoursALongerRetryAfter() {
        var backoff = Backoff()
        backoff.record(
            FetchError(kind: .unavailable, message: "HTTP 503", httpStatus: 503, retryAfterSeconds: 90),
            at: moment,
            interval: 10
        )
        #expect(end(of: backoff) == now.adding(seconds: 90))
    }

    @Test func successResetsTheStreak() {
        var backoff = Backoff()
        backoff.record(unavailable, at: moment, interval: 10)
        backoff.record(unavailable, at: moment.adding(seconds: 10), interval: 10)
        let ended = backoff.expire(at: moment.adding(seconds: 30))
        #expect(ended)
        backoff.recordSuccess()
        #expect(backoff.until == nil)
        #expect(backoff.consecutiveUnavailable == 0)
        backoff.record(unavailable, at: moment.adding(seconds: 30), interval: 10)
        #expect(backoff.until == .uptime(moment.uptime + 40))
    }

    @Test func recordReturnsTrueOnlyWhenANewPauseBegins() {
        var backoff = Backoff()
        let first = backoff.record(unavailable, at: moment, interval: 10)
        // Still paused: extended, but not a new pause.
        let again = backoff.record(unavailable, at: moment.adding(seconds: 5), interval: 10)
        let limited = backoff.record(
            rateLimited("Minutely API request limit exceeded"),
            at: moment.adding(seconds: 6),
            interval: 10
        )
        // After the pause is over, a new one begins.
        let later = backoff.record(unavailable, at: moment.adding(seconds: 3600), interval: 10)
        #expect([first, again, limited, later] == [true, false, false, true])
    }

    @Test func expireEndsAPauseOnlyWhenItsTimeHasCome() throws {
        var backoff = Backoff()
        backoff.record(rateLimited("Minutely API request limit exceeded"), at: moment, interval: 10)
        let until = try #require(backoff.until)
        let pause = until.wall(at: moment).seconds(since: moment.wall)
        let early = backoff.expire(at: moment.adding(seconds: pause - 1))
        #expect(!early)
        #expect(backoff.until == until)
        let due = backoff.expire(at: moment.adding(seconds: pause))
        #expect(due)
        #expect(backoff.until == nil)
        #expect(!backoff.isPaused(at: moment.adding(seconds: pause)))
        let afterwards = backoff.expire(at: moment.adding(seconds: pause + 1))
        #expect(!afterwards)
    }

    @Test(
        "other errors do not pause",
        arguments: [FetchErrorKind.timeout, .network, .http, .invalidResponse]
    )
    func otherErrorsDoNotPause(kind: FetchErrorKind) {
        var backoff = Backoff()
        let began = backoff.record(FetchError(kind: kind, message: "boom", httpStatus: 500), at: moment, interval: 10)
        #expect(!began)
        #expect(backoff.until == nil)
        #expect(!backoff.isPaused(at: moment))
        #expect(backoff.consecutiveUnavailable == 0)
    }
}
