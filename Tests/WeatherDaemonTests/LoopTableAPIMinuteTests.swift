import Testing
import WeatherConfiguration
@testable import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// What happens at a full minute of the API's clock, as tables: the end of a minutely 429's pause, of a full
/// quota minute and of a 60-second data period. The host is 10 s before its own full minute and the API 25 s
/// behind it, learnt from the first answer, as the end-to-end tests set their look-alike's clock: its minute
/// ends 25 s after the host's, and the host's own minute's end changes nothing.
@Suite("Loop table: the API's minute")
struct LoopTableAPIMinuteTests {
    /// 04:05:50 on the host, 04:05:25 on the API.
    static let hostStart = Timestamp(rfc3339: "2026-11-22T04:05:50Z")!
    /// The end of the API's minute, 04:06:00 on its clock, on the host's.
    static let apiMinuteEnd = Timestamp(rfc3339: "2026-11-22T04:06:25Z")!

    static let minutely = FetchError(
        kind: .rateLimited,
        message: "rate limited (HTTP 429): Minutely API request limit exceeded",
        httpStatus: 429,
        reason: "Minutely API request limit exceeded. Please try again in one minute."
    )

    /// A driver at ``hostStart`` whose answers carry an API clock 25 s behind the host's.
    static func driver(
        locations: [Location] = [LoopDriver.berlin, LoopDriver.london, LoopDriver.newYork],
        refresh: RefreshPolicy = .everyTick,
        configure: (inout Configuration) -> Void = { _ in }
    ) -> LoopDriver {
        var driver = LoopDriver(locations: locations, refresh: refresh, configure: configure)
        driver.now = Moment(wall: hostStart, uptime: 1000)
        driver.apiSkew = -25
        return driver
    }

    /// Whether `effects` start a fetch.
    static func fetches(_ effects: [WeatherLoop.Effect]) -> Bool {
        LoopDriver.summaries(effects).contains { $0.hasPrefix("fetch ") }
    }

    @Test func aMinutely429PausesUntilTheAPIsFullMinuteLearntFromItsOwnAnswer() throws {
        var driver = Self.driver()
        driver.start()
        driver.script("berlin", .failure(Self.minutely))
        driver.tick()
        let state = try #require(driver.published)
        #expect(state.daemon.apiClockOffsetSeconds == -25)
        // A pause of 35 s, plus a spread of at most a fifteenth of it.
        let until = try #require(state.daemon.backoffUntil)
        #expect(until >= Self.apiMinuteEnd && until <= Self.apiMinuteEnd.adding(seconds: 35.0 / 15))
        #expect(driver.entries.filter { $0["message_id"] == MessageID.backoffBegan }.count == 1)
        // The host's minute ends at the second tick: the pause holds, the ticks say why.
        for _ in 0..<3 {
            let effects = driver.advanceAndTick()
            #expect(!Self.fetches(effects))
            #expect(LoopDriver.entries(in: effects).last?["weather.waiting"] == "backoff")
        }
        driver.advance(seconds: until.seconds(since: driver.now.wall) + 0.01)
        let resumed = driver.tick()
        #expect(LoopDriver.summaries(resumed).contains("notice: API requests resume"))
        #expect(Self.fetches(resumed))
        #expect(driver.entries.filter { $0["message_id"] == MessageID.backoffEnded }.count == 1)
    }

    @Test func aFullQuotaMinuteHoldsUntilTheAPIsMinuteEnds() throws {
        var driver = Self.driver { $0.api.limits = Configuration.LimitSettings(minute: 2.6) }
        driver.start()
        driver.tick()
        // The first request, sent before the API's clock was known, counts in the minute the API is in.
        let held = driver.advanceAndTick()
        #expect(!Self.fetches(held))
        let full = try #require(driver.entries.first { $0["message_id"] == MessageID.quotaFull })
        #expect(full["weather.quota_window"] == "minute")
        #expect(full["weather.quota_used"] == "2.4")
        #expect(full["weather.quota_limit"] == "2.6")
        #expect(full["weather.quota_until"] == Self.apiMinuteEnd.rfc3339)
        #expect(driver.entries.last?["weather.waiting"] == "quota")
        let state = try #require(driver.published)
        #expect(state.daemon.quota.minute.used == 2.4)
        for entry in state.locations.dropFirst() {
            let next = try #require(entry.nextRefreshAt)
            #expect(next >= Self.apiMinuteEnd && next <= Self.apiMinuteEnd.adding(seconds: 4), "\(entry.location.id)")
        }
        // The host's minute is over at 04:06:00; the API's is not until 04:06:25.
        for _ in 0..<2 { #expect(!Self.fetches(driver.advanceAndTick())) }
        #expect(driver.entries.filter { $0["message_id"] == MessageID.quotaFull }.count == 1)
        driver.advance(seconds: Self.apiMinuteEnd.seconds(since: driver.now.wall) + 4.01)
        #expect(Self.fetches(driver.tick()))
        #expect(driver.fetches.map(\.location.id) == ["berlin", "london"])
    }

    @Test func sixtySecondDataPeriodsEndOnTheAPIsClock() throws {
        var driver = Self.driver(refresh: .auto)
        driver.dataInterval = 60
        driver.start()
        driver.tick()
        driver.advanceAndTick()
        driver.advanceAndTick()
        #expect(driver.fetches.map(\.location.id) == ["berlin", "london", "new-york"])
        var state = try #require(driver.published)
        for entry in state.locations {
            #expect(entry.weather?.observedAt == Timestamp(rfc3339: "2026-11-22T04:05:00Z"))
            let next = try #require(entry.nextRefreshAt)
            // The API's next period, plus a spread of at most a fifteenth of it.
            #expect(next >= Self.apiMinuteEnd && next <= Self.apiMinuteEnd.adding(seconds: 4), "\(entry.location.id)")
        }
        // 04:06:20 on the host: its minute is over, the API's period is not.
        #expect(!Self.fetches(driver.advanceAndTick()))
        // The next rotation, after the API's period and its spread: each location fetched once more.
        for _ in 0..<3 { driver.advanceAndTick() }
        #expect(driver.fetches.count == 6)
        state = try #require(driver.published)
        for entry in state.locations {
            #expect(entry.weather?.observedAt == Timestamp(rfc3339: "2026-11-22T04:06:00Z"), "\(entry.location.id)")
        }
    }
}
