import Foundation
import Logging
import StateStore
import Testing
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The state file and the textfile as the runner writes them, with what systemd is told: real files,
/// failures said once, `READY=1` with the first state file written.
@Suite("StateOutput: state file, textfile and readiness")
struct StateOutputTests {
    /// A snapshot of the driver after `ticks` ticks.
    static func snapshot(ticks: Int) -> StateSnapshot {
        var driver = LoopDriver()
        driver.start()
        for _ in 0..<ticks { driver.advanceAndTick() }
        return driver.published!
    }

    struct Output {
        let directory = TemporaryDirectory("weatherd-output")
        let notifier = RecordingNotifier()
        let log = LogRecorder()
        var output: StateOutput

        init(statePath: String = "sub/state.json", textfile: String? = nil) {
            let path = directory.file(statePath)
            output = StateOutput(
                file: StateFile(path: path),
                textfile: textfile.map(directory.file),
                notifier: notifier,
                logger: log.logger()
            )
        }

        var state: String { directory.file("sub/state.json") }
    }

    @Test func readyGoesWithTheFirstStateFileWrittenThenStatus() throws {
        var o = Output()
        try FileManager.default.createDirectory(atPath: o.directory.file("sub"), withIntermediateDirectories: false)
        // A reload's READY=1 before any state file is held back.
        o.output.notify(.ready(status: "early"))
        o.output.publish(Self.snapshot(ticks: 0), status: "one")
        o.output.publish(Self.snapshot(ticks: 1), status: "two")
        o.output.notify(.ready(status: "reloaded"))
        o.output.publish(Self.snapshot(ticks: 2), status: nil)
        #expect(o.notifier.calls == [.ready("one"), .status("two"), .ready("reloaded")])
        #expect(try StateFile(path: o.state).read().daemon.ticks == 2)
    }

    /// A regular file where the directory should be: STATUS= goes on, READY=1 waits for the first file.
    @Test func anUnwritableDirectoryHoldsReadyBackAndIsSaidOnce() throws {
        var o = Output()
        o.directory.write("sub", "not a directory")
        for ticks in 0..<3 { o.output.publish(Self.snapshot(ticks: ticks), status: "s\(ticks)") }
        #expect(o.notifier.calls == [.status("s0"), .status("s1"), .status("s2")])
        let errors = o.log.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.messageID == MessageID.stateWrite)
        #expect(errors.first?.message.hasSuffix("Not a directory; the previous state file stays") == true)
        try FileManager.default.removeItem(atPath: o.directory.file("sub"))
        try FileManager.default.createDirectory(atPath: o.directory.file("sub"), withIntermediateDirectories: false)
        o.output.publish(Self.snapshot(ticks: 3), status: "s3")
        #expect(o.notifier.calls.last == .ready("s3"))
        let notices = o.log.entries.filter { $0.messageID == MessageID.stateWrite && $0.level == .notice }
        #expect(notices.first?.message.hasPrefix("state file written again after: cannot create") == true)
    }

    @Test func aRemovedStateDirectoryIsCreatedAgain() throws {
        var o = Output()
        o.output.publish(Self.snapshot(ticks: 0), status: "one")
        #expect(
            o.log.entries.contains {
                $0.level == .notice && $0.message.contains("the state file's directory was missing")
            }
        )
        #expect(!o.log.entries.contains { $0.level == .error })
        #expect(o.notifier.readyCalls == ["one"])
    }

    @Test func theTextfileIsRewrittenEveryPublish() throws {
        var o = Output(textfile: "weatherd.prom")
        o.output.publish(Self.snapshot(ticks: 0), status: "one")
        #expect(
            try String(contentsOfFile: o.directory.file("weatherd.prom"), encoding: .utf8).contains(
                "weatherd_ticks_total 0\n"
            )
        )
        o.output.publish(Self.snapshot(ticks: 2), status: "two")
        let text = try String(contentsOfFile: o.directory.file("weatherd.prom"), encoding: .utf8)
        #expect(text.contains("weatherd_ticks_total 2\n"))
        #expect(!o.log.entries.contains { $0.level == .error })
    }

    @Test func aTextfileFailureIsSaidOnceAndTheStateFileStillWritten() throws {
        var o = Output(textfile: "missing/weatherd.prom")
        for ticks in 0..<3 { o.output.publish(Self.snapshot(ticks: ticks), status: "s") }
        let errors = o.log.entries.filter { $0.level == .error }
        #expect(errors.count == 1)
        #expect(errors.first?["weather.textfile"] == o.directory.file("missing/weatherd.prom"))
        #expect(try StateFile(path: o.state).read().daemon.ticks == 2)
    }

    /// The cache takes the state file's bytes as they are, once.
    @Test func theEncodedTextIsHandedOnceToTheCache() {
        var o = Output()
        o.output.publish(Self.snapshot(ticks: 1), status: "s")
        #expect(o.output.takeEncoded() != nil)
        #expect(o.output.takeEncoded() == nil)
    }
}
