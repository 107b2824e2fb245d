import Foundation
import NIOPosix
import StateStore
import Testing
import WeatherConfiguration
import WeatherCore

import WeatherTestSupport
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
        // The last fetch's result, in both files: the cache takes the state file's bytes as they are.
        let files = [cache.path, h.stateFile.path].map { FileManager.default.contents(atPath: $0) }
        #expect(files[0] != nil && files[0] == files[1])
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

    /// A stopped run's cache says when it stopped; a killed run's (left running here, as `kill -9` leaves it)
    /// does not, and the next start counts one more request of a fetch's weight: the one it may have had in
    /// flight. A stopped run costs nothing more.
    @Test(arguments: [true, false])
    func aStartCountsTheRequestAKilledRunMayHaveHadInFlight(stopped: Bool) async throws {
        let directory = TemporaryDirectory("weatherd-cache-stopped")
        let first = ServiceHarness(refresh: .auto, directory: directory)
        let cache = try #require(first.cacheFile)
        await first.start()
        await first.tick()  // Berlin, fetched
        if stopped { await first.stop() }
        let left = try cache.read().daemon
        #expect((left.stoppedAt != nil) == stopped)
        #expect(left.quota.day.used > 0)

        let second = ServiceHarness(refresh: .auto, directory: directory)
        await second.start()
        // London's and New York's next fetch weigh what Berlin's first did.
        #expect(try second.readState().daemon.quota.day.used == (stopped ? 1 : 2) * left.quota.day.used)
        let said = second.log.entries.contains { $0.message.hasPrefix("the previous run did not stop") }
        #expect(said == !stopped)
        await second.stop()
        #expect(try cache.read().daemon.stoppedAt != nil)
    }

    /// A start that writes the cache at once (here: a pause that lay beyond its limit, dropped) writes the
    /// request it counts for a killed run with it, and that write is the run's first.
    @Test func theStartsOwnWriteHoldsTheRequestCountedForAKilledRun() async throws {
        let directory = TemporaryDirectory("weatherd-cache-killed-pause")
        let first = ServiceHarness(refresh: .auto, directory: directory)
        let cache = try #require(first.cacheFile)
        await first.start()
        await first.tick()  // Berlin, fetched
        await first.stop()
        // As a killed run would have left it, with a pause of no known cause, which a start drops.
        var left = try cache.read()
        left.daemon.stoppedAt = nil
        left.daemon.backoffUntil = first.clock.now.adding(seconds: 86_400)
        left.daemon.backoffCause = nil
        try cache.write(left)

        let second = ServiceHarness(refresh: .auto, directory: directory)
        await second.start()
        await second.settle()
        #expect(try cache.read().daemon.backoffUntil == nil)
        #expect(try cache.read().daemon.quota.day.used == 2 * left.daemon.quota.day.used)
        await second.stop()
    }

    /// A directory where a run stopped (its cache says so), and a one-thread pool of its own for the next
    /// runs' writes: a job submitted to it after the writes runs after them.
    private static func afterAStoppedRun(
        _ name: String
    ) async throws -> (TemporaryDirectory, NIOThreadPool, StateFile) {
        let directory = TemporaryDirectory(name)
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let stopped = ServiceHarness(refresh: .auto, directory: directory, threadPool: pool)
        let cache = try #require(stopped.cacheFile)
        await stopped.start()
        await stopped.stop()
        #expect(try cache.read().daemon.stoppedAt != nil)
        return (directory, pool, cache)
    }

    /// A request reaches the cache with its result (one durable write a fetch), not when it is sent; the
    /// first request of a run is the exception, so that the cache stops saying the previous run stopped. A
    /// request in flight when the run is killed is counted by the next start.
    @Test func aRequestReachesTheCacheWithItsResultAndAKilledRunsWithTheNextStart() async throws {
        let (directory, pool, cache) = try await Self.afterAStoppedRun("weatherd-cache-in-flight")
        let run = ServiceHarness(refresh: .auto, directory: directory, threadPool: pool)
        let gate = Gate()
        defer { gate.open() }
        run.provider.script("london", .blocked(gate, then: .success(ScriptedProvider.defaultWeather)))
        await run.start()
        await run.tickWithoutWaiting()  // Berlin: the run's first request writes the cache before it goes
        #expect(await run.provider.waitForCalls(1))
        try await pool.runIfActive {}  // every write asked for so far has ended
        #expect(try cache.read().daemon.stoppedAt == nil)
        await run.settle()  // Berlin's result, written
        let oneFetch = try cache.read().daemon.quota.day.used
        run.clock.advance(seconds: 10)
        await run.tickWithoutWaiting()  // London: its request hangs
        #expect(await run.provider.waitForCalls(2))
        try await pool.runIfActive {}
        let written = try cache.read().daemon
        #expect(written.requests == 1)  // London's request is not in the cache
        #expect(written.quota.day.used == oneFetch)

        // Killed now (the run is left as it is): the next start counts London's request.
        let next = ServiceHarness(refresh: .auto, directory: directory, threadPool: pool)
        await next.start()
        #expect(try next.readState().daemon.quota.day.used == 2 * oneFetch)
        await next.stop()
        try await pool.shutdownGracefully()
    }

    /// A run's first write that fails (here: a directory where its temporary file goes) does not count: the
    /// next request asks for a write again, so the cache stops saying that the previous run stopped.
    @Test func aFailedFirstWriteLeavesItToTheNextRequest() async throws {
        let (directory, pool, cache) = try await Self.afterAStoppedRun("weatherd-cache-first-write-fails")
        let run = ServiceHarness(refresh: .auto, directory: directory, threadPool: pool)
        let blocker = AtomicFile.temporaryPrefix(for: cache.path) + String(getpid())
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        let gate = Gate()
        defer { gate.open() }
        run.provider.script("london", .blocked(gate, then: .success(ScriptedProvider.defaultWeather)))
        await run.start()
        await run.tick()  // Berlin: its writes, before the request and with its result, fail
        #expect(try cache.read().daemon.stoppedAt != nil)
        try FileManager.default.removeItem(atPath: blocker)
        run.clock.advance(seconds: 10)
        await run.tickWithoutWaiting()  // London: a write asked for first; its request hangs
        #expect(await run.provider.waitForCalls(2))
        try await pool.runIfActive {}
        #expect(try cache.read().daemon.stoppedAt == nil)
        try await pool.shutdownGracefully()
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
