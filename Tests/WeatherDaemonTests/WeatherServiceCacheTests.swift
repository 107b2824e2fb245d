import Foundation
import StateStore
import Testing
import WeatherCore

@testable import WeatherDaemon

#if canImport(Glibc)
import Glibc
#endif

/// docs/state-file.md "Files": the state file every tick (no fsync), the durable cache only when what a restart
/// needs changes, an earlier version's state file taken over and linked.
@Suite("WeatherService cache")
struct WeatherServiceCacheTests {
    /// The inode and change time of `path` (a replaced file has another), nil when missing.
    private static func inode(_ path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_ino), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
    }

    @Test func theCacheIsWrittenOnFetchesNeverBecauseTimePassed() async throws {
        let h = ServiceHarness(refresh: .auto)
        let cache = try #require(h.cacheFile)
        await h.start()
        #expect(Self.inode(cache.path) == nil)  // nothing new to keep yet
        for _ in 0..<3 { await h.advanceAndTick() }  // each location fetched once
        #expect(try cache.read().daemon.fetchesOK == 3)
        let written = Self.inode(cache.path)
        #expect(written != nil)

        // Twelve ticks that serve the cache: the state file is replaced every time, the cache never.
        var stateTicks: [Int] = []
        for _ in 0..<12 {
            await h.advanceAndTick(seconds: 10)
            stateTicks.append(try h.readState().daemon.ticks)
        }
        #expect(h.provider.calls.count == 3)
        #expect(stateTicks == Array(4...15))
        #expect(Self.inode(cache.path) == written)
        #expect(try h.readState().daemon.ticksFromCache == 12)

        // Past the data interval a location is due again: the request and its result reach the cache.
        await h.advanceAndTick(seconds: 900)
        #expect(h.provider.calls.count == 4)
        #expect(Self.inode(cache.path) != written)
        #expect(try cache.read().daemon.fetchesOK == 4)
        await h.stop()
    }

    @Test func aRestartLoadsTheCacheWhenTheStateFileIsGone() async throws {
        let directory = TemporaryDirectory("weatherd-cache-restart")
        do {
            let first = ServiceHarness(refresh: .auto, directory: directory)
            await first.start()
            await first.tick()
            await first.stop()
        }
        // A reboot empties the runtime directory.
        try FileManager.default.removeItem(atPath: directory.file("state.json"))
        let second = ServiceHarness(refresh: .auto, directory: directory)
        await second.start()
        let state = try second.readState()
        #expect(state.locations[0].weather == ScriptedProvider.defaultWeather)
        #expect(state.daemon.quota.day.used > 0)
        await second.tick()
        #expect(second.provider.calls.isEmpty)  // Berlin is not due: the restart cost no request
        #expect(
            second.log.entries.contains {
                $0.message == "previous state loaded" && $0["weather.previous_state"] == directory.file("cache.json")
            }
        )
        await second.stop()
    }

    /// A directory where an earlier version ran: its state file in `lib/` (the state directory), no cache.
    private static func leftByAnEarlierVersion(_ name: String) async throws -> TemporaryDirectory {
        let directory = TemporaryDirectory(name)
        try FileManager.default.createDirectory(atPath: directory.file("lib"), withIntermediateDirectories: false)
        let old = ServiceHarness(refresh: .auto, statePath: "lib/state.json", cachePath: nil, directory: directory)
        await old.start()
        await old.tick()
        await old.stop()
        return directory
    }

    @Test func anEarlierVersionsStateFileIsTakenOverAndBecomesALink() async throws {
        let directory = try await Self.leftByAnEarlierVersion("weatherd-upgrade")
        try FileManager.default.createDirectory(atPath: directory.file("run"), withIntermediateDirectories: false)
        // This version: the state file in the runtime directory, the cache in the state directory.
        let upgraded = {
            ServiceHarness(
                refresh: .auto,
                statePath: "run/state.json",
                cachePath: "lib/cache.json",
                previousStateFiles: [directory.file("run/state.json"), directory.file("lib/state.json")],
                directory: directory
            )
        }
        let new = upgraded()
        await new.start()
        // Its weather and quota were taken over, and are in the cache.
        let cache = try #require(new.cacheFile)
        #expect(try cache.read().locations[0].weather == ScriptedProvider.defaultWeather)
        #expect(try new.readState().locations[0].weather == ScriptedProvider.defaultWeather)
        // The old path is a link to the new state file, so its readers keep working.
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("lib/state.json"))
        #expect(target == directory.file("run/state.json"))
        #expect(try StateFile(path: directory.file("lib/state.json")).read().daemon.pid == ServiceHarness.pid)
        #expect(new.log.entries.contains { $0.level == .notice && $0.message.contains("is now a link to") })
        await new.tick()
        #expect(new.provider.calls.isEmpty)
        await new.stop()

        // The next start reads the cache and leaves the link alone.
        let again = upgraded()
        await again.start()
        #expect(!again.log.entries.contains { $0.message.contains("is now a link to") })
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("lib/state.json")) == target)
        await again.stop()
    }

    @Test func theLinkWaitsForTheFirstStateFileWritten() async throws {
        let directory = try await Self.leftByAnEarlierVersion("weatherd-upgrade-late")
        // The runtime directory cannot be written yet (a regular file where it should be).
        directory.write("run", "not a directory")
        let new = ServiceHarness(
            refresh: .auto,
            statePath: "run/state.json",
            cachePath: "lib/cache.json",
            previousStateFiles: [directory.file("run/state.json"), directory.file("lib/state.json")],
            directory: directory
        )
        await new.start()
        let old = StateFile(path: directory.file("lib/state.json"))
        #expect(old.isRegularFile)  // no link to a file that is not there
        try FileManager.default.removeItem(atPath: directory.file("run"))
        try FileManager.default.createDirectory(atPath: directory.file("run"), withIntermediateDirectories: false)
        await new.advanceAndTick()
        #expect(!old.isRegularFile)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: old.path) == directory.file("run/state.json"))
        await new.stop()
    }

    @Test func aReloadThatDropsALocationWritesTheCache() async throws {
        let h = ServiceHarness(refresh: .auto)
        let cache = try #require(h.cacheFile)
        await h.start()
        for _ in 0..<3 { await h.advanceAndTick() }
        #expect(try cache.read().locations.count == 3)
        var fewer = Configuration()
        fewer.api.baseURL = "http://127.0.0.1:9"
        fewer.refresh = .auto
        fewer.locations = [ServiceHarness.berlin, ServiceHarness.london]
        await h.reload(fewer)
        await h.settle()
        #expect(try cache.read().locations.map(\.location.id) == ["berlin", "london"])
        await h.stop()
    }
}
