import Dispatch
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import Testing
import WeatherCore
import WeatherDaemon

/// start(), restore of a previous state, reload(), stop() and state write failures.
@Suite("WeatherService: lifecycle")
struct WeatherServiceLifecycleTests {
    // MARK: - start()

    @Test func startSendsReadyOnceWithAStatusLine() async throws {
        let h = ServiceHarness()
        await h.start()
        #expect(h.notifier.readyCalls == ["3 locations · 0 failing"])
        // READY=1 comes after the first state file is in place.
        #expect(h.seenAtReady.value == [true])
        let state = try h.readState()
        #expect(state.locations.map(\.status) == [.pending, .pending, .pending])
        #expect(state.currentLocation == nil)
        #expect(state.rotationIndex == nil)
        #expect(state.daemon.ticks == 0)
        #expect(h.ticks.startedIntervals == [.seconds(10)])

        let started = try #require(h.log.entries(messageID: MessageID.started).first)
        #expect(started.level == .notice)
        #expect(
            started.message == "weatherd \(ServiceHarness.version) started: 3 locations every 10s, refresh every_tick"
        )
        #expect(started["weather.refresh"] == "every_tick")
        #expect(started["weather.state_file"] == h.stateFile.path)

        for _ in 0..<3 { await h.advanceAndTick() }
        #expect(h.notifier.readyCalls.count == 1)
        #expect(h.notifier.calls.first == .ready("3 locations · 0 failing"))
    }

    @Test func startWarnsWhenThePolicyCanSpendMoreThanALimit() async {
        let fast = ServiceHarness(interval: .seconds(1)) { $0.api.baseURL = "https://api.open-meteo.com" }
        await fast.start()
        let warnings = fast.log.entries.filter { $0.level == .warning }.map(\.message)
        #expect(
            warnings == [
                "refresh every_tick with 3 locations every 1s can spend about 95088 calls a day, above "
                    + "api.limits.day (10000)"
            ]
        )

        let selfHosted = ServiceHarness(interval: .seconds(1))
        await selfHosted.start()
        #expect(!selfHosted.log.entries.contains { $0.level == .warning })

        let auto = ServiceHarness(interval: .seconds(1), refresh: .auto) {
            $0.api.baseURL = "https://api.open-meteo.com"
        }
        await auto.start()
        #expect(!auto.log.entries.contains { $0.level == .warning })

        let short = ServiceHarness(refresh: .auto) { $0.staleAfter = .seconds(600) }
        await short.start()
        #expect(
            short.log.entries.filter { $0.level == .warning }.map(\.message) == [
                "stale_after 10m is shorter than a normal refresh takes (17m): data would turn stale between refreshes"
            ]
        )
    }

    @Test func startWithAnUnwritableStateDirectoryWaitsWithReady() async throws {
        // A regular file where the state directory should be: nothing the daemon can repair.
        let h = ServiceHarness(statePath: "blocked/state.json")
        #expect(FileManager.default.createFile(atPath: h.directory.file("blocked"), contents: Data("x".utf8)))
        await h.start()
        #expect(h.notifier.readyCalls.isEmpty)
        #expect(h.log.entries.filter { $0.level == .error && $0.messageID == MessageID.stateWrite }.count == 1)
        try FileManager.default.removeItem(atPath: h.directory.file("blocked"))
        try FileManager.default.createDirectory(atPath: h.directory.file("blocked"), withIntermediateDirectories: false)
        await h.tick()
        #expect(h.notifier.readyCalls.count == 1)
        #expect(try h.readState().currentLocation == "berlin")
    }

    @Test func previousStateIsRestoredAndJudgedByItsAge() async throws {
        let directory = TemporaryDirectory("weatherd-restore")
        do {
            let first = ServiceHarness(refresh: .auto, directory: directory)
            await first.start()
            first.provider.script("london", .failure(FetchError(kind: .timeout, message: "timed out after 5 s")))
            await first.tick()
            await first.advanceAndTick()
            await first.stop()
            #expect(try first.readState().locations.map(\.status) == [.ok, .error, .pending])
        }

        // Berlin stays, London moved (another place now), New York is gone, Tokyo is new.
        let movedLondon = Location(id: "london", name: "London", latitude: 42.98, longitude: -81.25)
        let second = ServiceHarness(
            locations: [ServiceHarness.berlin, movedLondon, ServiceHarness.tokyo],
            refresh: .auto,
            directory: directory
        )
        second.clock.advance(seconds: 60)
        await second.start()
        let loaded = second.log.entries.first { $0.message == "previous state loaded" }
        #expect(loaded?.level == .info)
        var state = try second.readState()
        #expect(state.locations.map(\.location.id) == ["berlin", "london", "tokyo"])
        // Berlin's weather, observed at 04:00, is 6 minutes old: ok, not stale just for being loaded.
        #expect(state.locations.map(\.status) == [.ok, .pending, .pending])
        #expect(state.locations[0].weather == ScriptedProvider.defaultWeather)
        #expect(state.locations[0].fetchedAt == TestClock.defaultStart)
        #expect(state.locations[1].weather == nil)
        #expect(state.daemon.ticks == 0)
        #expect(state.daemon.fetchesOK == 0)
        #expect(state.daemon.startedAt == second.clock.now)
        // Not due before 04:15 (plus its spread): the restart costs no request for Berlin.
        let due = try #require(state.locations[0].nextRefreshAt)
        #expect(due >= Timestamp(rfc3339: "2026-11-22T04:15:00Z")!)

        await second.tick()
        #expect(second.provider.calls.isEmpty)
        state = try second.readState()
        #expect(state.locations[0].status == .ok)
        #expect(state.locations[0].fetchedAt == TestClock.defaultStart)
        #expect(state.daemon.ticksFromCache == 1)
        // The quota windows of the first run go on.
        #expect(state.daemon.quota.day.used == 4.8)
    }

    @Test func corruptStateFileIsMovedAside() async throws {
        let directory = TemporaryDirectory("weatherd-corrupt")
        directory.write("state.json", "{\"schema_version\": 1, truncated")
        directory.write(".state.json.tmp-99999", "leftover of a killed writer")
        let h = ServiceHarness(directory: directory)
        await h.start()

        let aside = directory.file("state.json.corrupt-20261122T040506Z")
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "{\"schema_version\": 1, truncated")
        #expect(directory.contents().sorted() == ["state.json", "state.json.corrupt-20261122T040506Z"])
        let state = try h.readState()
        #expect(state.locations.map(\.status) == [.pending, .pending, .pending])

        let errors = h.log.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.message.hasPrefix("state file was corrupt ("))
        #expect(error.message.hasSuffix("moved aside to \(aside)"))
        #expect(error["weather.state_file"] == h.stateFile.path)
        #expect(h.notifier.readyCalls.count == 1)
    }

    @Test func stateFileOfAnotherSchemaIsMovedAside() async throws {
        let directory = TemporaryDirectory("weatherd-schema")
        let future = StateSnapshot(
            schemaVersion: 2,
            generatedAt: TestClock.defaultStart,
            daemon: DaemonInfo(
                pid: 1,
                version: "9.0.0",
                startedAt: TestClock.defaultStart,
                intervalSeconds: 10,
                timeoutSeconds: 5,
                staleAfterSeconds: 1800
            ),
            currentLocation: nil,
            rotationIndex: nil,
            locations: []
        )
        directory.write("state.json", StateEncoder.encode(future))
        let h = ServiceHarness(directory: directory)
        await h.start()
        #expect(directory.contents().contains("state.json.corrupt-20261122T040506Z"))
        let error = try #require(h.log.entries.first { $0.level == .error })
        #expect(error.message.hasPrefix("state file was corrupt (unsupported schema_version 2)"))
    }

    // MARK: - reload()

    @Test func reloadIsAppliedAtOnce() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, ServiceHarness.london])
        await h.start()
        await h.tick()  // tick 0: Berlin

        var added = Configuration()
        added.api.baseURL = "http://127.0.0.1:9"
        added.locations = [ServiceHarness.berlin, ServiceHarness.london, ServiceHarness.tokyo]
        added.refresh = .everyTick
        await h.reload(added)
        // RELOADING=1, then READY=1 once the new configuration is applied (Type=notify-reload).
        let lastTwo = Array(h.notifier.calls.suffix(2))
        #expect(lastTwo.first == .reloading)
        #expect(h.notifier.readyCalls.count == 2 && lastTwo.last == .ready(h.notifier.readyCalls.last ?? nil))
        let reloaded = try #require(h.log.entries(messageID: MessageID.reloaded).first)
        #expect(reloaded.level == .notice)
        #expect(reloaded.message == "configuration reloaded: 3 locations every 10s, refresh every_tick")
        #expect(await h.snapshot().locations.count == 3)

        await h.advanceAndTick()  // tick 1: London
        var state = try h.readState()
        #expect(state.locations.map(\.location.id) == ["berlin", "london", "tokyo"])
        #expect(state.currentLocation == "london")
        #expect(state.locations[0].status == .ok)
        #expect(state.locations[0].weather == ScriptedProvider.defaultWeather)
        #expect(state.locations[2].status == .pending)
        await h.advanceAndTick()  // tick 2: Tokyo
        #expect(h.provider.calls == ["berlin", "london", "tokyo"])

        var removed = Configuration()
        removed.api.baseURL = "http://127.0.0.1:9"
        removed.locations = [ServiceHarness.london, ServiceHarness.tokyo]
        removed.refresh = .everyTick
        await h.reload(removed)
        await h.advanceAndTick()  // tick 3: 3 mod 2 = Tokyo
        state = try h.readState()
        #expect(state.locations.map(\.location.id) == ["london", "tokyo"])
        #expect(state.currentLocation == "tokyo")
        #expect(state.rotationIndex == 3)
        #expect(state.locations.map(\.status) == [.ok, .ok])
        #expect(h.provider.calls == ["berlin", "london", "tokyo", "tokyo"])
        #expect(h.ticks.startedIntervals == [.seconds(10)])
        #expect(h.providersMade.value == 1)
    }

    @Test func reloadWithANewIntervalRestartsTheTimer() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        var faster = Configuration()
        faster.api.baseURL = "http://127.0.0.1:9"
        faster.locations = [ServiceHarness.berlin]
        faster.interval = .seconds(30)
        faster.refresh = .everyTick
        await h.reload(faster)
        #expect(h.ticks.startedIntervals == [.seconds(10), .seconds(30)])
        await h.tick()
        #expect(try h.readState().daemon.intervalSeconds == 30)
    }

    @Test func reloadWithNewAPISettingsBuildsANewProvider() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        var other = Configuration()
        other.locations = [ServiceHarness.berlin]
        other.api.baseURL = "http://127.0.0.1:8080"
        other.refresh = .everyTick
        #expect(h.providersMade.value == 1)
        await h.reload(other)
        #expect(h.providersMade.value == 2)
        await h.tick()
        #expect(h.provider.calls == ["berlin"])
    }

    @Test func rejectedReloadIsLoggedAndTheOldConfigurationStays() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        let error = ConfigError(
            file: "/etc/weatherd/config.yaml",
            keyPath: "interval",
            line: 1,
            message: "must be greater than 0"
        )
        await h.rejectReload(error)
        let entry = try #require(h.log.entries(messageID: MessageID.reloadRejected).first)
        #expect(entry.level == .error)
        #expect(entry.message == "configuration not reloaded, keeping the running one: \(error)")
        await h.tick()
        #expect(try h.readState().locations.map(\.location.id) == ["berlin"])
    }

    // MARK: - stop()

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
        let h = ServiceHarness()
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
        let state = try h.readState()
        #expect(state.daemon.ticks == 1)
        #expect(state.daemon.fetchesOK == 1)
        #expect(!FileManager.default.fileExists(atPath: cache.path))
        // Let the abandoned write go on (it fails: a FIFO cannot be fsynced).
        await releaseFIFO(fifo)
        try await running.value
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

    // MARK: - Watchdog

    /// A started service with 10 s ticks and a 20 s WatchdogSec (so its allowance without a tick is
    /// 10 + 10 s), one tick done and one ping sent.
    private func startedWithWatchdog(threadPool: NIOThreadPool = .singleton) async -> ServiceHarness {
        let h = ServiceHarness(watchdog: .seconds(20), threadPool: threadPool)
        await h.start()
        await h.tick()
        #expect(h.watchdogTicks.startedIntervals == [.seconds(10)])
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 1)
        return h
    }

    /// WATCHDOG=1 goes out at each deadline (every half WatchdogSec) only while ticks keep coming: with no
    /// tick for interval + WatchdogSec/2 the pings stop (systemd then restarts the service). The deadline
    /// is an event of the loop, so a loop that is stuck sends none at all.
    @Test func watchdogPingsOnlyWhileTicksKeepComing() async throws {
        let h = await startedWithWatchdog()
        h.clock.advance(seconds: 15)
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 2)

        // No tick for 25 s: no ping, and why.
        h.clock.advance(seconds: 10)
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 2)
        let warning = try #require(h.log.entries.last)
        #expect(warning.level == .warning)
        #expect(warning.message == "no tick for 25 s; not pinging the watchdog")

        // Ticks again: pings again.
        await h.tick()
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 3)

        // Stopped: the deadlines' timer too, and a late deadline sends nothing.
        await h.stop()
        #expect(h.watchdogTicks.stopCount == 1)
        await h.watchdogDeadline()
        #expect(h.notifier.watchdogPings == 3)
    }

    /// A cache write that hangs (here: its temporary file is a FIFO nobody reads, so `open` blocks, as an
    /// fsync on a dying SD card would) stalls neither the ticks, nor the state file, nor the watchdog
    /// (docs/state-file.md): it is said once, and the cache is written when the disk comes back.
    @Test func aHungCacheWriteStallsNeitherTheTicksNorTheWatchdog() async throws {
        // A pool of its own: the blocked thread holds up no other test's writes.
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let h = await startedWithWatchdog(threadPool: pool)
        let cache = try #require(h.cacheFile)
        let fifo = AtomicFile.temporaryPrefix(for: cache.path) + String(getpid())
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let callsBefore = h.provider.calls.count
        await h.tickWithoutWaiting()  // its fetch's cache write blocks in open()
        for _ in 0..<5 {
            await h.settleFetches()
            h.clock.advance(seconds: 10)
            await h.tickWithoutWaiting()
            await h.watchdogDeadline()
        }
        // Every tick fetched, the state file followed, and the pings went on.
        #expect(await h.provider.waitForCalls(callsBefore + 6))
        #expect(h.notifier.watchdogPings == 6)
        let slow = h.log.entries.filter { $0.level == .warning && $0.message.hasPrefix("the cache write has taken") }
        #expect(slow.map(\.message) == ["the cache write has taken 30 s so far; ticks and the state file go on"])

        // A reader lets the write go on (it then fails: a FIFO cannot be fsynced); the snapshot that waited
        // is written next.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        await h.settle()
        close(reader)
        #expect(try h.readState().daemon.ticks == 7)
        #expect(try cache.read().daemon.fetchesOK == (try h.readState().daemon.fetchesOK))
        await h.stop()
        #expect(await h.isFinished)
        try await pool.shutdownGracefully()
    }

    // MARK: - State write failures

    @Test func aRemovedStateDirectoryIsCreatedAgain() async throws {
        let h = ServiceHarness(statePath: "sub/state.json")
        let sub = h.directory.file("sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        await h.start()
        await h.tick()
        try FileManager.default.removeItem(atPath: sub)
        await h.advanceAndTick()
        #expect(try h.readState().rotationIndex == 1)
        #expect(!h.log.entries.contains { $0.level == .error })
        #expect(
            h.log.entries.contains {
                $0.level == .notice && $0.message.contains("the state file's directory was missing")
            }
        )
    }

    @Test func stateWriteFailureIsLoggedOnceAndRecovers() async throws {
        let h = ServiceHarness(statePath: "sub/state.json")
        let sub = h.directory.file("sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        await h.start()
        await h.tick()
        #expect(try h.readState().rotationIndex == 0)
        #expect(!h.log.entries.contains { $0.level == .error })

        // A regular file where the directory was: writes fail until it is fixed.
        try FileManager.default.removeItem(atPath: sub)
        #expect(FileManager.default.createFile(atPath: sub, contents: Data("x".utf8)))
        for _ in 0..<4 { await h.advanceAndTick() }
        #expect(h.provider.calls.count == 5)
        let errors = h.log.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.messageID == MessageID.stateWrite)
        #expect(error.message.hasPrefix("cannot create \(sub)/.state.json.tmp-"))
        #expect(error.message.hasSuffix("Not a directory; the previous state file stays"))
        #expect(error["weather.state_file"] == h.stateFile.path)
        // STATUS keeps coming while the file cannot be written.
        #expect(h.notifier.statusLines.count == 5)

        try FileManager.default.removeItem(atPath: sub)
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        await h.advanceAndTick()
        let state = try h.readState()
        #expect(state.rotationIndex == 5)
        #expect(state.daemon.ticks == 6)
        let notices = h.log.entries.filter { $0.messageID == MessageID.stateWrite && $0.level == .notice }
        #expect(notices.count == 1)
        #expect(notices.first?.message.hasPrefix("state file written again after: cannot create") == true)
        #expect(h.log.entries.filter { $0.level == .error }.count == 1)

        // A later, second failure is reported again.
        try FileManager.default.removeItem(atPath: sub)
        #expect(FileManager.default.createFile(atPath: sub, contents: Data("x".utf8)))
        await h.advanceAndTick()
        #expect(h.log.entries.filter { $0.level == .error }.count == 2)
    }

    @Test func stateWriteFailureWithAFileWhereTheDirectoryShouldBe() async throws {
        let h = ServiceHarness(statePath: "blocker/state.json")
        h.directory.write("blocker", "not a directory")
        await h.start()
        await h.tick()
        await h.advanceAndTick()
        let errors = h.log.entries.filter { $0.level == .error }
        // One for the previous state that cannot be read, one for the write.
        #expect(errors.count == 2)
        #expect(errors.first?.message.hasPrefix("cannot read the previous state: cannot open") == true)
        let write = try #require(errors.last)
        #expect(write.messageID == MessageID.stateWrite)
        #expect(write.message.contains("Not a directory"))
        #expect(h.provider.calls.count == 2)
        #expect(h.notifier.readyCalls.isEmpty)
    }

    // MARK: - Prometheus textfile

    @Test func prometheusTextfileIsRewrittenEveryTick() async throws {
        let directory = TemporaryDirectory("weatherd-textfile")
        let textfile = directory.file("weatherd.prom")
        let h = ServiceHarness(directory: directory) { $0.prometheusTextfile = textfile }
        await h.start()
        #expect(try String(contentsOfFile: textfile, encoding: .utf8).contains("weatherd_ticks_total 0\n"))
        await h.tick()
        await h.advanceAndTick()
        let text = try String(contentsOfFile: textfile, encoding: .utf8)
        #expect(text.contains("weatherd_ticks_total 2\n"))
        #expect(text.hasSuffix("\n"))
        #expect(!h.log.entries.contains { $0.level == .error })
    }

    @Test func prometheusTextfileFailureIsLoggedOnceAndTheStateFileStillWritten() async throws {
        let directory = TemporaryDirectory("weatherd-textfile")
        let textfile = directory.file("missing/weatherd.prom")
        let h = ServiceHarness(directory: directory) { $0.prometheusTextfile = textfile }
        await h.start()
        await h.tick()
        await h.advanceAndTick()
        let errors = h.log.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors.first?["weather.textfile"] == textfile)
        #expect(try h.readState().daemon.ticks == 2)
        #expect(h.notifier.readyCalls.count == 1)
    }
}
