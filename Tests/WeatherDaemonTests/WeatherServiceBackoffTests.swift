import StateStore
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherDaemon

/// 429 and 503: no request goes out during the pause; rotation, journal and state continue from the cache.
@Suite("WeatherService: backoff")
struct WeatherServiceBackoffTests {
    static let minutely = "Minutely API request limit exceeded. Please try again in one minute."

    static func rateLimited(_ reason: String, retryAfter: Double? = nil) -> FetchError {
        FetchError(
            kind: .rateLimited,
            message: "HTTP 429: \(reason)",
            httpStatus: 429,
            retryAfterSeconds: retryAfter,
            reason: reason
        )
    }

    static let unavailable = FetchError(kind: .unavailable, message: "HTTP 503: Service Unavailable", httpStatus: 503)

    private func assertCountersAddUp(_ state: StateSnapshot, sourceLocation: SourceLocation = #_sourceLocation) {
        let daemon = state.daemon
        #expect(
            daemon.ticks == daemon.ticksFetched + daemon.ticksSkipped + daemon.ticksFromCache,
            sourceLocation: sourceLocation
        )
    }

    @Test func rateLimitPausesUntilTheNextMinuteAndServesTheCache() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, ServiceHarness.london])
        await h.start()
        h.provider.script("london", .failure(Self.rateLimited(Self.minutely)))
        let minute = Timestamp(rfc3339: "2026-11-22T04:06:00Z")!

        await h.tick()  // 04:05:06 Berlin from the network
        await h.advanceAndTick()  // 04:05:16 London: 429
        #expect(h.provider.calls == ["berlin", "london"])
        var state = try h.readState()
        // The next full minute, plus a spread of at most a fifteenth of the 44 s pause.
        let until = try #require(state.daemon.backoffUntil)
        #expect(until >= minute && until <= minute.adding(seconds: 3))
        let failure = try #require(h.log.entries(messageID: MessageID.fetchFailed).last)
        #expect(failure.level == .warning)
        #expect(failure["weather.error_kind"] == "rate_limited")
        #expect(failure["weather.http_status"] == "429")
        let began = h.log.entries(messageID: MessageID.backoffBegan)
        #expect(began.count == 1)
        #expect(began.first?.level == .notice)
        #expect(began.first?["weather.backoff_until"] == until.rfc3339)
        #expect(began.first?["weather.error_kind"] == "rate_limited")

        h.log.removeAll()
        await h.advanceAndTick()  // 04:05:26 Berlin from the cache
        await h.advanceAndTick()  // 04:05:36 London: nothing cached
        await h.advanceAndTick()  // 04:05:46 Berlin from the cache
        await h.advanceAndTick()  // 04:05:56 London: nothing cached
        #expect(h.provider.calls == ["berlin", "london"])
        state = try h.readState()
        #expect(state.daemon.ticksFromCache == 4)
        #expect(state.currentLocation == "london")
        #expect(state.rotationIndex == 5)
        #expect(state.locations[1].nextRefreshAt == state.daemon.backoffUntil)
        assertCountersAddUp(state)

        let berlinFromCache = try #require(h.log.entries.first)
        #expect(berlinFromCache.level == .info)
        #expect(berlinFromCache.message == "Berlin: 2.0 °C, Slight rain")
        #expect(berlinFromCache.messageID == MessageID.weather)
        #expect(berlinFromCache["weather.source"] == "cache")
        #expect(berlinFromCache["weather.location"] == "berlin")
        #expect(berlinFromCache["weather.temperature"] == "2")
        #expect(berlinFromCache["weather.fetch_ms"] == nil)
        #expect(berlinFromCache["weather.last_error_kind"] == nil)
        let londonWaiting = h.log.entries(messageID: MessageID.noData)
        #expect(londonWaiting.count == 2)
        #expect(londonWaiting.first?.level == .info)
        #expect(londonWaiting.first?.message == "London: no data yet (API requests are paused)")
        #expect(londonWaiting.first?["weather.source"] == "none")
        #expect(londonWaiting.first?["weather.waiting"] == "backoff")
        #expect(londonWaiting.first?["weather.last_error_kind"] == "rate_limited")
        // Nothing at warning while the pause lasts: `journalctl -p warning` shows the failure once.
        #expect(!h.log.entries.contains { $0.level >= .warning })
        #expect(h.log.entries(messageID: MessageID.backoffEnded).isEmpty)
        #expect(
            h.notifier.statusLines.last
                == "London (no data yet) · 2 locations · 1 failing · paused until \(until.rfc3339)"
        )

        await h.advanceAndTick(seconds: 14)  // 04:06:10 Berlin: the pause is over
        #expect(h.provider.calls == ["berlin", "london", "berlin"])
        let ended = h.log.entries(messageID: MessageID.backoffEnded)
        #expect(ended.count == 1)
        #expect(ended.first?.level == .notice)
        #expect(h.log.entries.last?["weather.source"] == "network")
        await h.advanceAndTick()  // 04:06:20 London
        #expect(h.provider.calls == ["berlin", "london", "berlin", "london"])
        #expect(h.log.entries(messageID: MessageID.backoffEnded).count == 1)

        state = try h.readState()
        #expect(state.daemon.backoffUntil == nil)
        #expect(state.daemon.ticks == 8)
        #expect(state.daemon.fetchesOK == 3)
        #expect(state.daemon.fetchesFailed == 1)
        #expect(state.daemon.ticksFromCache == 4)
        #expect(state.locations.map(\.status) == [.ok, .ok])
        assertCountersAddUp(state)
    }

    @Test func aTickAtTheResumptionTimeFetches() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        h.provider.script("berlin", .failure(Self.rateLimited(Self.minutely)))
        await h.tick()
        let until = try #require(await h.snapshot().daemon.backoffUntil)
        h.clock.set(until.adding(seconds: -0.01))
        await h.tick()
        #expect(h.provider.calls.count == 1)
        h.clock.set(until.adding(seconds: 0.01))
        await h.tick()
        #expect(h.provider.calls.count == 2)
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
    func rateLimitResumption(reason: String, retryAfter: Double?, expected: String) async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        h.provider.script("berlin", .failure(Self.rateLimited(reason, retryAfter: retryAfter)))
        await h.tick()
        let until = try #require(await h.snapshot().daemon.backoffUntil)
        let resumption = try #require(Timestamp(rfc3339: expected))
        let pause = resumption.seconds(since: h.clock.now)
        // The spread is at most a fifteenth of the pause, and at most a minute.
        #expect(until >= resumption && until <= resumption.adding(seconds: min(pause / 15, 60)))
    }

    @Test func unavailableBacksOffExponentiallyUpToFiveMinutes() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin], interval: .seconds(10))
        await h.start()
        var pauses: [Double] = []
        for _ in 0..<8 {
            h.provider.script("berlin", .failure(Self.unavailable))
            let now = h.clock.now
            await h.tick()
            let until = try #require(await h.snapshot().daemon.backoffUntil)
            pauses.append(until.seconds(since: now))
            // A tick in the middle of the pause is served from the cache.
            h.clock.set(now.adding(seconds: until.seconds(since: now) / 2))
            await h.tick()
            h.clock.set(until.adding(seconds: 0.001))
        }
        for (pause, expected) in zip(pauses, [10.0, 20, 40, 80, 160, 300, 300, 300]) {
            #expect(pause >= expected && pause <= expected * 16 / 15 + 0.001, "\(pause) for \(expected)")
        }
        #expect(h.provider.calls.count == 8)
        var state = try h.readState()
        #expect(state.daemon.fetchesFailed == 8)
        #expect(state.daemon.ticksFromCache == 8)
        #expect(h.log.entries(messageID: MessageID.backoffBegan).count == 8)
        #expect(h.log.entries(messageID: MessageID.backoffEnded).count == 7)
        assertCountersAddUp(state)

        // A success ends the streak: the next 503 pauses for one interval again.
        await h.tick()
        state = try h.readState()
        #expect(state.daemon.backoffUntil == nil)
        #expect(state.locations.first?.status == .ok)
        h.provider.script("berlin", .failure(Self.unavailable))
        await h.advanceAndTick(seconds: 10)
        let until = try #require(await h.snapshot().daemon.backoffUntil)
        #expect(until.seconds(since: h.clock.now) >= 10 && until.seconds(since: h.clock.now) <= 10.7)
    }

    @Test func unavailableHonoursALongerRetryAfter() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        var error = Self.unavailable
        error.retryAfterSeconds = 120
        h.provider.script("berlin", .failure(error))
        await h.tick()
        let until = try #require(await h.snapshot().daemon.backoffUntil)
        #expect(until.seconds(since: h.clock.now) >= 120 && until.seconds(since: h.clock.now) <= 128)
    }

    @Test(arguments: [
        FetchError(kind: .timeout, message: "timed out after 5 s"),
        FetchError(kind: .network, message: "connection refused"),
        FetchError(kind: .http, message: "HTTP 500: Internal Server Error", httpStatus: 500),
        FetchError(kind: .invalidResponse, message: "not JSON"),
    ])
    func otherFailuresDoNotPause(error: FetchError) async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        h.provider.script("berlin", .failure(error))
        await h.tick()
        await h.advanceAndTick(seconds: 10)
        #expect(h.provider.calls.count == 2)
        #expect(try h.readState().daemon.backoffUntil == nil)
        #expect(h.log.entries(messageID: MessageID.backoffBegan).isEmpty)
    }

    @Test func aFullQuotaWindowServesTheCacheAndIsLoggedOnce() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, ServiceHarness.london]) {
            $0.api.limits = Configuration.LimitSettings(minute: 4)
        }
        await h.start()
        await h.tick()  // Berlin, 2.4 with its hours, days and nowcast
        await h.advanceAndTick()  // London would make 4.8: the minute is full
        #expect(h.provider.calls == ["berlin"])
        let full = h.log.entries(messageID: MessageID.quotaFull)
        #expect(full.count == 1)
        #expect(full.first?.level == .notice)
        #expect(full.first?["weather.quota_window"] == "minute")
        #expect(full.first?["weather.quota_used"] == "2.4")
        #expect(full.first?["weather.quota_limit"] == "4")
        #expect(full.first?["weather.quota_until"] == "2026-11-22T04:06:00Z")
        let waiting = try #require(h.log.entries(messageID: MessageID.noData).last)
        #expect(waiting["weather.waiting"] == "quota")
        var state = try h.readState()
        #expect(state.daemon.quota.minute.used == 2.4)
        #expect(state.daemon.quota.minute.limit == 4)
        #expect(state.daemon.quota.minute.resetsAt == Timestamp(rfc3339: "2026-11-22T04:06:00Z"))
        let next = try #require(state.locations[1].nextRefreshAt)
        #expect(
            next >= Timestamp(rfc3339: "2026-11-22T04:06:00Z")! && next <= Timestamp(rfc3339: "2026-11-22T04:06:04Z")!
        )
        for _ in 0..<2 { await h.advanceAndTick() }
        #expect(h.log.entries(messageID: MessageID.quotaFull).count == 1)
        // After the minute (and its spread), requests resume.
        h.clock.set(Timestamp(rfc3339: "2026-11-22T04:06:05Z")!)
        for _ in 0..<2 { await h.advanceAndTick() }
        #expect(h.provider.calls == ["berlin", "berlin", "london"])
        state = try h.readState()
        #expect(state.daemon.quota.minute.used == 3.5)  // 1.1 (the nowcast alone) + 2.4
        #expect(state.daemon.quota.day.used == 5.9)
    }
}
