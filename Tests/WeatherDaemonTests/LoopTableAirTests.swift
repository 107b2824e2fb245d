import Testing
import WeatherConfiguration
@testable import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// Air quality, as tables: asked at most once per data hour for each location that wants it, over the one
/// connection after the weather, in the same quota ledger; its failures its own; one entry when a location's
/// air turns poor or worse and one when it is better again.
@Suite("Loop table: air quality")
struct LoopTableAirTests {
    static let unavailable = FetchError(kind: .unavailable, message: "service unavailable (HTTP 503)", httpStatus: 503)
    static let timedOut = FetchError(kind: .timeout, message: "timed out after 5 s")

    /// `locations` every 10 s, `refresh: auto`, air quality on, started at 04:05:06 (the air of 04:00 answered).
    static func driver(
        _ locations: [Location] = [LoopDriver.berlin],
        configure: (inout Configuration) -> Void = { _ in }
    ) -> LoopDriver {
        LoopDriver(locations: locations, refresh: .auto) { configuration in
            configuration.airQuality.enabled = true
            configure(&configuration)
        }
    }

    /// The air as `driver` would answer it, with the European index `index` (the US one 2 × it).
    static func air(_ driver: LoopDriver, index: Int) -> AirQuality {
        var air = driver.currentAir
        air.europeanAQI = index
        air.usAQI = index * 2
        return air
    }

