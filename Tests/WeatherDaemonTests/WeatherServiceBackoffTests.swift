import StateStore
import Testing
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
            daemon.ticks == daemon.fetchesOK + daemon.fetchesFailed + daemon.ticksSkipped + daemon.ticksFromCache,
            sourceLocation: sourceLocation
        )
    }

    @Test func rateLimitPausesUntilTheNextMinuteAndServesTheCache() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, ServiceHarness.london])
        h.service.start()
        h.provider.script("london", .failure(Self.rateLimited(Self.minutely)))
        let resume = Timestamp(rfc3339: "2026-11-22T04:06:00Z")!

        await h.tick()  // 04:05:06 Berlin from the network
        await h.advanceAndTick()  // 04:05:16 London: 429
        #expect(h.provider.calls == ["berlin", "london"])
        var state = try h.readState()
        #expect(state.daemon.backoffUntil == resume)
        #expect(
            try h.readStateJSON()["daemon"].flatMap { ($0 as? [String: Any])?["backoff_until"] as? String }
                == "2026-11-22T04:06:00Z"
        )
        let failure = try #require(h.log.entries(messageID: MessageID.fetchFailed).last)
        #expect(failure.level == .warning)
        #expect(failure["weather.error_kind"] == "rate_limited")
        #expect(failure["weather.http_status"] == "429")
        let began = h.log.entries(messageID: MessageID.backoffBegan)
        #expect(began.count == 1)
        #expect(began.first?.level == .notice)
        #expect(began.first?["weather.backoff_until"] == "2026-11-22T04:06:00Z")
        #expect(began.first?["weather.error_kind"] == "rate_limited")

        h.log.removeAll()
        await h.advanceAndTick()  // 04:05:26 Berlin from the cache
        await h.advanceAndTick()  // 04:05:36 London: nothing cached
        await h.advanceAndTick()  // 04:05:46 Berlin from the cache
        await h.advanceAndTick()  // 04:05:56 London: nothing cached
        #expect(h.provider.calls == ["berlin", "london"])
        state = try h.readState()
        #expect(state.daemon.ticksFromCache == 4)
        #expect(state.daemon.backoffUntil == resume)
        #expect(state.currentLocation == "london")
        #expect(state.rotationIndex == 5)
        assertCountersAddUp(state)

        let cached = h.log.entries.filter { $0["weather.source"] == "cache" }
        #expect(cached.count == 4)
        let berlinFromCache = try #require(cached.first)
        #expect(berlinFromCache.level == .info)
        #expect(berlinFromCache.message == "Berlin: 2.0 °C, Slight rain")
        #expect(berlinFromCache.messageID == MessageID.weather)
        #expect(berlinFromCache["weather.location"] == "berlin")
        #expect(berlinFromCache["weather.temperature"] == "2")
        #expect(berlinFromCache["weather.fetch_ms"] == nil)
        let londonFromCache = cached[1]
        #expect(londonFromCache.level == .warning)
        #expect(londonFromCache.message == "London: no data yet; API requests paused until 2026-11-22T04:06:00Z")
        #expect(londonFromCache.messageID == MessageID.fetchFailed)
        #expect(londonFromCache["weather.error_kind"] == "rate_limited")
        #expect(h.log.entries(messageID: MessageID.backoffEnded).isEmpty)
        #expect(
            h.notifier.statusLines.last
                == "London (no data yet) · 2 locations · 1 failing · paused until 2026-11-22T04:06:00Z"
        )

        await h.advanceAndTick()  // 04:06:06 Berlin: the pause is over
        #expect(h.provider.calls == ["berlin", "london", "berlin"])
        let ended = h.log.entries(messageID: MessageID.backoffEnded)
        #expect(ended.count == 1)
        #expect(ended.first?.level == .notice)
        #expect(h.log.entries.last?["weather.source"] == "network")
        await h.advanceAndTick()  // 04:06:16 London
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

    @Test func aTickExactlyAtTheResumptionTimeFetches() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        h.service.start()
        h.provider.script("berlin", .failure(Self.rateLimited(Self.minutely)))
        await h.tick()
        let until = try #require(try h.readState().daemon.backoffUntil)
        h.clock.set(until.adding(seconds: -0.001))
        await h.tick()
        #expect(h.provider.calls.count == 1)
        h.clock.set(until)
        await h.tick()
        #expect(h.provider.calls.count == 2)
    }

    @Test(
        "the pause after a 429 follows the reason or Retry-After",
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
        h.service.start()
        h.provider.script("berlin", .failure(Self.rateLimited(reason, retryAfter: retryAfter)))
        await h.tick()
        #expect(try h.readState().daemon.backoffUntil == Timestamp(rfc3339: expected))
    }

    @Test func unavailableBacksOffExponentiallyUpToFiveMinutes() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin], interval: .seconds(10))
        h.service.start()
        var pauses: [Double] = []
        for _ in 0..<8 {
            h.provider.script("berlin", .failure(Self.unavailable))
            let now = h.clock.now
            await h.tick()
            let until = try #require(try h.readState().daemon.backoffUntil)
            pauses.append(until.seconds(since: now))
            // A tick in the middle of the pause is served from the cache.
            h.clock.set(now.adding(seconds: until.seconds(since: now) / 2))
            await h.tick()
            h.clock.set(until)
        }
        #expect(pauses == [10, 20, 40, 80, 160, 300, 300, 300])
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
        await h.advanceAndTick(seconds: 1)
        let until = try #require(try h.readState().daemon.backoffUntil)
        #expect(until.seconds(since: h.clock.now) == 10)
    }

    @Test func unavailableHonoursALongerRetryAfter() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        h.service.start()
        var error = Self.unavailable
        error.retryAfterSeconds = 120
        h.provider.script("berlin", .failure(error))
        await h.tick()
        let until = try #require(try h.readState().daemon.backoffUntil)
        #expect(until.seconds(since: h.clock.now) == 120)
    }

    @Test(arguments: [
        FetchError(kind: .timeout, message: "timed out after 5 s"),
        FetchError(kind: .network, message: "connection refused"),
        FetchError(kind: .http, message: "HTTP 500: Internal Server Error", httpStatus: 500),
        FetchError(kind: .invalidResponse, message: "not JSON"),
    ])
    func otherFailuresDoNotPause(error: FetchError) async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        h.service.start()
        h.provider.script("berlin", .failure(error))
        await h.tick()
        await h.advanceAndTick(seconds: 1)
        #expect(h.provider.calls.count == 2)
        #expect(try h.readState().daemon.backoffUntil == nil)
        #expect(h.log.entries(messageID: MessageID.backoffBegan).isEmpty)
    }
}
