import Testing
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The stop in every state the loop can be in, as tables.
@Suite("Loop table: stop")
struct LoopTableStopTests {
    @Test func stopWhileIdleWritesTheFinalStateAndFinishesOnceTheCacheIsWritten() {
        var driver = LoopDriver()
        driver.start()
        driver.tick()
        driver.holdWrites = true
        #expect(
            LoopDriver.summaries(driver.send(.shutdown)) == [
                "STOPPING", "notice: stopping", "stop timers", "publish final", "write cache",
            ]
        )
        #expect(driver.published?.daemon.stoppedAt == LoopDriver.startTime)
        #expect(LoopDriver.summaries(driver.endWrites()) == ["finished"])
        #expect(driver.loop.lifecycle == .stopped)
    }

    @Test func stopCancelsAFetchInFlightWhoseFailureIsNotRecorded() {
        var driver = LoopDriver()
        driver.start()
        driver.script("berlin", .held)
        driver.tick()
        let effects = LoopDriver.summaries(driver.send(.shutdown))
        #expect(effects.prefix(4) == ["STOPPING", "notice: stopping", "stop timers", "cancel requests"])
        #expect(effects.contains("publish final"))
        #expect(effects.last == "finished")
        #expect(!effects.contains { $0.hasPrefix("warning") })
        #expect(driver.published?.daemon.fetchesFailed == 0)
    }

    /// A fetch that succeeds while stopping is recorded: its weather reaches the final files.
    @Test func aFetchThatSucceedsWhileStoppingIsKept() {
        var driver = LoopDriver()
        driver.start()
        driver.script("berlin", .held)
        driver.tick()
        let order = driver.heldFetches[0]
        let stop = LoopDriver.summaries(driver.loop.handle(.shutdown, at: driver.now))
        #expect(!stop.contains("finished"))
        let weather = driver.currentWeather
        let outcome = FetchOutcome(result: .success(.forecast(Forecast(weather: weather))), elapsed: .milliseconds(80))
        let ended = LoopDriver.summaries(driver.loop.handle(.fetched(order, outcome), at: driver.now))
        #expect(ended == ["info: Berlin: 2.0 °C, Slight rain", "publish final"])
        // Its cache waits for the stop's write, then the loop finishes.
        #expect(LoopDriver.summaries(driver.loop.handle(.written(.cache, nil), at: driver.now)) == ["write cache"])
        #expect(LoopDriver.summaries(driver.loop.handle(.written(.cache, nil), at: driver.now)) == ["finished"])
    }

    @Test func aQueuedFetchIsDroppedByTheStop() {
        var driver = LoopDriver()
        driver.start()
        driver.script("berlin", .held)
        driver.tick()
        driver.advanceAndTick()
        driver.send(.shutdown)
        #expect(driver.fetches.map(\.location.id) == ["berlin"])
    }

    @Test func aSecondShutdownAndLaterEventsDoNothing() {
        var driver = LoopDriver()
        driver.start()
        driver.send(.shutdown)
        #expect(driver.send(.shutdown).isEmpty)
        #expect(driver.tick().isEmpty)
        #expect(driver.send(.watchdog).isEmpty)
        #expect(driver.send(.refresh).isEmpty)
        #expect(driver.reload(driver.configuration).isEmpty)
    }

    /// The durable writes outlive the ticks: the loop finishes after the last one, however many wait.
    @Test func theLoopFinishesAfterTheLastDurableWrite() {
        var driver = LoopDriver()
        driver.start()
        driver.holdWrites = true
        driver.tick()
        driver.send(.shutdown)
        #expect(driver.heldWrites == [.cache])
        let first = LoopDriver.summaries(driver.endWrites())
        #expect(first == ["write cache"])
        #expect(LoopDriver.summaries(driver.endWrites()) == ["finished"])
    }

    @Test func withoutACacheTheStopFinishesAtOnce() {
        var driver = LoopDriver(files: DaemonFiles(stateFile: "/run/weatherd/state.json"))
        driver.start()
        #expect(LoopDriver.summaries(driver.send(.shutdown)).last == "finished")
    }
}
