import Testing
import WeatherCore

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
        let minute = Backoff.rateLimitResumption(
            reason: "Minutely API request limit exceeded",
            retryAfter: nil,
            now: now
        )
        let daily = Backoff.rateLimitResumption(reason: "Daily API request limit exceeded", retryAfter: nil, now: now)
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
            Backoff.rateLimitResumption(reason: nil, retryAfter: nil, now: now)
                == Timestamp(secondsSinceEpoch: 1_763_812_860)
        )
        #expect(
            Backoff.rateLimitResumption(reason: "whatever", retryAfter: nil, now: now)
                == Timestamp(secondsSinceEpoch: 1_763_812_860)
        )
    }

    @Test func aRestoredPauseEndsAtItsWallTime() {
        var backoff = Backoff()
        backoff.restore(until: now.adding(seconds: 45), at: moment)
        #expect(backoff.isPaused(at: moment.adding(seconds: 44)))
        #expect(!backoff.isPaused(at: moment.adding(seconds: 45)))
        var past = Backoff()
        past.restore(until: now.adding(seconds: -1), at: moment)
        #expect(past.until == nil)
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
