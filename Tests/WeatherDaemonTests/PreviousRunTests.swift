import Foundation
import StateStore
import Testing
import WeatherCore

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
            environment: harness.environment,
            logger: harness.log.logger()
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
        #expect(loop.currentSnapshot().locations.first?.weather == weather)
        await harness.stop()
    }

    /// A corrupt cache is said; an earlier state file's snapshot is taken over into the cache at once, and
    /// once that write is done the old file becomes a link after the first state file.
    @Test func anEarlierStateFileIsTakenOverThenLinked() async throws {
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
        _ = loop.handle(.tookOver("/nonexistent/weatherd/old-state.json", error: failed))
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
}
