import Testing
import WeatherCore
import WeatherTestSupport

@testable import WeatherConfiguration
@testable import WeatherDaemon

/// SIGHUP, as tables: a configuration read again (or refused) in, the loop's answer out.
@Suite("Loop table: reload")
struct LoopTableReloadTests {
    @Test func aReloadIsAppliedAtOnceAndEndsWithReady() {
        var driver = LoopDriver()
        driver.start()
        driver.tick()
        var configuration = driver.configuration
        configuration.locations = [LoopDriver.berlin, LoopDriver.tokyo]
        #expect(
            LoopDriver.summaries(driver.reload(configuration)) == [
                "RELOADING",
                "write cache",
                "notice: configuration reloaded: 2 locations every 10s, refresh every_tick",
                "READY: Berlin 2.0 °C Slight rain · 2 locations · 0 failing",
            ]
        )
        driver.advanceAndTick()
        #expect(driver.fetches.last?.location.id == "tokyo")
    }

    @Test func aNewIntervalRestartsTheTimer() {
        var driver = LoopDriver()
        driver.start()
        var configuration = driver.configuration
        configuration.interval = .seconds(5)
        let effects = LoopDriver.summaries(driver.reload(configuration))
        #expect(effects.contains("ticks every 5.0 s"))
        #expect(effects.last?.hasPrefix("READY") == true)
    }

    @Test func anotherLanguageWaitsForARestartAndSaysSo() {
        var driver = LoopDriver()
        driver.start()
        var configuration = driver.configuration
        configuration.language = "de"
        let effects = LoopDriver.summaries(driver.reload(configuration))
        #expect(effects.contains("notice: language changed from auto to de: it takes effect at the next restart"))
        let same = LoopDriver.summaries(driver.reload(configuration))
        #expect(!same.contains { $0.contains("language changed") })
    }

    @Test func theSameIntervalKeepsTheTimer() {
        var driver = LoopDriver()
        driver.start()
        let effects = LoopDriver.summaries(driver.reload(driver.configuration))
        #expect(!effects.contains { $0.hasPrefix("ticks every") })
        #expect(!effects.contains("write cache"))
    }

    @Test func aRejectedReloadIsLoggedAndTheOldConfigurationStays() {
        var driver = LoopDriver()
        driver.start()
        let error = ConfigError(file: "/etc/weatherd/config.yaml", keyPath: "interval", line: 3, message: "must be > 0")
        let effects = driver.send(.reload(.failure(error)))
        #expect(LoopDriver.summaries(effects).first == "RELOADING")
        let rejected = LoopDriver.entries(in: effects).filter { $0["message_id"] == MessageID.reloadRejected }
        #expect(rejected.count == 1)
        #expect(rejected.first?.level == .error)
        #expect(rejected.first?.message.hasPrefix("configuration not reloaded, keeping the running one:") == true)
        #expect(LoopDriver.summaries(effects).last?.hasPrefix("READY") == true)
        driver.tick()
        driver.advanceAndTick()
        driver.advanceAndTick()
        #expect(driver.fetches.map(\.location.id) == ["berlin", "london", "new-york"])
    }

    /// Locations that stay keep their weather; a moved one is fetched again at once.
    @Test func aMovedLocationIsDueAtOnceTheOthersKeepTheirWeather() {
        var driver = LoopDriver(refresh: .auto)
        driver.start()
        driver.tick()
        driver.advanceAndTick()
        driver.advanceAndTick()
        var configuration = driver.configuration
        configuration.locations[1] = Location(name: "London", latitude: 51.5, longitude: -0.12)
        driver.reload(configuration)
        #expect(driver.published?.locations[0].weather != nil)
        driver.advanceAndTick()
        driver.advanceAndTick()
        #expect(driver.fetches.map(\.location.id) == ["berlin", "london", "new-york", "london"])
    }
}
