import Testing
import WeatherConfiguration
@testable import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The daemon-wide pauses after a 429 or 503, and the quota windows, as tables.
@Suite("Loop table: pauses and quota")
struct LoopTableBackoffTests {
    static let minutely = "Minutely API request limit exceeded. Please try again in one minute."
    static let unavailable = FetchError(kind: .unavailable, message: "service unavailable (HTTP 503)", httpStatus: 503)

    static func rateLimited(_ reason: String, retryAfter: Double? = nil) -> FetchError {
        FetchError(
            kind: .rateLimited,
            message: "rate limited (HTTP 429): \(reason)",
            httpStatus: 429,
            retryAfterSeconds: retryAfter,
            reason: reason
        )
    }

    @Test(
        "the pause after a 429 follows the reason or Retry-After (plus at most a fifteenth)",
        arguments: [
            (minutely, nil, "2026-11-22T04:06:00Z"),
            ("Hourly API request limit exceeded. Please try again in the next hour.", nil, "2026-11-22T05:00:00Z"),
            ("Daily API request limit exceeded. Please try again tomorrow.", nil, "2026-11-23T00:00:00Z"),
            ("Too many concurrent requests", nil, "2026-11-22T04:06:00Z"),
            (minutely, 30, "2026-11-22T04:05:36Z"),
        ] as [(String, Double?, String)]
    )
    func rateLimitResumption(reason: String, retryAfter: Double?, expected: String) throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin])
        driver.start()
        driver.script("berlin", .failure(Self.rateLimited(reason, retryAfter: retryAfter)))
        let effects = driver.tick()
        let began = try #require(LoopDriver.entries(in: effects).first { $0["message_id"] == MessageID.backoffBegan })
        #expect(began.level == .notice)
        let until = try #require(driver.published?.daemon.backoffUntil)
        let resumption = try #require(Timestamp(rfc3339: expected))
        let pause = resumption.seconds(since: driver.now.wall)
        #expect(until >= resumption && until <= resumption.adding(seconds: min(pause / 15, 60)))
    }

    /// While paused: the cache is served, nothing is logged at warning, STATUS= says until when; the tick at
    /// the resumption time fetches, and the pause's end is said once.
    @Test func aPauseServesTheCacheQuietlyAndEndsOnce() throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin, LoopDriver.london])
        driver.start()
        driver.tick()
        driver.script("london", .failure(Self.rateLimited(Self.minutely)))
        driver.advanceAndTick()
        let until = try #require(driver.published?.daemon.backoffUntil)
        let before = driver.entries.count
        let berlin = driver.advanceAndTick()
        #expect(LoopDriver.entries(in: berlin).map { $0["weather.source"] } == ["cache"])
        let london = driver.advanceAndTick()
        let waiting = try #require(LoopDriver.entries(in: london).first)
        #expect(waiting.message == "London: no data yet (API requests are paused)")
        #expect(waiting["weather.waiting"] == "backoff")
        #expect(waiting["weather.last_error_kind"] == "rate_limited")
        #expect(
            LoopDriver.summaries(london).first
                == "publish: London (no data yet) · 2 locations · 1 failing · paused until \(until.rfc3339)"
        )
        #expect(!driver.entries.dropFirst(before).contains { $0.level >= .warning })
        driver.now = Moment(
            wall: until.adding(seconds: -0.01),
            uptime: driver.now.uptime + until.seconds(since: driver.now.wall) - 0.01
        )
        #expect(!LoopDriver.summaries(driver.tick()).contains { $0.hasPrefix("fetch") })
        driver.advance(seconds: 0.02)
        let resumed = LoopDriver.summaries(driver.tick())
        #expect(resumed.contains("notice: API requests resume"))
        #expect(resumed.contains { $0.hasPrefix("fetch") })
        driver.advanceAndTick()
        #expect(driver.entries.filter { $0["message_id"] == MessageID.backoffEnded }.count == 1)
        #expect(driver.published?.daemon.backoffUntil == nil)
    }

    @Test func unavailableBacksOffExponentiallyUpToFiveMinutes() throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin])
        driver.start()
        var pauses: [Double] = []
        for _ in 0..<8 {
            driver.script("berlin", .failure(Self.unavailable))
            let now = driver.now.wall
            driver.tick()
            let until = try #require(driver.published?.daemon.backoffUntil)
            pauses.append(until.seconds(since: now))
            driver.advance(seconds: until.seconds(since: now) / 2)
            driver.tick()
            driver.advance(seconds: until.seconds(since: driver.now.wall) + 0.001)
        }
        for (pause, expected) in zip(pauses, [10.0, 20, 40, 80, 160, 300, 300, 300]) {
            #expect(pause >= expected && pause <= expected * 16 / 15 + 0.001, "\(pause) for \(expected)")
        }
        #expect(driver.fetches.count == 8)
        #expect(driver.entries.filter { $0["message_id"] == MessageID.backoffBegan }.count == 8)
        #expect(driver.entries.filter { $0["message_id"] == MessageID.backoffEnded }.count == 7)
        // A success ends the streak: the next 503 pauses for one interval again.
        driver.tick()
        #expect(driver.published?.daemon.backoffUntil == nil)
        driver.script("berlin", .failure(Self.unavailable))
        driver.advanceAndTick()
        let until = try #require(driver.published?.daemon.backoffUntil)
        #expect(until.seconds(since: driver.now.wall) >= 10 && until.seconds(since: driver.now.wall) <= 10.7)
    }

    @Test func unavailableHonoursALongerRetryAfter() throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin])
        driver.start()
        var error = Self.unavailable
        error.retryAfterSeconds = 120
        driver.script("berlin", .failure(error))
        driver.tick()
        let until = try #require(driver.published?.daemon.backoffUntil)
        #expect(until.seconds(since: driver.now.wall) >= 120 && until.seconds(since: driver.now.wall) <= 128)
    }

    @Test func aFullQuotaWindowIsSaidWithItsFiguresAndResumesAfterTheMinute() throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin, LoopDriver.london]) {
            $0.api.limits = Configuration.LimitSettings(minute: 4)
        }
        driver.start()
        driver.tick()
        driver.advanceAndTick()
        #expect(driver.fetches.map(\.location.id) == ["berlin"])
        let full = try #require(driver.entries.first { $0["message_id"] == MessageID.quotaFull })
        #expect(full.level == .notice)
        #expect(full["weather.quota_used"] == "2.4")
        #expect(full["weather.quota_limit"] == "4")
        #expect(full["weather.quota_until"] == "2026-11-22T04:06:00Z")
        #expect(driver.entries.last?["weather.waiting"] == "quota")
        let next = try #require(driver.published?.locations[1].nextRefreshAt)
        #expect(
            next >= Timestamp(rfc3339: "2026-11-22T04:06:00Z")! && next <= Timestamp(rfc3339: "2026-11-22T04:06:04Z")!
        )
        for _ in 0..<2 { driver.advanceAndTick() }
        #expect(driver.entries.filter { $0["message_id"] == MessageID.quotaFull }.count == 1)
        driver.advance(seconds: Timestamp(rfc3339: "2026-11-22T04:06:05Z")!.seconds(since: driver.now.wall))
        for _ in 0..<2 { driver.advanceAndTick() }
        #expect(driver.fetches.map(\.location.id) == ["berlin", "berlin", "london"])
        #expect(driver.published?.daemon.quota.minute.used == 3.5)
        #expect(driver.published?.daemon.quota.day.used == 5.9)
    }

    /// A restart with a cache holds the first run's weather (judged by its age) and its quota windows, and
    /// costs no request; a moved location starts over.
    @Test func theRestoredStateIsJudgedByItsAgeAndCostsNoRequest() throws {
        var first = LoopDriver(refresh: .auto)
        first.start()
        first.script("london", .failure(FetchError(kind: .timeout, message: "timed out after 5 s")))
        first.tick()
        first.advanceAndTick()
        first.send(.shutdown)
        let previous = try #require(first.published)
        #expect(previous.locations.map(\.status) == [.ok, .error, .pending])

        let movedLondon = Location(id: "london", name: "London", latitude: 42.98, longitude: -81.25)
        var second = LoopDriver(locations: [LoopDriver.berlin, movedLondon, LoopDriver.tokyo], refresh: .auto)
        second.now = first.now.adding(seconds: 60)
        var run = PreviousRun()
        run.found = [PreviousRun.Found(path: LoopDriver.files.cacheFile!, isCache: true, outcome: .loaded(previous))]
        second.start(run)
        var state = try #require(second.published)
        #expect(state.locations.map(\.location.id) == ["berlin", "london", "tokyo"])
        #expect(state.locations.map(\.status) == [.ok, .pending, .pending])
        #expect(state.locations[0].fetchedAt == LoopDriver.startTime)
        #expect(state.daemon.startedAt == second.now.wall)
        let due = try #require(state.locations[0].nextRefreshAt)
        #expect(due >= Timestamp(rfc3339: "2026-11-22T04:15:00Z")!)
        second.tick()
        #expect(second.fetches.isEmpty)
        state = try #require(second.published)
        #expect(state.daemon.ticksFromCache == 1)
        #expect(state.daemon.quota.day.used == 4.8)
    }
}
