import Testing
import WeatherCore

@Suite("Backoff")
struct BackoffTests {
    /// 2025-11-22T12:00:30Z
    private let now = Timestamp(secondsSinceEpoch: 1_763_812_830)

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
        let began = backoff.record(rateLimited(reason), at: now, interval: 10)
        #expect(began)
        #expect(backoff.until == Timestamp(secondsSinceEpoch: expected))
        #expect(backoff.cause == .rateLimited)
        #expect(backoff.isPaused(at: now))
        #expect(backoff.isPaused(at: Timestamp(secondsSinceEpoch: expected - 1)))
        #expect(!backoff.isPaused(at: Timestamp(secondsSinceEpoch: expected)))
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
        backoff.record(rateLimited("Daily API request limit exceeded", retryAfter: 120), at: now, interval: 10)
        #expect(backoff.until == now.adding(seconds: 120))
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

    @Test func unavailableBacksOffExponentiallyUpToFiveMinutes() {
        var backoff = Backoff()
        var pauses: [Double] = []
        var time = now
        for _ in 0..<8 {
            backoff.record(unavailable, at: time, interval: 10)
            guard let until = backoff.until else {
                Issue.record("no pause after a 503")
                return
            }
            pauses.append(until.seconds(since: time))
            #expect(backoff.cause == .unavailable)
            time = until  // the next attempt happens once the pause is over
        }
        #expect(pauses == [10, 20, 40, 80, 160, 300, 300, 300])
        #expect(backoff.consecutiveUnavailable == 8)
    }

    @Test func unavailableHonoursALongerRetryAfter() {
        var backoff = Backoff()
        backoff.record(
            FetchError(kind: .unavailable, message: "HTTP 503", httpStatus: 503, retryAfterSeconds: 90),
            at: now,
            interval: 10
        )
        #expect(backoff.until == now.adding(seconds: 90))
    }

    @Test func successResetsTheStreak() {
        var backoff = Backoff()
        backoff.record(unavailable, at: now, interval: 10)
        backoff.record(unavailable, at: now.adding(seconds: 10), interval: 10)
        backoff.recordSuccess()
        #expect(backoff.until == nil)
        #expect(backoff.cause == nil)
        #expect(backoff.consecutiveUnavailable == 0)
        #expect(!backoff.isPaused(at: now))
        backoff.record(unavailable, at: now, interval: 10)
        #expect(backoff.until == now.adding(seconds: 10))
    }

    @Test func recordReturnsTrueOnlyWhenANewPauseBegins() {
        var backoff = Backoff()
        let first = backoff.record(unavailable, at: now, interval: 10)
        // Still paused: extended, but not a new pause.
        let again = backoff.record(unavailable, at: now.adding(seconds: 5), interval: 10)
        let limited = backoff.record(
            rateLimited("Minutely API request limit exceeded"),
            at: now.adding(seconds: 6),
            interval: 10
        )
        // After the pause is over, a new one begins.
        let later = backoff.record(unavailable, at: now.adding(seconds: 3600), interval: 10)
        #expect([first, again, limited, later] == [true, false, false, true])
    }

    @Test func expireEndsAPauseOnlyWhenItsTimeHasCome() throws {
        var backoff = Backoff()
        backoff.record(rateLimited("Minutely API request limit exceeded"), at: now, interval: 10)
        let until = try #require(backoff.until)
        let early = backoff.expire(at: until.adding(seconds: -1))
        #expect(!early)
        #expect(backoff.until == until)
        let due = backoff.expire(at: until)
        #expect(due)
        #expect(backoff.until == nil)
        #expect(backoff.cause == nil)
        #expect(!backoff.isPaused(at: until))
        let afterwards = backoff.expire(at: until.adding(seconds: 1))
        #expect(!afterwards)
    }

    @Test(
        "other errors do not pause",
        arguments: [FetchErrorKind.timeout, .network, .http, .invalidResponse]
    )
    func otherErrorsDoNotPause(kind: FetchErrorKind) {
        var backoff = Backoff()
        let began = backoff.record(FetchError(kind: kind, message: "boom", httpStatus: 500), at: now, interval: 10)
        #expect(!began)
        #expect(backoff.until == nil)
        #expect(backoff.cause == nil)
        #expect(!backoff.isPaused(at: now))
        #expect(backoff.consecutiveUnavailable == 0)
    }
}
