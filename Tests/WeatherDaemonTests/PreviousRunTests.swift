import Foundation
import StateStore
import Testing
import WeatherCore

import WeatherTestSupport
@testable import WeatherDaemon

/// The loop starts from what its runner read (``PreviousRun``): it restores, says what was wrong and asks
/// for the take-over's write without a file of its own to read.
@Suite("Previous run: what the loop is given at start")
@MainActor
struct PreviousRunTests {
    /// A snapshot with Berlin's weather, from a harness that fetched once.
    private static func fetchedSnapshot() async -> (ServiceHarness, StateSnapshot) {
        let harness = ServiceHarness(locations: [ServiceHarness.berlin], refresh: .auto)
        await harness.start()
        await harness.tick()
        return (harness, await harness.snapshot())
    }

    /// A loop with the harness's configuration and environment, its files where nothing exists.
    private static func loop(_ harness: ServiceHarness) -> WeatherLoop {
        WeatherLoop(
            configuration: harness.configuration,
            stateFile: StateFile(path: "/nonexistent/weatherd/state.json"),
            cacheFile: StateFile(path: "/nonexistent/weatherd/cache.json"),
            previousStateFiles: ["/nonexistent/weatherd/old-state.json"],
            environment: harness.environment
        )
    }

    /// A file the runner looked at (a regular file).
    private static func found(_ path: String, cache: Bool, _ outcome: StateFile.LoadOutcome) -> PreviousRun.Found {
        PreviousRun.Found(path: "/nonexistent/weatherd/" + path, isCache: cache, outcome: outcome, isRegularFile: true)
    }

    private static func messages(_ effects: [WeatherLoop.Effect]) -> [String] {
        effects.compactMap { if case .log(_, let message, _) = $0 { message } else { nil } }
    }

    @Test func aCacheReadByTheRunnerIsRestored() async throws {
        let (harness, previous) = await Self.fetchedSnapshot()
        let loop = Self.loop(harness)
        let found = Self.found("cache.json", cache: true, .loaded(previous))
        let effects = loop.handle(.start(PreviousRun(found: [found])))
        #expect(Self.messages(effects).contains("previous state loaded"))
        #expect(!effects.contains { if case .takeOver = $0 { true } else { false } })
        let weather = try #require(previous.locations.first?.weather)
        #expect(loop.takeCurrentSnapshot().locations.first?.weather == weather)
        await harness.stop()
    }

    /// A corrupt cache is said; an earlier state file's snapshot is taken over into the cache at once,
    /// before the first state file; a take-over not written is said and arms no link.
    @Test func anEarlierStateFileIsTakenOverBeforeTheFirstStateFile() async throws {
        let (harness, previous) = await Self.fetchedSnapshot()
        let loop = Self.loop(harness)
        let run = PreviousRun(found: [
            Self.found("cache.json", cache: true, .corrupt(reason: "not JSON", movedTo: nil)),
            Self.found("old-state.json", cache: false, .loaded(previous)),
        ])
        let effects = loop.handle(.start(run))
        #expect(Self.messages(effects).contains { $0.hasPrefix("the cache was corrupt (not JSON)") })
        let takeOver = effects.firstIndex {
            if case .takeOver(_, _, "/nonexistent/weatherd/old-state.json") = $0 { true } else { false }
        }
        let firstWrite = effects.firstIndex { if case .writeState = $0 { true } else { false } }
        #expect(takeOver != nil && firstWrite != nil && takeOver! < firstWrite!)

        // Not written: no link.
        let failed = FileSystemError(operation: "write", path: "/nonexistent/weatherd/cache.json", errno: ENOENT)
        let ended = loop.handle(.tookOver("/nonexistent/weatherd/old-state.json", error: failed))
        #expect(Self.messages(ended).contains { $0.hasSuffix("the previous cache stays") })
        #expect(
            !loop.handle(.stateWritten(true)).contains { if case .linkPreviousStateFile = $0 { true } else { false } }
        )
        await harness.stop()
    }

    @Test func aTakeOverWrittenArmsTheLink() async throws {
        let (harness, previous) = await Self.fetchedSnapshot()
        let loop = Self.loop(harness)
        let found = Self.found("old-state.json", cache: false, .loaded(previous))
        _ = loop.handle(.start(PreviousRun(found: [found])))
        _ = loop.handle(.tookOver("/nonexistent/weatherd/old-state.json", error: nil))
        let links = loop.handle(.stateWritten(true)).filter {
            if case .linkPreviousStateFile("/nonexistent/weatherd/old-state.json", _, _) = $0 { true } else { false }
        }
        #expect(links.count == 1)
        await harness.stop()
    }

    // MARK: - What the runner reads

    /// A loop on the files of `directory`: the cache, the state file, and earlier state files `earlier`.
    private static func loop(
        _ harness: ServiceHarness,
        in directory: TemporaryDirectory,
        earlier: [String]
    ) -> WeatherLoop {
        WeatherLoop(
            configuration: harness.configuration,
            stateFile: StateFile(path: directory.file("state.json")),
            cacheFile: StateFile(path: directory.file("cache.json")),
            previousStateFiles: earlier.map(directory.file),
            environment: harness.environment
        )
    }

    /// The cache first, then the earlier state files in order, missing ones left out, up to the first that
    /// holds a snapshot; a link there is no regular file.
    @Test func theRunnerLooksAtTheCacheThenTheEarlierStateFiles() async throws {
        let (harness, previous) = await Self.fetchedSnapshot()
        let directory = TemporaryDirectory("weatherd-previous-run")
        directory.write("cache.json", "{not JSON")
        let text = StateEncoder.encode(previous)
        directory.write("real.json", text)
        try FileManager.default.createSymbolicLink(atPath: directory.file("old.json"), withDestinationPath: "real.json")
        directory.write("older.json", text)
        let loop = Self.loop(harness, in: directory, earlier: ["gone.json", "old.json", "older.json"])
        let run = PreviousRun.read(for: loop, at: harness.environment.now().wall)
        #expect(run.found.map(\.path) == [directory.file("cache.json"), directory.file("old.json")])
        #expect(run.found.map(\.isCache) == [true, false])
        if case .corrupt = run.found.first?.outcome {} else { Issue.record("the cache: \(run.found)") }
        if case .loaded = run.found.last?.outcome {} else { Issue.record("old.json: \(run.found)") }
        #expect(run.found.last?.isRegularFile == false)
        await harness.stop()
    }

    /// A cache that holds a snapshot ends the search.
    @Test func aLoadedCacheEndsTheSearch() async throws {
        let (harness, previous) = await Self.fetchedSnapshot()
        let directory = TemporaryDirectory("weatherd-previous-run")
        directory.write("cache.json", StateEncoder.encode(previous))
        directory.write("old.json", StateEncoder.encode(previous))
        let loop = Self.loop(harness, in: directory, earlier: ["old.json"])
        let run = PreviousRun.read(for: loop, at: harness.environment.now().wall)
        #expect(run.found.map(\.path) == [directory.file("cache.json")])
        await harness.stop()
    }
}
