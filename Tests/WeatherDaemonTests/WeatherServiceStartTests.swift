import Dispatch
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import Testing
import WeatherCore
import WeatherDaemon
import WeatherTestSupport

/// start(), and the restore of a previous state: READY=1, warnings about the policy, a state file to judge,
/// repair or move aside.
@Suite("WeatherService: start and restore")
struct WeatherServiceStartTests {
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
}
