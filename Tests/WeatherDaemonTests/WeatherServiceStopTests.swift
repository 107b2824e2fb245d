import Dispatch
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherDaemon

/// stop(): STOPPING=1, a fetch in flight cancelled, the final state written; under a `ServiceGroup` too, and
/// when `run()` is cancelled.
@Suite("WeatherService: stop")
struct WeatherServiceStopTests {
    @Test func stopCancelsAFetchInFlightAndWritesTheFinalState() async throws {
        let h = ServiceHarness()
        await h.start()
        await h.tick()
        let gate = Gate()
        h.provider.script("london", .cancellable(gate, then: .success(ScriptedProvider.defaultWeather)))
        h.clock.advance(seconds: 10)
        await h.tickWithoutWaiting()
        #expect(await h.provider.waitForCalls(2))

        h.clock.advance(seconds: 3)
        let started = ContinuousClock.now
        await h.stop()
        let took = ContinuousClock.now - started
        // Typically about 0.1 s; the bound allows for an fsync in progress that the rest of the suite's
        // disk load stretches (docs/service.md's 2 s to exit is checked on the real binary by the fault tests).
        #expect(took < .milliseconds(1500))
        #expect(await h.isFinished)
        #expect(h.provider.cancelledCalls == ["london"])
        #expect(h.notifier.calls.contains(.stopping))
        let stopping = try #require(h.log.entries(messageID: MessageID.stopping).first)
        #expect(stopping.level == .notice)
        #expect(h.ticks.stopCount == 1)

        let state = try h.readState()
        #expect(state.generatedAt == h.clock.now)
        #expect(state.daemon.ticks == 2)
        #expect(state.locations.map(\.status) == [.ok, .pending, .pending])
        // The cancelled fetch is not counted as a failure.
        #expect(state.daemon.fetchesFailed == 0)

        // After stop, ticks do nothing and a second stop sends nothing more.
        await h.advanceAndTick()
        #expect(h.provider.calls.count == 2)
        await h.stop()
        #expect(h.notifier.calls.filter { $0 == .stopping }.count == 1)
        #expect(h.log.entries(messageID: MessageID.stopping).count == 1)
    }

    @Test func stopWithoutAFetchInFlight() async throws {
        let h = ServiceHarness()
        await h.start()
        await h.tick()
        h.clock.advance(seconds: 5)
        await h.stop()
        #expect(await h.isFinished)
        #expect(h.notifier.calls.last == .stopping)
        #expect(try h.readState().generatedAt == h.clock.now)
    }

    /// docs/service.md: after STOPPING=1, "final state write and exit 0 within 2 s". The real `run()` under a
    /// `ServiceGroup`: its timers' events drive the loop, graceful shutdown stops it, and a cache write
    /// that hangs (its temporary file is a FIFO nobody reads, so `open` blocks, as an fsync on a dying SD
    /// card would) is abandoned when the group's maximum graceful shutdown duration (here 200 ms) is
    /// over: `run()` returns with the final state file written and the previous cache intact.
    @Test func aServiceGroupRunsTheLoopAndEndsAStopHeldUpByAHungCacheWrite() async throws {
        // A pool of its own: the blocked thread holds up no other test's writes.
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let h = ServiceHarness(threadPool: pool)
        let cache = try #require(h.cacheFile)
        var configuration = ServiceGroupConfiguration(services: [h.makeService()], logger: Logger(label: "test"))
        configuration.maximumGracefulShutdownDuration = .milliseconds(200)
        let group = ServiceGroup(configuration: configuration)
        let finished = Locked(false)
        let running = Task {
            try await group.run()
            finished.withLock { $0 = true }
        }
        // `run()` started the loop (READY=1 after the first state file), then the timers.
        let started = ContinuousClock.now + .seconds(5)
        while !h.ticks.isRunning && ContinuousClock.now < started { try await Task.sleep(for: .milliseconds(10)) }
        #expect(h.seenAtReady.value == [true])
        // The tick's fetch asks for a cache write first, which hangs.
        let fifo = AtomicFile.temporaryPrefix(for: cache.path) + String(getpid())
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        h.ticks.fire()
        #expect(await h.provider.waitForCalls(1))
        let written = ContinuousClock.now + .seconds(5)
        while (try? h.readState().daemon.fetchesOK) ?? 0 < 1 && ContinuousClock.now < written {
            try await Task.sleep(for: .milliseconds(10))
        }
        await group.triggerGracefulShutdown()
        // The bound is generous because the whole suite runs in parallel on two cores (the real binary's
        // exit within 2 s of SIGTERM is checked by the fault tests).
        let deadline = ContinuousClock.now + .seconds(6)
        while !finished.value && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(finished.value, "the group still running 6 s after the graceful shutdown began")
        #expect(h.notifier.calls.contains(.stopping))
        #expect(h.ticks.stopCount == 1)
        // Nothing throws before the FIFO is released: the blocked thread must not stay blocked.
        let state = try? h.readState()
        #expect(state?.daemon.ticks == 1)
        #expect(state?.daemon.fetchesOK == 1)
        #expect(!FileManager.default.fileExists(atPath: cache.path))
        // Let the abandoned write go on (it fails: a FIFO cannot be fsynced).
        await releaseFIFO(fifo)
        try await running.value
        try await pool.shutdownGracefully()
    }

    /// `run()` cancelled without a graceful shutdown first still stops the loop: STOPPING=1, the timers
    /// stopped, the final state file written.
    @Test func aCancelledRunStillStopsTheLoop() async throws {
        let h = ServiceHarness()
        let service = h.makeService()
        let running = Task { await service.run() }
        let started = ContinuousClock.now + .seconds(5)
        while !h.ticks.isRunning && ContinuousClock.now < started { try await Task.sleep(for: .milliseconds(10)) }
        h.clock.advance(seconds: 3)
        running.cancel()
        await running.value
        #expect(h.notifier.calls.last == .stopping)
        #expect(h.ticks.stopCount == 1)
        #expect(try h.readState().generatedAt == h.clock.now)
    }
}
