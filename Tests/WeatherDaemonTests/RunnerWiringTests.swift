import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

#if canImport(Glibc)
import Glibc
#endif

/// The runner's wiring, on real files: its timers' events reach the loop, its requests run as tasks and
/// their ends come back, durable writes run off the loop's thread, SIGHUP reads the configuration and
/// builds the clients again, and stopping is cancellation. The loop's decisions are the table tests'.
@Suite("LoopRunner: wiring")
struct RunnerWiringTests {
    @Test func theStateFileComesBeforeReadyTicksFetchAndACancelledRunStillStops() async throws {
        let h = RunnerHarness()
        let service = h.service()
        let running = Task { await service.run() }
        #expect(await h.waitUntil { h.ticks.isRunning })
        #expect(h.seenAtReady.value == [true])
        h.ticks.fire()
        #expect(await h.waitUntil { (try? h.readState().daemon.fetchesOK) == 1 })
        let cache = StateFile(path: h.files.cacheFile!)
        #expect(await h.waitUntil { (try? cache.read().daemon.fetchesOK) == 1 })
        #expect(h.provider.calls == ["berlin"])
        running.cancel()
        await running.value
        #expect(h.notifier.calls.last == .stopping)
        #expect(h.ticks.stopCount == 1)
        #expect(try h.readState().daemon.stoppedAt != nil)
        #expect(!h.log.entries.contains { $0.level >= .error })
    }

    /// Under a `ServiceGroup`, graceful shutdown stops the loop; a cache write that hangs (its temporary
    /// file is a FIFO nobody reads, so `open` blocks, as an fsync on a dying SD card would) is given up when
    /// the group's maximum graceful shutdown duration is over: `run()` returns with the final state file
    /// written and the previous cache intact.
    @Test func aServiceGroupEndsAStopHeldUpByAHungCacheWrite() async throws {
        // A pool of its own: the blocked thread holds up no other test's writes.
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let h = RunnerHarness()
        var configuration = ServiceGroupConfiguration(
            services: [h.service(threadPool: pool)],
            logger: Logger(label: "test")
        )
        configuration.maximumGracefulShutdownDuration = .milliseconds(200)
        let group = ServiceGroup(configuration: configuration)
        let running = Task { try await group.run() }
        #expect(await h.waitUntil { h.ticks.isRunning })
        let fifo = AtomicFile.temporaryPrefix(for: h.files.cacheFile!) + String(getpid())
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        h.ticks.fire()
        #expect(await h.waitUntil { (try? h.readState().daemon.fetchesOK) == 1 })
        await group.triggerGracefulShutdown()
        let stopped = ContinuousClock.now
        let finished = Locked(false)
        let waiting = Task {
            try await running.value
            finished.withLock { $0 = true }
        }
        #expect(await h.waitUntil(.seconds(6)) { finished.value })
        #expect(ContinuousClock.now - stopped < .seconds(6))
        #expect(h.notifier.calls.contains(.stopping))
        #expect(try h.readState().daemon.stoppedAt != nil)
        #expect(!FileManager.default.fileExists(atPath: h.files.cacheFile!))
        // Let the abandoned write go on (it fails: a FIFO cannot be fsynced).
        await releaseFIFO(fifo)
        try await waiting.value
        try await pool.shutdownGracefully()
    }

    /// SIGHUP: the configuration is read again and its clients built again before the loop sees it; the
    /// reload ends with READY=1.
    @MainActor
    @Test func aReloadReadsTheConfigurationAndBuildsTheClientsAgain() async throws {
        let h = RunnerHarness()
        let runner = LoopRunner(
            configuration: h.configuration,
            files: h.files,
            pid: LoopDriver.pid,
            version: LoopDriver.version,
            seed: 42,
            environment: h.environment,
            logger: h.log.logger()
        )
        runner.start()
        let running = Task { await runner.run() }
        var two = h.configuration
        two.locations = [LoopDriver.tokyo]
        h.configurationRead.withLock { $0 = .success(two) }
        runner.reload()
        #expect(h.clientsMade.value == 2)
        #expect(h.notifier.calls.suffix(2) == [.reloading, .ready("1 location · 0 failing")])
        h.ticks.fire()
        #expect(await h.waitUntil { h.provider.calls == ["tokyo"] })
        running.cancel()
        await running.value
    }

    /// An earlier version's state file is taken over into the cache, then becomes a link to the new state
    /// file; the next start reads the cache and leaves the link alone.
    @Test func anEarlierVersionsStateFileIsTakenOverAndBecomesALink() async throws {
        let directory = TemporaryDirectory("weatherd-upgrade")
        try FileManager.default.createDirectory(atPath: directory.file("lib"), withIntermediateDirectories: true)
        directory.write("lib/state.json", StateEncoder.encode(LoopTableStartTests.previousSnapshot()))
        let upgraded = {
            RunnerHarness(
                previousStateFiles: [directory.file("run/state.json"), directory.file("lib/state.json")],
                directory: directory
            )
        }
        let first = upgraded()
        let running = Task { await first.service().run() }
        let old = directory.file("lib/state.json")
        #expect(await first.waitUntil { (try? FileManager.default.destinationOfSymbolicLink(atPath: old)) != nil })
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: old) == directory.file("run/state.json"))
        #expect(try StateFile(path: directory.file("lib/cache.json")).read().locations[0].weather != nil)
        #expect(await first.waitUntil { first.log.entries.contains { $0.message.contains("is now a link to") } })
        running.cancel()
        await running.value

        let second = upgraded()
        let again = Task { await second.service().run() }
        #expect(await second.waitUntil { second.ticks.isRunning })
        again.cancel()
        await again.value
        #expect(!second.log.entries.contains { $0.message.contains("is now a link to") })
    }

    /// Alert polls run as requests beside the fetches; the warnings reach the state file and the alerts cache.
    @Test func alertPollsRunAndTheirWarningsAreKept() async throws {
        let h = RunnerHarness(locations: [LoopDriver.newYork]) { $0.alerts.enabled = true }
        let now = Timestamp(secondsSinceEpoch: Date().timeIntervalSince1970)
        h.alerts.list("new-york", [Alert.storm(onset: now.adding(seconds: -60))])
        let running = Task { await h.service().run() }
        #expect(await h.waitUntil { h.ticks.isRunning })
        h.ticks.fire()
        #expect(await h.waitUntil { h.alerts.polls.count == 1 })
        #expect(await h.waitUntil { (try? h.readState().locations[0].alerts?.items.count) == 1 })
        let alertsFile = h.files.alertCache!.path
        #expect(await h.waitUntil { FileManager.default.fileExists(atPath: alertsFile) })
        running.cancel()
        await running.value
    }
}