    @Test func offByDefaultNoRequestAndNoBlock() {
        var driver = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto)
        driver.start()
        for _ in 0..<5 { driver.advanceAndTick() }
        #expect(driver.airFetches.isEmpty)
        #expect(driver.published?.locations[0].air == nil)
    }

    @Test func theAirFollowsTheWeatherOverTheOneConnection() throws {
        var driver = Self.driver()
        driver.start()
        let first = LoopDriver.summaries(driver.tick()).filter { $0.hasPrefix("fetch") }
        #expect(first == ["fetch berlin", "fetch air berlin"], "the weather first, the air when it has ended")
        let order = try #require(driver.airFetches.first)
        #expect(order.weight == 13, "13 variables in Europe: 1.3 calls")
        let state = try #require(driver.published)
        #expect(state.locations[0].air == driver.currentAir)
        let weatherWeight = driver.fetches[0].weight
        #expect(state.daemon.quota.day.used == Weight.calls(weatherWeight + 13), "one ledger for both")
        #expect(state.daemon.requests == 2)
        // The next tick's weather entry carries the air's fields.
        let entry = try #require(LoopDriver.entries(in: driver.advanceAndTick()).last)
        #expect(entry["weather.aqi"] == "64")
        #expect(entry["weather.aqi_level"] == "poor")
        #expect(entry["weather.aqi_scale"] == "european")
        #expect(entry["weather.aqi_pollutant"] == "ozone")
        #expect(entry["weather.uv_index"] == "0.85")
        #expect(entry["weather.pollen_birch"] == "120.5")
        #expect(entry["weather.pollen_grass"] == "0")
        #expect(entry["weather.pollen_olive"] == nil, "null: no field")
    }

    /// 04:05:06 start: the air of 04:00 is answered; the next is asked after 05:00 plus at most a fifteenth of
    /// the hour, never before, and once.
    @Test func atMostOncePerDataHourAfterTheHourWithASpread() {
        var driver = Self.driver()
        driver.start()
        driver.tick()
        #expect(driver.airFetches.count == 1)
        // Ticks until 05:00 (54 min 54 s on): no air request.
        for _ in 0..<329 { driver.advanceAndTick() }
        #expect(driver.airFetches.count == 1)
        // Through 05:04:10 (the hour plus 240 s, and a tick): exactly one more.
        for _ in 0..<26 { driver.advanceAndTick() }
        #expect(driver.airFetches.count == 2)
        #expect(driver.published?.locations[0].air?.time.rfc3339 == "2026-11-22T05:00:00Z")
        for _ in 0..<30 { driver.advanceAndTick() }
        #expect(driver.airFetches.count == 2)
    }

    @Test func aLocationWithoutItsOwnKeyFollowsTheSwitchAndOneWithItsOwnAsks() {
        var berlin = LoopDriver.berlin
        berlin.airQuality = false
        var london = LoopDriver.london
        london.airQuality = true
        var driver = LoopDriver(locations: [berlin, london, LoopDriver.newYork], refresh: .auto)
        driver.start()
        for _ in 0..<6 { driver.advanceAndTick() }
        #expect(driver.airFetches.map(\.location.id) == ["london"])
        #expect(driver.published?.locations.map { $0.air != nil } == [false, true, false])
        #expect(driver.airFetches.first?.weight == 13)
    }

    @Test func outsideEuropeOneCallAndNoPollen() throws {
        var driver = Self.driver([LoopDriver.tokyo])
        driver.start()
        driver.tick()
        #expect(try #require(driver.airFetches.first).weight == 10)
    }

    @Test func aFailureIsTheAirsAloneAndRetriedAfterARotationDoubling() throws {
        var driver = Self.driver()
        driver.airScripts["berlin"] = [.failure(Self.timedOut), .failure(Self.timedOut)]
        driver.start()
        let entries = LoopDriver.entries(in: driver.tick())
        let failed = try #require(entries.first { $0.message.hasPrefix("Berlin: air quality request failed") })
        #expect(failed.level == .warning)
        #expect(failed.message == "Berlin: air quality request failed: timed out after 5 s")
        #expect(failed["weather.error_kind"] == "timeout")
        #expect(failed["weather.air_failures"] == "1")
        let state = try #require(driver.published)
        #expect(state.locations[0].status == .ok, "the weather's health is not the air's")
        #expect(state.locations[0].lastError == nil)
        #expect(state.locations[0].air == nil)
        // One rotation (10 s), then two.
        driver.advanceAndTick()
        #expect(driver.airFetches.count == 2)
        driver.advanceAndTick()
        #expect(driver.airFetches.count == 2)
        driver.advanceAndTick()
        #expect(driver.airFetches.count == 3)
        #expect(driver.published?.locations[0].air == driver.currentAir)
    }

    @Test func theWeathersFailuresAreNotTheAirs() {
        var driver = Self.driver()
        driver.script("berlin", .failure(Self.timedOut))
        driver.start()
        driver.tick()
        #expect(driver.airFetches.count == 1)
        #expect(driver.published?.locations[0].air != nil)
        #expect(driver.published?.locations[0].lastError != nil)
    }

    @Test func aRateLimitPausesTheAirNotTheWeather() throws {
        var driver = Self.driver([LoopDriver.berlin, LoopDriver.london])
        let limited = FetchError(
            kind: .rateLimited,
            message: "rate limited (HTTP 429): Daily API request limit exceeded",
            httpStatus: 429,
            reason: "Daily API request limit exceeded. Please try again tomorrow."
        )
        driver.airScripts["berlin"] = [.failure(limited)]
        driver.start()
        let entries = LoopDriver.entries(in: driver.tick())
        #expect(entries.contains { $0.message.hasPrefix("air quality requests paused until 2026-11-23T00:") })
        #expect(driver.published?.daemon.backoffUntil == nil, "the weather's requests go on")
        for _ in 0..<360 { driver.advanceAndTick() }
        #expect(driver.airFetches.count == 1, "no air request within the pause")
        #expect(driver.fetches.count > 2, "the weather's go on")
        #expect(driver.published?.locations.map(\.status) == [.ok, .ok])
    }

    @Test func aDueWeatherFetchWaitsForTheAirAndGoesFirstAfterIt() {
        var driver = Self.driver([LoopDriver.berlin, LoopDriver.london])
        driver.airScripts["berlin"] = [.held]
        driver.start()
        driver.tick()  // Berlin's weather, then its air, held
        let second = LoopDriver.summaries(driver.advanceAndTick())
        #expect(!second.contains("fetch london"), "the connection is the air's")
        let after = LoopDriver.summaries(driver.answerHeldAir()).filter { $0.hasPrefix("fetch") }
        #expect(after == ["fetch london", "fetch air london"])
    }

    @Test func onePoorEntryWhenItTurnsPoorAndOneWhenItIsBetter() throws {
        var driver = Self.driver()
        driver.start()
        driver.tick()
        let poor = driver.entries.filter { $0["message_id"] == MessageID.airPoor }
        #expect(poor.count == 1, "the first answer is poor (64)")
        let entry = try #require(poor.first)
        #expect(entry.level == .warning)
        #expect(entry.message == "Berlin: the air is poor or worse: European AQI 64, Poor (O₃)")
        #expect(entry["weather.aqi"] == "64")
        #expect(entry["weather.aqi_level"] == "poor")
        // The next hour poorer still: no entry; then fair: one.
        driver.advance(seconds: 3600)
        driver.airScripts["berlin"] = [.air(Self.air(driver, index: 85))]
        for _ in 0..<30 { driver.advanceAndTick() }
        driver.advance(seconds: 3300)
        driver.airScripts["berlin"] = [.air(Self.air(driver, index: 30))]
        for _ in 0..<30 { driver.advanceAndTick() }
        #expect(driver.airFetches.count == 3)
        #expect(driver.entries.filter { $0["message_id"] == MessageID.airPoor }.count == 1)
        let better = driver.entries.filter { $0["message_id"] == MessageID.airBetter }
        #expect(better.map(\.message) == ["Berlin: the air is better again: European AQI 30, Fair (O₃)"])
        #expect(better.first?.level == .notice)
    }

    @Test func onTheUSScaleUnhealthyForSensitiveGroupsIsPoor() {
        var driver = Self.driver { $0.display.airQualityScale = .us }
        driver.airScripts["berlin"] = [.air(Self.air(driver, index: 45))]  // US 90: moderate
        driver.start()
        driver.tick()
        #expect(!driver.entries.contains { $0["message_id"] == MessageID.airPoor })
        driver.advance(seconds: 3600)
        driver.airScripts["berlin"] = [.air(Self.air(driver, index: 55))]  // US 110
        for _ in 0..<30 { driver.advanceAndTick() }
        #expect(driver.entries.filter { $0["message_id"] == MessageID.airPoor }.map { $0["weather.aqi"] } == ["110"])
    }

    /// The air is in the cache; a restart within its hour asks nothing, and says nothing of a level it said.
    @Test func aRestartCostsNoRequest() throws {
        var first = Self.driver()
        first.start()
        first.tick()
        first.advanceAndTick()
        first.send(.shutdown)
        let cached = try #require(
            first.effects.lazy.reversed().compactMap { effect -> StateSnapshot? in
                if case .write(.cache(let snapshot, _)) = effect { snapshot } else { nil }
            }.first
        )
        #expect(cached.locations[0].air != nil)
        var second = Self.driver()
        second.now = first.now.adding(seconds: 60)
        var run = PreviousRun()
        run.found = [PreviousRun.Found(path: LoopDriver.files.cacheFile!, isCache: true, outcome: .loaded(cached))]
        second.start(run)
        for _ in 0..<20 { second.advanceAndTick() }
        #expect(second.airFetches.isEmpty)
        #expect(second.published?.locations[0].air == cached.locations[0].air)
        #expect(!second.entries.contains { $0["message_id"] == MessageID.airPoor })
    }

    @Test func stoppingCancelsTheAirInFlightAndRecordsNothing() {
        var driver = Self.driver()
        driver.airScripts["berlin"] = [.held]
        driver.start()
        driver.tick()
        let stop = LoopDriver.summaries(driver.send(.shutdown))
        #expect(stop.contains("cancel requests"))
        #expect(stop.last == "finished")
        #expect(!driver.entries.contains { $0.message.contains("air quality request failed") })
    }

    @Test func aLocationByNameIsAskedOnceItsPlaceIsKnown() {
        let paris = Location(name: "Paris", countryCode: "FR")
        var driver = Self.driver([paris])
        driver.places["Paris"] = Place(name: "Paris", latitude: 48.8566, longitude: 2.3522, countryCode: "FR")
        driver.start()
        driver.tick()
        #expect(driver.fetches.map(\.geocode) == [true])
        #expect(driver.airFetches.map(\.location.latitude) == [48.8566])
    }

    @Test func aReloadThatTurnsItOffKeepsNothingInTheStateFile() {
        var driver = Self.driver()
        driver.start()
        driver.tick()
        var configuration = driver.configuration
        configuration.airQuality.enabled = false
        driver.reload(configuration)
        driver.advanceAndTick()
        #expect(driver.published?.locations[0].air == nil)
        #expect(LoopDriver.entries(in: driver.advanceAndTick()).last?["weather.aqi"] == nil)
    }
}
