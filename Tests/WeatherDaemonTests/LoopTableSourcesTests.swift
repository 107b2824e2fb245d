import Testing
import WeatherConfiguration
@testable import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The second source, as tables: Open-Meteo first, MET Norway when Open-Meteo fails in a way that will
/// not heal before a location turns stale; Open-Meteo asked again once per its data period; MET Norway on
/// its own terms.
@Suite("Loop table: weather sources")
struct LoopTableSourcesTests {
    static let unavailable = FetchError(kind: .unavailable, message: "service unavailable (HTTP 503)", httpStatus: 503)
    static let serverError = FetchError(kind: .http, message: "HTTP 500 Internal Server Error", httpStatus: 500)
    static let lastModified = "Tue, 24 Nov 2026 12:58:16 GMT"

    /// Berlin alone, `refresh: auto`, both sources, fetched once from Open-Meteo.
    static func started(_ sources: [WeatherSource] = [.openMeteo, .metNorway]) -> LoopDriver {
        var driver = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto) { $0.sources = sources }
        driver.start()
        driver.tick()
        return driver
    }

    /// `driver` on MET Norway after two 503s at Berlin's next data period.
    static func failedOver() -> LoopDriver {
        var driver = started()
        driver.advance(seconds: 900)
        driver.script("berlin", .failure(unavailable), .failure(unavailable))
        driver.tick()
        driver.advance(seconds: 30)
        driver.tick()
        return driver
    }

    @Test func twoLastingFailuresMoveALocationToMETNorwayWithOneEntry() throws {
        var driver = Self.started()
        driver.advance(seconds: 900)
        driver.script("berlin", .failure(Self.unavailable), .failure(Self.unavailable))
        driver.tick()
        #expect(!driver.entries.contains { $0["message_id"] == MessageID.sourceChanged })
        driver.advance(seconds: 30)
        let moved = LoopDriver.entries(in: driver.tick()).filter { $0["message_id"] == MessageID.sourceChanged }
        #expect(moved.count == 1)
        let entry = try #require(moved.first)
        #expect(entry.level == .warning)
        #expect(
            entry.message == "Berlin: weather now from met-norway: open-meteo failed (service unavailable (HTTP 503))"
        )
        #expect(entry["weather.provider"] == "met-norway")
        #expect(entry["weather.previous_provider"] == "open-meteo")
        #expect(driver.published?.locations[0].source == .metNorway)
        #expect(driver.published?.locations[0].fallbackSince == driver.now.wall)
        // The next visit asks MET Norway, outside Open-Meteo's quota.
        driver.script("berlin", .metNorway(expiresIn: 1800, lastModified: Self.lastModified))
        let quotaBefore = driver.published!.daemon.quota.day.used
        let next = driver.advanceAndTick()
        let order = try #require(driver.fetches.last)
        #expect(order.source == .metNorway)
        #expect(order.weight == 0)
        #expect(order.utcOffsetSeconds == 3600)
        #expect(driver.published?.daemon.quota.day.used == quotaBefore)
        #expect(LoopDriver.entries(in: next).last?["weather.provider"] == "met-norway")
        #expect(driver.published?.locations[0].status == .ok)
        #expect(driver.published?.daemon.sourceRequests == [.openMeteo: 3, .metNorway: 1])
    }

    @Test func aFailureThatHealsAtItsRetryDoesNotMoveTheLocation() {
        var driver = Self.started()
        driver.advance(seconds: 900)
        driver.script("berlin", .failure(Self.serverError))
        driver.tick()
        driver.advance(seconds: 10)
        driver.tick()
        #expect(driver.fetches.map(\.source) == [.openMeteo, .openMeteo, .openMeteo])
        #expect(driver.published?.locations[0].source == .openMeteo)
        #expect(!driver.entries.contains { $0["message_id"] == MessageID.sourceChanged })
    }

    /// A 429 whose pause (the day's window) reaches past the time the location turns stale moves it at once.
    @Test func aDailyRateLimitMovesItAtOnce() {
        var driver = Self.started()
        driver.advance(seconds: 900)
        let daily = FetchError(
            kind: .rateLimited,
            message: "rate limited (HTTP 429): Daily API request limit exceeded",
            httpStatus: 429,
            reason: "Daily API request limit exceeded. Please try again tomorrow."
        )
        driver.script("berlin", .failure(daily))
        let effects = driver.tick()
        #expect(LoopDriver.entries(in: effects).contains { $0["message_id"] == MessageID.sourceChanged })
        driver.advanceAndTick()
        #expect(driver.fetches.last?.source == .metNorway)
    }

    /// Not a lasting failure (the place is not found): no move.
    @Test func aFailureThatIsNotTheSourcesDoesNotMoveIt() {
        var driver = Self.started()
        driver.advance(seconds: 900)
        let bad = FetchError(kind: .http, message: "HTTP 400: Latitude must be in range", httpStatus: 400)
        driver.script("berlin", .failure(bad), .failure(bad), .failure(bad))
        for _ in 0..<3 { driver.advanceAndTick(seconds: 40) }
        #expect(driver.published?.locations[0].source == .openMeteo)
    }

    /// MET Norway's terms: no request before its `Expires`, then after it with a spread of at most a minute,
    /// with `If-Modified-Since`; a 304 keeps the data and counts as a fresh answer.
    @Test func metNorwayIsAskedAfterItsExpiresWithIfModifiedSinceAndA304KeepsTheData() throws {
        var driver = Self.failedOver()
        // MET's answer, then Open-Meteo asked again after each of its periods (still failing).
        driver.script(
            "berlin",
            .metNorway(expiresIn: 1800, lastModified: Self.lastModified),
            .failure(Self.unavailable),
            .failure(Self.unavailable)
        )
        driver.advanceAndTick()
        let answeredAt = driver.now.wall
        #expect(driver.published?.locations[0].weather?.lastModified == Self.lastModified)
        // Every tick until Expires serves the cache.
        for _ in 0..<179 { driver.advanceAndTick() }
        #expect(driver.fetches.filter { $0.source == .metNorway }.count == 1)
        #expect(driver.fetches.filter(\.probe).count == 2)
        driver.script("berlin", .metNorway(expiresIn: 1800, lastModified: Self.lastModified, notModified: true))
        for _ in 0..<7 { driver.advanceAndTick() }
        let asked = driver.fetches.filter { $0.source == .metNorway }
        #expect(asked.count == 2)
        #expect(asked.last?.ifModifiedSince == Self.lastModified)
        let state = try #require(driver.published?.locations[0])
        #expect(state.status == .ok)
        #expect(state.fetchedAt! > answeredAt.adding(seconds: 1800))
        #expect(state.fetchedAt! <= answeredAt.adding(seconds: 1800 + 60 + 10))
        #expect(state.weather?.lastModified == Self.lastModified)
    }

    /// MET Norway is asked for the blocks that are due, on Open-Meteo's schedule (its decoder reads the steps
    /// of those alone): none in the UTC hour Open-Meteo's answer brought the hours and days, the hours in the
    /// next hour; never a nowcast.
    @Test func metNorwayIsAskedForTheBlocksThatAreDue() throws {
        var driver = Self.failedOver()
        driver.script(
            "berlin",
            .metNorway(expiresIn: 3000, lastModified: Self.lastModified),
            .failure(Self.unavailable),
            .failure(Self.unavailable),
            .failure(Self.unavailable),
            .metNorway(expiresIn: 1800, lastModified: "Tue, 24 Nov 2026 13:48:16 GMT")
        )
        for _ in 0..<320 { driver.advanceAndTick() }
        let asked = driver.fetches.filter { $0.source == .metNorway }
        #expect(asked.count == 2)
        #expect(asked.map(\.blocks.nowcast) == [false, false])
        #expect(asked.map { $0.blocks.hours != nil } == [false, true])
        #expect(asked.map { $0.blocks.days != nil } == [false, false])
        #expect(driver.published?.locations[0].source == .metNorway)
        #expect(driver.published?.locations[0].forecast?.hourly.isEmpty == false)
    }

    /// Weather a source says holds until its `Expires` is not stale before that time and its grace.
    @Test func metNorwaysWeatherIsNotStaleBeforeItsExpires() {
        var driver = Self.failedOver()
        driver.script("berlin", .metNorway(expiresIn: 2400, lastModified: Self.lastModified))
        driver.advanceAndTick()
        driver.advance(seconds: 2400)
        driver.script("berlin", .held)
        driver.tick()
        #expect(driver.published?.locations[0].status == .ok)
    }

    /// Open-Meteo is asked again once per its data period; a failure leaves the location on MET Norway
    /// (an info entry, no warning), the first good answer brings it back with one entry.
    @Test func openMeteoIsAskedAgainOncePerPeriodAndTheLocationReturns() throws {
        var driver = Self.failedOver()
        driver.script("berlin", .metNorway(expiresIn: 3600, lastModified: Self.lastModified))
        driver.advanceAndTick()
        driver.script("berlin", .failure(Self.unavailable))
        for _ in 0..<90 { driver.advanceAndTick() }
        let probes = driver.fetches.filter { $0.probe }
        #expect(probes.count == 1)
        let still = driver.entries.filter { $0.message.contains("open-meteo still fails") }
        #expect(still.map(\.level) == [.info])
        #expect(driver.published?.locations[0].source == .metNorway)
        #expect(driver.published?.locations[0].status == .ok)
        for _ in 0..<90 { driver.advanceAndTick() }
        #expect(driver.fetches.filter { $0.probe }.count == 2)
        let back = try #require(driver.entries.last { $0["message_id"] == MessageID.sourceReturned })
        #expect(back.level == .notice)
        #expect(back.message == "Berlin: weather from open-meteo again (met-norway served it meanwhile)")
        #expect(driver.published?.locations[0].source == .openMeteo)
        #expect(driver.published?.locations[0].fallbackSince == nil)
    }

    /// MET Norway's answer counts as observed when it came; Open-Meteo's period began before. When MET answered
    /// within Open-Meteo's current period and Open-Meteo then answers again, its answer still replaces MET's:
    /// the weather, its period and its due time are Open-Meteo's again, and the location never turns stale.
    @Test func openMeteosAnswerReplacesMETNorwaysOnTheReturn() throws {
        var driver = Self.failedOver()  // 04:20:36
        // MET's answers: one holding until about 04:30:46, the next, asked after it, for an hour.
        driver.script(
            "berlin",
            .metNorway(expiresIn: 600, lastModified: Self.lastModified),
            .metNorway(expiresIn: 3600, lastModified: Self.lastModified)
        )
        var metAnswers: [Timestamp] = []
        var back = false
        for _ in 0..<200 where !back {
            let before = driver.fetches.count
            driver.advanceAndTick()
            if driver.fetches.count > before, driver.fetches.last?.source == .metNorway {
                metAnswers.append(driver.now.wall)
            }
            back = driver.published?.locations[0].source == .openMeteo
        }
        #expect(back)
        #expect(metAnswers.count == 2)
        let returned = driver.now.wall
        let period = driver.currentWeather.observedAt
        #expect(metAnswers[1] > period, "MET answered within Open-Meteo's period, before the return at \(returned)")
        let weather = try #require(driver.published?.locations[0].weather)
        #expect(weather.observedAt == period, "Open-Meteo's period, not MET's answer time")
        #expect(weather.validUntil == nil && weather.lastModified == nil)
        #expect(weather.dataInterval == driver.currentWeather.dataInterval)
        let fetched = driver.fetches.count
        for _ in 0..<180 {
            driver.advanceAndTick()
            #expect(driver.published?.locations[0].status == .ok)
        }
        let after = driver.fetches[fetched...]
        #expect(after.count == 2, "one fetch in each following 15-minute period: \(after.map(\.source))")
        #expect(after.allSatisfy { $0.source == .openMeteo })
    }

    /// A 403 (identification refused) or 429 pauses MET Norway for the location an hour at least, said once.
    @Test(arguments: [403, 429])
    func metNorwayRefusingThePausesItForTheLocation(status: Int) {
        var driver = Self.failedOver()
        let refused = FetchError(
            kind: status == 429 ? .rateLimited : .http,
            message: "HTTP \(status) (sent User-Agent: weatherd/0.1.0-test)",
            httpStatus: status
        )
        driver.script("berlin", .failure(refused))
        driver.advanceAndTick()
        for _ in 0..<60 { driver.advanceAndTick() }
        #expect(driver.fetches.filter { $0.source == .metNorway }.count == 1)
        let said = driver.entries.filter { $0.message.contains("met-norway refused the request") }
        #expect(said.count == 1)
        #expect(said.first?.message.contains("weatherd/0.1.0-test") == true)
        #expect(driver.published?.locations[0].sourcePause?.source == .metNorway)
    }

    /// A restart while on MET Norway keeps the source and costs no request before its `Expires`.
    @Test func aRestartOnMETNorwayCostsNoRequest() throws {
        var first = Self.failedOver()
        first.script("berlin", .metNorway(expiresIn: 1800, lastModified: Self.lastModified))
        first.advanceAndTick()
        first.send(.shutdown)
        var second = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto) {
            $0.sources = [.openMeteo, .metNorway]
        }
        second.now = first.now.adding(seconds: 60)
        var previous = PreviousRun()
        previous.found = [
            PreviousRun.Found(
                path: LoopDriver.files.cacheFile!,
                isCache: true,
                outcome: .loaded(try #require(first.published))
            )
        ]
        second.start(previous)
        #expect(second.published?.locations[0].source == .metNorway)
        for _ in 0..<60 { second.advanceAndTick() }
        #expect(second.fetches.isEmpty)
    }

    @Test func metNorwayAloneIsAskedFromTheStart() throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto) { $0.sources = [.metNorway] }
        driver.start()
        driver.script("berlin", .metNorway(expiresIn: 1800, lastModified: Self.lastModified))
        let effects = driver.tick()
        #expect(driver.fetches.map(\.source) == [.metNorway])
        #expect(driver.published?.locations[0].source == .metNorway)
        #expect(driver.published?.locations[0].fallbackSince == nil)
        // Its days are cut in UTC until an offset is known: said once.
        #expect(LoopDriver.entries(in: effects).filter { $0.message.contains("UTC offset is not known") }.count == 1)
        #expect(driver.published?.daemon.quota.day.used == 0)
    }

    /// A deprecated product (203) is used and said once.
    @Test func aDeprecatedProductIsSaidOnce() {
        var driver = Self.failedOver()
        var forecast = Forecast(weather: driver.currentWeather, source: .metNorway, deprecatedProduct: true)
        forecast.validity = AnswerValidity(expires: driver.now.wall.adding(seconds: 60))
        driver.script("berlin", .answer(.forecast(forecast)), .answer(.forecast(forecast)))
        for _ in 0..<20 { driver.advanceAndTick() }
        #expect(driver.entries.filter { $0.message.contains("deprecated or in beta") }.count == 1)
    }
}

/// MET Norway asks for a contact in the User-Agent: an empty one is said once, at the start.
@Suite("Loop table: the contact the sources ask for")
struct LoopTableContactTests {
    @Test(arguments: [
        ([WeatherSource.openMeteo, .metNorway], "", 1),
        ([.openMeteo], "", 0),
        ([.openMeteo, .metNorway], "ops@example.org", 0),
    ])
    func anEmptyContactIsSaidOnceWhenMETNorwayMayServe(sources: [WeatherSource], contact: String, said: Int) {
        var driver = LoopDriver {
            $0.sources = sources
            $0.contact = contact
        }
        driver.start()
        driver.reload(driver.configuration)
        let notices = driver.entries.filter { $0.message.hasPrefix("contact is empty: met-norway") }
        #expect(notices.count == said)
    }
}
