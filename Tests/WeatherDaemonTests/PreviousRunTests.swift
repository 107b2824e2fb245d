import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// What the runner reads before the loop starts (``PreviousRun/read(_:at:)``): the cache, then the earlier
/// state files, against real files.
@Suite("Previous run: what the runner reads at start")
struct PreviousRunTests {
    /// A snapshot with Berlin's weather, from a loop that fetched once.
    private static func fetchedSnapshot() throws -> StateSnapshot {
        var driver = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto)
        driver.start()
        return try #require(driver.published)
    }

    private static func files(_ directory: TemporaryDirectory, earlier: [String]) -> DaemonFiles {
        DaemonFiles(
            stateFile: directory.file("state.json"),
            cacheFile: directory.file("cache.json"),
            previousStateFiles: earlier.map(directory.file)
        )
    }

    /// The cache first, then the earlier state files in order, missing ones left out, up to the first that
    /// holds a snapshot; a link there is no regular file.
    @Test func theRunnerLooksAtTheCacheThenTheEarlierStateFiles() throws {
        let previous = try Self.fetchedSnapshot()
        let directory = TemporaryDirectory("weatherd-previous-run")
        directory.write("cache.json", "{not JSON")
        let text = StateEncoder.encode(previous)
        directory.write("real.json", text)
        try FileManager.default.createSymbolicLink(atPath: directory.file("old.json"), withDestinationPath: "real.json")
        directory.write("older.json", text)
        let files = Self.files(directory, earlier: ["gone.json", "old.json", "older.json"])
        let run = PreviousRun.read(files, at: LoopDriver.startTime)
        #expect(run.found.map(\.path) == [directory.file("cache.json"), directory.file("old.json")])
        #expect(run.found.map(\.isCache) == [true, false])
        if case .corrupt = run.found.first?.outcome {} else { Issue.record("the cache: \(run.found)") }
        if case .loaded = run.found.last?.outcome {} else { Issue.record("old.json: \(run.found)") }
        #expect(run.found.last?.isRegularFile == false)
    }

    /// A cache that holds a snapshot ends the search.
    @Test func aLoadedCacheEndsTheSearch() throws {
        let previous = try Self.fetchedSnapshot()
        let directory = TemporaryDirectory("weatherd-previous-run")
        directory.write("cache.json", StateEncoder.encode(previous))
        directory.write("old.json", StateEncoder.encode(previous))
        let run = PreviousRun.read(Self.files(directory, earlier: ["old.json"]), at: LoopDriver.startTime)
        #expect(run.found.map(\.path) == [directory.file("cache.json")])
    }

    /// The geocoding and alerts caches beside the cache are read too, and a killed run's temporary state
    /// file is removed.
    @Test func theCachesBesideItAreReadAndLeftoversRemoved() throws {
        let directory = TemporaryDirectory("weatherd-previous-run")
        let files = Self.files(directory, earlier: [])
        let place = Place(name: "Paris", latitude: 48.8566, longitude: 2.3522, countryCode: "FR")
        try files.geocodingCache?.save([GeocodingCache.Query(name: "Paris", countryCode: "FR"): place])
        var memory = AlertPlanner.Memory()
        memory.notCovered = ["dwd 1,2": LoopDriver.startTime]
        try files.alertCache?.save(memory)
        directory.write(".state.json.tmp-1234", "half a file")
        let run = PreviousRun.read(files, at: LoopDriver.startTime)
        #expect(run.places[GeocodingCache.Query(name: "Paris", countryCode: "FR")] == place)
        #expect(run.alertMemory.outside == ["dwd 1,2"])
        #expect(run.found.isEmpty)
        #expect(!directory.contents().contains { $0.hasPrefix(".state.json.tmp-") })
    }
}
