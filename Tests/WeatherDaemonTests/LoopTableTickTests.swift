import Testing
import WeatherConfiguration
@testable import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// Ticks, fetches and their ends, as tables.
@Suite("Loop table: ticks and fetches")
struct LoopTableTickTests {
    @Test func eachTickFetchesItsLocationLogsItAndPublishes() {
        var driver = LoopDriver()
        driver.start()
        #expect(
            LoopDriver.summaries(driver.tick()) == [
                "write cache",
                "fetch berlin",
                "info: Berlin: 2.0 °C, Slight rain",
                "publish: Berlin 2.0 °C Slight rain · 3 locations · 0 failing",
                "write cache",
            ]
        )
        // The cache has landed: the next fetch asks for no write first.
        #expect(
            LoopDriver.summaries(driver.advanceAndTick()) == [
                "fetch london",
                "info: London: 2.0 °C, Slight rain",
                "publish: London 2.0 °C Slight rain · 3 locations · 0 failing",
                "write cache",
            ]
        )
    }

    @Test func rotatesThroughTheLocationsInOrder() {
        var driver = LoopDriver()
        driver.start()
        let ids = ["berlin", "london", "new-york"]
        for k in 0..<7 {
            driver.tick()
            #expect(driver.published?.currentLocation == ids[k % 3])
            #expect(driver.published?.rotationIndex == k)
            driver.advance(seconds: 10)
        }
        #expect(
            driver.fetches.map(\.location.id) == [
                "berlin", "london", "new-york", "berlin", "london", "new-york", "berlin",
            ]
        )
        let daemon = driver.published!.daemon
        #expect(
            [daemon.ticks, daemon.ticksFetched, daemon.fetchesOK, daemon.fetchesFailed, daemon.ticksSkipped]
                == [7, 7, 7, 0, 0]
        )
        #expect(daemon.requests == 7)
    }

    @Test func missedTicksAreSkippedNotReplayedWithOneEntry() {
        var driver = LoopDriver()
        driver.start()
        driver.tick()
        let effects = driver.tick(missed: 30)
        let shown = LoopDriver.entries(in: effects).filter { $0["weather.rotation_index"] != nil }
        #expect(shown.map { $0["weather.rotation_index"] } == ["31"])
        #expect(driver.published?.daemon.ticks == 2)
        #expect(driver.published?.daemon.ticksMissed == 30)
        #expect(driver.published?.rotationIndex == 31)
    }

    @Test func aDueLocationWhoseTickFindsAFetchRunningIsQueuedAndFetchedWhenItEnds() {
        var driver = LoopDriver(locations: [LoopDriver.berlin, LoopDriver.london, LoopDriver.newYork, LoopDriver.tokyo])
        driver.start()
        driver.script("berlin", .held)
        driver.tick()
        #expect(
            LoopDriver.summaries(driver.advanceAndTick()) == [
                "publish: London (no data yet) · 4 locations · 0 failing",
                "info: London: no data yet (waiting for the running fetch)",
            ]
        )
        driver.advanceAndTick()
        let waiting = driver.entries.filter { $0["message_id"] == MessageID.noData }
        #expect(waiting.map { $0["weather.waiting"] } == ["queued", "queued"])
        #expect(waiting.allSatisfy { $0["weather.source"] == "none" && $0.level == .info })
        #expect(driver.published?.daemon.ticksSkipped == 2)
        // Berlin ends: London and New York follow at once, longest-due first, each logged as queued.
        let ended = driver.answerHeld("berlin")
        #expect(LoopDriver.summaries(ended).filter { $0.hasPrefix("fetch") } == ["fetch london", "fetch new-york"])
        let queued = LoopDriver.entries(in: ended).filter { $0["weather.queued"] == "1" }
        #expect(queued.map { $0["weather.location"] } == ["london", "new-york"])
        #expect(driver.published?.daemon.fetchesOK == 3)
    }

    /// Every failure class: one warning entry naming it, the last good weather kept, and what it pauses.
    @Test(arguments: [
        (FetchError(kind: .timeout, message: "timed out after 5 s"), false),
        (FetchError(kind: .network, message: "connection refused"), false),
        (FetchError(kind: .http, message: "HTTP 400: Latitude must be in range", httpStatus: 400), false),
        (FetchError(kind: .invalidResponse, message: "invalid response: not JSON or truncated"), false),
        (FetchError(kind: .notFound, message: "no place named \"Atlantis\""), false),
        (FetchError(kind: .rateLimited, message: "rate limited (HTTP 429)", httpStatus: 429), true),
        (FetchError(kind: .unavailable, message: "service unavailable (HTTP 503)", httpStatus: 503), true),
    ])
    func aFailureIsLoggedOnceKeepsTheWeatherAndPausesOnlyFor429And503(error: FetchError, pauses: Bool) {
        var driver = LoopDriver()
        driver.start()
        for _ in 0..<3 { driver.advanceAndTick() }
        driver.script("berlin", .failure(error))
        let effects = driver.advanceAndTick()
        let failure = LoopDriver.entries(in: effects).filter { $0["message_id"] == MessageID.fetchFailed }
        #expect(failure.count == 1)
        #expect(failure.first?.level == .warning)
        #expect(failure.first?.message == "Berlin: fetch failed: \(error.message)")
        #expect(failure.first?["weather.error_kind"] == error.kind.rawValue)
        #expect(failure.first?["weather.http_status"] == error.httpStatus.map(String.init))
        let berlin = driver.published!.locations[0]
        #expect(berlin.status == .error)
        #expect(berlin.weather != nil)
        #expect(berlin.lastError?.kind == error.kind)
        let paused = LoopDriver.entries(in: effects).contains { $0["message_id"] == MessageID.backoffBegan }
        #expect(paused == pauses)
        #expect((driver.published!.daemon.backoffUntil != nil) == pauses)
        // The next tick serves London's cache while paused, or fetches it.
        let next = LoopDriver.summaries(driver.advanceAndTick())
        #expect(next.contains("fetch london") == !pauses)
    }

    @Test func aFailureBeforeAnySuccessLeavesTheWeatherEmpty() {
        var driver = LoopDriver()
        driver.start()
        driver.script("berlin", .failure(FetchError(kind: .network, message: "connection refused")))
        driver.tick()
        let berlin = driver.published!.locations[0]
        #expect(berlin.status == .error)
        #expect(berlin.weather == nil)
        #expect(driver.published!.daemon.fetchesFailed == 1)
    }

    /// `auto`: a failing location backs off by rotations instead of costing a request every rotation.
    @Test func aFailingLocationBacksOffInsteadOfCostingARequestEveryRotation() {
        var driver = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto)
        driver.start()
        for _ in 0..<60 {
            driver.script("berlin", .failure(FetchError(kind: .timeout, message: "timed out after 5 s")))
        }
        driver.tick()
        for _ in 0..<89 { driver.advanceAndTick() }
        // 15 minutes, one location: retries after 10, 20, 40, 80, 160, 320 s… within the cap of 900 s.
        #expect(driver.fetches.count <= 8)
        #expect(driver.fetches.count >= 5)
    }

    @Test func autoFetchesEachLocationOncePerDataPeriod() {
        var driver = LoopDriver(refresh: .auto)
        driver.start()
        // 04:05:06 to 04:35:06: two period boundaries (04:15, 04:30).
        driver.tick()
        for _ in 0..<180 { driver.advanceAndTick() }
        for id in ["berlin", "london", "new-york"] {
            #expect(driver.fetches.filter { $0.location.id == id }.count == 3, "\(id)")
        }
        let state = driver.published!
        #expect([state.daemon.ticks, state.daemon.ticksFetched, state.daemon.ticksFromCache] == [181, 9, 172])
        for entry in state.locations {
            #expect(entry.weather?.observedAt == Timestamp(rfc3339: "2026-11-22T04:30:00Z"))
        }
        // The first request of each location asked for the hours and the days, later ones the nowcast alone.
        #expect(driver.fetches.filter { $0.blocks.days != nil }.count == 3)
        #expect(driver.fetches.filter { $0.blocks.hours != nil }.count == 3)
        #expect(driver.fetches.allSatisfy { $0.blocks.nowcast })
        #expect(state.daemon.quota.day.used == 13.8)
    }

    @Test func aCacheTickLogsTheWeatherItHoldsWithoutAFetch() {
        var driver = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto)
        driver.start()
        driver.tick()
        let effects = driver.advanceAndTick()
        #expect(
            LoopDriver.summaries(effects) == [
                "publish: Berlin 2.0 °C Slight rain · 1 location · 0 failing",
                "info: Berlin: 2.0 °C, Slight rain",
            ]
        )
        #expect(LoopDriver.entries(in: effects)[0]["weather.source"] == "cache")
        #expect(LoopDriver.entries(in: effects)[0]["weather.fetch_ms"] == nil)
    }

    @Test func refreshMakesEveryLocationDueAtOnce() {
        var driver = LoopDriver(refresh: .auto)
        driver.start()
        driver.tick()
        driver.advanceAndTick()
        driver.advanceAndTick()
        #expect(driver.fetches.count == 3)
        let effects = driver.send(.refresh)
        #expect(
            LoopDriver.summaries(effects) == [
                "notice: refresh requested: every location is due (limits and pauses still apply)"
            ]
        )
        for _ in 0..<3 { driver.advanceAndTick() }
        #expect(driver.fetches.count == 6)
    }

    @Test func aFullQuotaWindowServesTheCacheAndIsSaidOnce() {
        var driver = LoopDriver { $0.api.limits.minute = 3 }
        driver.start()
        driver.tick()
        driver.advanceAndTick()
        driver.advanceAndTick()
        driver.advanceAndTick()
        let full = driver.entries.filter { $0["message_id"] == MessageID.quotaFull }
        #expect(full.count == 1)
        #expect(full.first?["weather.quota_window"] == "minute")
        #expect(driver.fetches.count == 1)
        #expect(driver.entries.last?["weather.waiting"] == "quota" || driver.entries.last?["weather.source"] == "cache")
    }

    @Test func rateLimitedPausesUntilTheNextMinuteAndResumesAfter() {
        var driver = LoopDriver()
        driver.start()
        driver.script(
            "berlin",
            .failure(
                FetchError(
                    kind: .rateLimited,
                    message: "rate limited (HTTP 429): Minutely API request limit exceeded",
                    httpStatus: 429,
                    reason: "Minutely API request limit exceeded. Please try again in one minute."
                )
            )
        )
        driver.tick()
        let until = driver.published!.daemon.backoffUntil!
        #expect(until >= Timestamp(rfc3339: "2026-11-22T04:06:00Z")!)
        #expect(until < Timestamp(rfc3339: "2026-11-22T04:07:00Z")!)
        driver.advanceAndTick()
        #expect(driver.fetches.count == 1)
        #expect(driver.entries.last?["weather.waiting"] == "backoff")
        driver.advance(seconds: until.seconds(since: driver.now.wall) + 10)
        let resumed = driver.tick()
        #expect(LoopDriver.summaries(resumed).contains("notice: API requests resume"))
        #expect(LoopDriver.summaries(resumed).contains { $0.hasPrefix("fetch") })
    }

    @Test func theStatusLineFollowsTheShownLocation() {
        var driver = LoopDriver(locations: [LoopDriver.berlin]) { $0.units.temperature = .fahrenheit }
        driver.start()
        var weather = Weather.berlin(observedAt: Timestamp(rfc3339: "2026-11-22T04:00:00Z")!)
        weather.units.temperature = .fahrenheit
        weather.temperature = 35.6
        driver.script("berlin", .weather(weather))
        let effects = driver.tick()
        #expect(LoopDriver.summaries(effects).contains("publish: Berlin 35.6 °F Slight rain · 1 location · 0 failing"))
        weather.temperature = nil
        driver.script("berlin", .weather(weather))
        #expect(
            LoopDriver.summaries(driver.advanceAndTick()).contains(
                "publish: Berlin Slight rain · 1 location · 0 failing"
            )
        )
    }

    @Test func theStateFileCarriesTheDaemonRecord() {
        var driver = LoopDriver()
        driver.start()
        driver.tick()
        let daemon = driver.published!.daemon
        #expect(daemon.pid == LoopDriver.pid)
        #expect(daemon.version == LoopDriver.version)
        #expect(daemon.intervalSeconds == 10)
        #expect(daemon.refresh == "every_tick")
        #expect(daemon.stoppedAt == nil)
    }

    /// A fetch that ends after a reload removed its location is logged and not used.
    @Test func aFetchOfARemovedLocationIsNotUsed() {
        var driver = LoopDriver()
        driver.start()
        driver.script("berlin", .held)
        driver.tick()
        var configuration = driver.configuration
        configuration.locations = [LoopDriver.london]
        driver.reload(configuration)
        let ended = driver.answerHeld("berlin")
        #expect(
            LoopDriver.summaries(ended).contains(
                "info: Berlin: a fetch ended after a reload removed or moved the location; not used"
            )
        )
        #expect(driver.published?.locations.map(\.location.id) == ["london"])
    }
}
