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

/// State file writes that fail and recover, a state directory made again, and the Prometheus textfile.
@Suite("WeatherService: state file and textfile writes")
struct WeatherServiceStateWriteTests {
    /// A harness whose state file is in `sub/`, started, one tick done: the directory's path.
    private func startedInASubdirectory() async throws -> (ServiceHarness, sub: String) {
        let h = ServiceHarness(statePath: "sub/state.json")
        let sub = h.directory.file("sub")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        await h.start()
        await h.tick()
        return (h, sub)
    }

    @Test func aRemovedStateDirectoryIsCreatedAgain() async throws {
        let (h, sub) = try await startedInASubdirectory()
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
        let (h, sub) = try await startedInASubdirectory()
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

    // MARK: - The Prometheus textfile

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
