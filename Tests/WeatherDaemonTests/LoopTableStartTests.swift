import StateStore
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The start, as tables: what the previous run left in, what the loop asks for out.
@Suite("Loop table: start and restore")
struct LoopTableStartTests {
    /// A snapshot with the weather of every location, as a previous run left it.
    static func previousSnapshot(stopped: Bool = true) -> StateSnapshot {
        var driver = LoopDriver()
        driver.start()
        for _ in 0..<3 { driver.advanceAndTick() }
        if stopped { driver.send(.shutdown) }
        return driver.published!
    }

    static func found(_ path: String, cache: Bool, _ outcome: StateFile.LoadOutcome) -> PreviousRun.Found {
        PreviousRun.Found(path: path, isCache: cache, outcome: outcome)
    }

    static func previous(_ found: PreviousRun.Found...) -> PreviousRun {
        var run = PreviousRun()
        run.found = found
        return run
    }

    @Test func aFirstStartPublishesLogsAndStartsTheTimers() {
        var driver = LoopDriver(watchdog: .seconds(30))
        #expect(
            LoopDriver.summaries(driver.start()) == [
                "notice: weatherd 0.1.0-test started: 3 locations every 10s, refresh every_tick",
                "publish: 3 locations · 0 failing",
                "watchdog every 15.0 s",
                "ticks every 10.0 s",
            ]
        )
        let started = driver.entries[0]
        #expect(started["message_id"] == MessageID.started)
        #expect(started["weather.state_file"] == "/run/weatherd/state.json")
        #expect(started["weather.cache_file"] == "/var/lib/weatherd/cache.json")
        #expect(driver.loop.lifecycle == .running)
        let state = driver.published!
        #expect(state.daemon.startedAt == LoopDriver.startTime)
        #expect(state.locations.map(\.status) == [.pending, .pending, .pending])
    }

    @Test func aSecondStartIsIgnored() {
        var driver = LoopDriver()
        driver.start()
        #expect(driver.start().isEmpty)
    }

    @Test func startWarnsWhenThePolicyCanSpendMoreThanALimit() {
        var driver = LoopDriver { $0.api.limits.day = 100 }
        let entries = LoopDriver.entries(in: driver.start())
        #expect(entries.contains { $0.level == .warning && $0.message.contains("100") })
    }

    @Test func aStateFileNotOnTmpfsIsSaidOnce() {
        var driver = LoopDriver()
        var previous = PreviousRun()
        previous.stateFileIsInMemory = false
        let entries = LoopDriver.entries(in: driver.start(previous))
        #expect(
            entries.filter { $0.message.hasPrefix("the state file /run/weatherd/state.json is not on tmpfs") }.count
                == 1
        )
    }

    @Test func aStoppedRunsCacheIsRestoredWithoutAWrite() {
        var driver = LoopDriver()
        let effects = driver.start(
            Self.previous(Self.found(LoopDriver.files.cacheFile!, cache: true, .loaded(Self.previousSnapshot())))
        )
        #expect(LoopDriver.summaries(effects).contains("info: previous state loaded"))
        #expect(!LoopDriver.summaries(effects).contains("write cache"))
        #expect(driver.published?.locations.map(\.status) == [.ok, .ok, .ok])
        #expect(driver.published?.daemon.requests == 0)
    }

    /// A cache that does not say its run stopped: the request it may have had in flight is counted.
    @Test func aKilledRunsCacheChargesTheRequestItMayHaveHadInFlight() {
        var driver = LoopDriver()
        let before = Self.previousSnapshot(stopped: false)
        let effects = driver.start(Self.previous(Self.found(LoopDriver.files.cacheFile!, cache: true, .loaded(before))))
        #expect(
            LoopDriver.summaries(effects).contains(
                "notice: the previous run did not stop: one request it may have had in flight is counted in the quota windows"
            )
        )
        #expect(driver.published!.daemon.quota.day.used > before.daemon.quota.day.used)
    }

    @Test func aCorruptCacheIsSaidAndTheEarlierStateFileTakenOverIntoTheCacheThenLinked() {
        var driver = LoopDriver()
        driver.holdWrites = true
        let effects = driver.start(
            Self.previous(
                Self.found(
                    LoopDriver.files.cacheFile!,
                    cache: true,
                    .corrupt(reason: "not JSON", movedTo: "/x.corrupt")
                ),
                Self.found("/var/lib/weatherd/state.json", cache: false, .loaded(Self.previousSnapshot()))
            )
        )
        let summaries = LoopDriver.summaries(effects)
        #expect(summaries.contains("error: the cache was corrupt (not JSON); moved aside to /x.corrupt"))
        // Into the cache first; the link only once the cache holds it.
        #expect(summaries.contains("write cache"))
        #expect(!summaries.contains { $0.hasPrefix("link") })
        #expect(LoopDriver.summaries(driver.endWrites()) == ["link /var/lib/weatherd/state.json"])
    }

    @Test func aTakeOverNotWrittenMakesNoLink() {
        var driver = LoopDriver()
        driver.holdWrites = true
        driver.start(
            Self.previous(Self.found("/var/lib/weatherd/state.json", cache: false, .loaded(Self.previousSnapshot())))
        )
        driver.writeError = FileSystemError(operation: "write", path: "/var/lib/weatherd/cache.json", errno: 28)
        let summaries = LoopDriver.summaries(driver.endWrites())
        #expect(summaries.count == 1)
        #expect(summaries[0].hasPrefix("error: ") && summaries[0].hasSuffix("; the previous cache stays"))
        // Written at the next try: the link follows.
        driver.writeError = nil
        driver.tick()
        #expect(LoopDriver.summaries(driver.endWrites()).contains("link /var/lib/weatherd/state.json"))
    }

    /// The state file itself read back (no cache configured) is no take-over.
    @Test func theStateFileReadBackIsNoTakeOver() {
        var driver = LoopDriver(files: DaemonFiles(stateFile: "/run/weatherd/state.json"))
        let effects = driver.start(
            Self.previous(Self.found("/run/weatherd/state.json", cache: false, .loaded(Self.previousSnapshot())))
        )
        #expect(!LoopDriver.summaries(effects).contains { $0.hasPrefix("write") || $0.hasPrefix("link") })
    }

    @Test func anUnreadableCacheEndsTheSearch() {
        var driver = LoopDriver()
        let error = FileSystemError(operation: "open", path: LoopDriver.files.cacheFile!, errno: 13)
        let effects = driver.start(
            Self.previous(
                Self.found(LoopDriver.files.cacheFile!, cache: true, .unreadable(error)),
                Self.found("/var/lib/weatherd/state.json", cache: false, .loaded(Self.previousSnapshot()))
            )
        )
        #expect(
            LoopDriver.entries(in: effects).contains {
                $0.level == .error && $0.message.hasPrefix("cannot read the cache")
            }
        )
        #expect(driver.published?.locations.map(\.status) == [.pending, .pending, .pending])
    }

    @Test func aCorruptEarlierStateFileIsSaidAndTheNextOneRead() {
        var driver = LoopDriver(files: DaemonFiles(stateFile: "/run/weatherd/state.json", cacheFile: nil))
        let effects = driver.start(
            Self.previous(
                Self.found(
                    "/run/weatherd/state.json",
                    cache: false,
                    .corrupt(reason: "schema_version 2", movedTo: nil)
                ),
                Self.found("/var/lib/weatherd/state.json", cache: false, .loaded(Self.previousSnapshot()))
            )
        )
        #expect(
            LoopDriver.summaries(effects).contains(
                "error: state file was corrupt (schema_version 2); moved aside to nowhere: could not rename it"
            )
        )
        #expect(driver.published?.locations.map(\.status) == [.ok, .ok, .ok])
    }

    @Test func placesFoundBeforeAreUsedWithoutAsking() {
        let paris = Location(name: "Paris", countryCode: "FR")
        var driver = LoopDriver(locations: [paris])
        var previous = PreviousRun()
        let place = Place(name: "Paris", latitude: 48.8566, longitude: 2.3522, countryCode: "FR")
        previous.places = [GeocodingCache.Query(paris): place]
        driver.start(previous)
        driver.tick()
        #expect(driver.fetches.map(\.geocode) == [false])
        #expect(driver.fetches.first?.location.latitude == 48.8566)
    }

    @Test func aShutdownBeforeTheStartFinishesAtOnce() {
        var driver = LoopDriver()
        #expect(LoopDriver.summaries(driver.send(.shutdown)) == ["finished"])
        #expect(driver.start().isEmpty)
        #expect(driver.tick().isEmpty)
    }
}
