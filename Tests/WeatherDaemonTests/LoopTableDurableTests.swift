import StateStore
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The durable files and the watchdog, as tables: one write at a time per file, the newest waiting; a
/// failure said once and the recovery once; a hung write that stalls neither the ticks nor the pings.
@Suite("Loop table: durable writes and the watchdog")
struct LoopTableDurableTests {
    @Test func oneWriteAtATimeAndTheNewestWaitingNext() {
        var writes = DurableWrites<Int>()
        #expect(writes.isIdle)
        let started = writes.submit(1, at: 100)
        #expect(started)
        #expect(writes.writingSince == 100)
        for value in 2...200 {
            let started = writes.submit(value, at: 101)
            #expect(!started)
        }
        let first = writes.finish(nil, at: 102)
        #expect(first.next == 200)
        #expect(first.report == nil)
        #expect(writes.writingSince == 102)
        #expect(writes.finish(nil, at: 103).next == nil)
        #expect(writes.isIdle)
        #expect(writes.landed)
    }

    @Test func aFailureIsReportedOncePerKindAndTheRecoveryOnce() {
        var writes = DurableWrites<Int>()
        let full = FileSystemError(operation: "write", path: "/c", errno: 28)
        let denied = FileSystemError(operation: "open", path: "/c", errno: 13)
        var reports: [DurableWriteReport?] = []
        for error in [full, full, denied, nil, nil] {
            _ = writes.submit(0, at: 0)
            reports.append(writes.finish(error, at: 0).report)
        }
        #expect(reports == [.failed(full), nil, .failed(denied), .recovered(after: denied), nil])
    }

    @Test func aCacheWriteFailureIsJournaledOnceAndTheRecoveryOnce() {
        var driver = LoopDriver()
        driver.start()
        driver.writeError = FileSystemError(operation: "write", path: LoopDriver.files.cacheFile!, errno: 28)
        for _ in 0..<3 { driver.advanceAndTick() }
        driver.writeError = nil
        for _ in 0..<2 { driver.advanceAndTick() }
        let said = driver.entries.filter { $0["message_id"] == MessageID.stateWrite }
        #expect(said.map(\.level) == [.error, .notice])
        #expect(said.first?.message.hasSuffix("; the previous cache stays") == true)
        #expect(said.first?["weather.cache_file"] == "/var/lib/weatherd/cache.json")
        #expect(said.last?.message.hasPrefix("cache written again after: ") == true)
    }

    /// Until a write of this run has landed, each request asks for one first (a killed run's count).
    @Test func aFailedFirstWriteLeavesItToTheNextRequest() {
        var driver = LoopDriver()
        driver.start()
        driver.writeError = FileSystemError(operation: "write", path: LoopDriver.files.cacheFile!, errno: 28)
        #expect(LoopDriver.summaries(driver.tick()).first == "write cache")
        driver.writeError = nil
        #expect(LoopDriver.summaries(driver.advanceAndTick()).first == "write cache")
        #expect(LoopDriver.summaries(driver.advanceAndTick()).first == "fetch new-york")
    }

    /// The cache is written on a fetch's result (with the state file's bytes), never because time passed.
    @Test func theCacheIsWrittenOnFetchesNeverBecauseTimePassed() {
        var driver = LoopDriver(refresh: .auto)
        driver.start()
        driver.tick()
        let afterFetch = driver.effects.filter {
            if case .write(.cache(_, samePublished: true)) = $0 { true } else { false }
        }
        #expect(afterFetch.count == 1)
        let before = driver.effects.count
        for _ in 0..<40 { driver.advanceAndTick() }
        let cacheTicks = driver.effects.dropFirst(before).filter { if case .write = $0 { true } else { false } }
        // Only London's and New York's first fetches in 400 s: one write each.
        #expect(cacheTicks.count == 2)
    }

    @Test func aReloadThatDropsALocationWritesTheCache() {
        var driver = LoopDriver()
        driver.start()
        driver.tick()
        var configuration = driver.configuration
        configuration.locations.removeLast()
        #expect(LoopDriver.summaries(driver.reload(configuration)).contains("write cache"))
    }

    @Test func alertsAndPlacesFailuresAreSaidWithTheirFile() {
        var driver = LoopDriver()
        driver.start()
        driver.writeError = FileSystemError(operation: "write", path: "/var/lib/weatherd/alerts.json", errno: 28)
        driver.send(.written(.alerts, driver.writeError))
        let entry = driver.entries.last!
        #expect(entry.message.hasSuffix("; the previous alerts cache stays"))
        #expect(entry["weather.file"] == "/var/lib/weatherd/alerts.json")
    }

    /// WATCHDOG=1 at each deadline only while ticks keep coming; a stopped loop sends none.
    @Test func theWatchdogPingsOnlyWhileTicksKeepComing() {
        var driver = LoopDriver(watchdog: .seconds(20))
        driver.start()
        driver.tick()
        #expect(LoopDriver.summaries(driver.send(.watchdog)) == ["WATCHDOG"])
        driver.advance(seconds: 15)
        #expect(LoopDriver.summaries(driver.send(.watchdog)) == ["WATCHDOG"])
        driver.advance(seconds: 10)
        #expect(LoopDriver.summaries(driver.send(.watchdog)) == ["warning: no tick for 25 s; not pinging the watchdog"])
        driver.tick()
        #expect(LoopDriver.summaries(driver.send(.watchdog)) == ["WATCHDOG"])
        driver.send(.shutdown)
        #expect(driver.send(.watchdog).isEmpty)
    }

    @Test func withoutWatchdogSecTheDeadlinesDoNothing() {
        var driver = LoopDriver()
        driver.start()
        driver.tick()
        #expect(driver.send(.watchdog).isEmpty)
    }

    /// A cache write that hangs stalls neither the ticks, nor the state file, nor the pings; said once.
    @Test func aHungCacheWriteStallsNeitherTheTicksNorTheWatchdog() {
        var driver = LoopDriver(watchdog: .seconds(20))
        driver.start()
        driver.tick()
        driver.holdWrites = true
        var pings = 0
        for _ in 0..<5 {
            driver.advanceAndTick()
            pings += driver.send(.watchdog).filter { $0 == .notify(.watchdog) }.count
        }
        #expect(driver.fetches.count == 6)
        #expect(pings == 5)
        let slow = driver.entries.filter { $0.message.hasPrefix("the cache write has taken") }
        #expect(slow.map(\.message) == ["the cache write has taken 30 s so far; ticks and the state file go on"])
        // The write ends: the newest snapshot that waited goes next, then nothing waits.
        #expect(LoopDriver.summaries(driver.endWrites()) == ["write cache"])
        #expect(LoopDriver.summaries(driver.endWrites()).isEmpty)
    }
}
