import Foundation
import Logging
import Synchronization
import Systemd
import Testing
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The journal directory of the private journald started by `scripts/with-journald`, when there is one.
private let testJournal = ProcessInfo.processInfo.environment["WEATHERD_TEST_JOURNAL"]

/// Entries sent through ``JournalLogHandler`` to a real systemd-journald and read back with journalctl.
@Suite("JournalLogHandler against journald")
struct JournaldIntegrationTests {
    static let identifier = "weatherd-test"
    static let fields = [
        "MESSAGE", "PRIORITY", "SYSLOG_IDENTIFIER", "CODE_FILE", "CODE_LINE", "CODE_FUNC", "MESSAGE_ID",
        "WEATHER_LOCATION", "WEATHER_LOCATION_NAME", "WEATHER_HOSTILE", "WEATHER_BIG", "WEATHER_NUMBER",
        "WEATHER_LIST", "F__MLAUT", "FORGED",
    ]

    @Test(
        .enabled(
            if: testJournal != nil,
            "needs a private journald: run through scripts/with-journald (make test does)"
        )
    )
    func structuredEntryRoundTrips() async throws {
        let directory = try #require(testJournal)
        #expect(JournalLogHandler.isAvailable)
        let marker = "weatherd journal test \(UUID().uuidString)"
        let hostile = "New\nYork=\u{1}\nFORGED=1\nPRIORITY=0"
        let big = String(repeating: "0123456789", count: 1024)  // 10 kB
        let fallback = FallbackRecorder()
        let logger = Logger(label: "weatherd-test") { _ in
            JournalLogHandler(identifier: Self.identifier, fallback: fallback)
        }

        let file = #fileID
        let function = #function
        let infoLine = #line + 1
        logger.info(
            "\(marker) info",
            metadata: [
                "message_id": "1e8127529db14a988ec40952865c732b",
                "weather.location": "berlin",
                "weather.location_name": "\(hostile)",
                "weather.hostile": "\(hostile)",
                "weather.big": "\(big)",
                "weather.number": .stringConvertible(42),
                "weather.list": ["a", "b"],
                "ümlaut": "ü",
            ]
        )
        let warningLine = #line + 1
        logger.warning("\(marker) warning\nsecond line", metadata: ["weather.location": "london"])
        #expect(fallback.count == 0)

        let entries = try await Self.waitForEntries(in: directory, containing: marker, count: 2)
        let info = try #require(entries.first { $0["MESSAGE"] == "\(marker) info" })
        #expect(info["PRIORITY"] == "6")
        #expect(info["SYSLOG_IDENTIFIER"] == Self.identifier)
        #expect(info["CODE_FILE"] == file)
        #expect(info["CODE_FILE"] == "SystemdTests/JournaldIntegrationTests.swift")
        #expect(info["CODE_LINE"] == String(infoLine))
        #expect(info["CODE_FUNC"] == function)
        #expect(info["MESSAGE_ID"] == "1e8127529db14a988ec40952865c732b")
        #expect(info["WEATHER_LOCATION"] == "berlin")
        #expect(info["WEATHER_LOCATION_NAME"] == hostile)
        #expect(info["WEATHER_HOSTILE"] == hostile)
        #expect(info["WEATHER_BIG"] == big)
        #expect(info["WEATHER_NUMBER"] == "42")
        #expect(info["WEATHER_LIST"] == #"["a", "b"]"#)
        #expect(info["F__MLAUT"] == "ü")
        #expect(info["FORGED"] == nil)
        #expect(!info.keys.contains("FORGED"))

        let warning = try #require(entries.first { $0["MESSAGE"]?.hasPrefix("\(marker) warning") == true })
        #expect(warning["MESSAGE"] == "\(marker) warning\nsecond line")
        #expect(warning["PRIORITY"] == "4")
        #expect(warning["CODE_LINE"] == String(warningLine))
        #expect(warning["WEATHER_LOCATION"] == "london")

        // All fields of the entry, not only the asked-for ones: nothing was forged.
        let all = try JournalReader.entries(in: directory, matches: ["MESSAGE=\(marker) info"], outputFields: nil)
        let complete = try #require(all.first)
        #expect(complete["FORGED"] == nil)
        #expect(complete["PRIORITY"] == "6")
        #expect(!complete.keys.contains { $0.hasPrefix("YORK") || $0 == "FORGED" })
    }

    @Test(
        .enabled(
            if: testJournal != nil,
            "needs a private journald: run through scripts/with-journald (make test does)"
        )
    )
    func sendReturnsZeroWhenJournaldAccepts() throws {
        #expect(
            JournalLogHandler.send([("MESSAGE", "weatherd direct send \(UUID().uuidString)"), ("PRIORITY", "7")]) == 0
        )
    }

    /// Without journald the entry goes to the fallback. libsystemd's `sd_journal_sendv` returns 0 when the
    /// socket does not exist ("fail silently if the journal is not available"), so the handler looks for the
    /// socket itself (`isAvailable`).
    @Test(
        .enabled(
            if: !JournalLogHandler.isAvailable,
            "needs no journald socket in this process (it exists: the fallback is not reached)"
        )
    )
    func withoutJournaldTheFallbackGetsTheEvent() throws {
        let fallback = FallbackRecorder()
        let logger = Logger(label: "weatherd-test") { _ in
            JournalLogHandler(identifier: Self.identifier, fallback: fallback)
        }
        logger.warning("Berlin: fetch failed", metadata: ["weather.location": "berlin"])
        #expect(fallback.count == 1)
        let event = try #require(fallback.events.first)
        #expect(event.level == .warning)
        #expect(event.message == "Berlin: fetch failed")
        #expect(event.metadata["weather.location"] == "berlin")

    }

    // MARK: - journalctl

    /// Polls journalctl (at most 5 s) until `count` entries of our identifier contain `marker`.
    static func waitForEntries(
        in directory: String,
        containing marker: String,
        count: Int
    ) async throws
        -> [[String: String]]
    {
        let deadline = ContinuousClock.now + .seconds(5)
        var found: [[String: String]] = []
        repeat {
            let entries = try JournalReader.entries(
                in: directory,
                matches: ["SYSLOG_IDENTIFIER=\(identifier)"],
                outputFields: fields
            )
            found = entries.filter { $0["MESSAGE"]?.contains(marker) == true }
            if found.count >= count { return found }
            try await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        Issue.record("only \(found.count) of \(count) entries reached the journal in 5 s")
        return found
    }
}

/// A fallback log handler that records what reaches it. `LogHandler` wants settable properties: they live
/// behind a mutex with the events, so the recorder is checked `Sendable`.
final class FallbackRecorder: LogHandler, Sendable {
    struct Event {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    private struct State {
        var recorded: [Event] = []
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        var metadataProvider: Logger.MetadataProvider?
    }

    private let state = Mutex(State())

    var metadata: Logger.Metadata {
        get { state.withLock { $0.metadata } }
        set { state.withLock { $0.metadata = newValue } }
    }
    var logLevel: Logger.Level {
        get { state.withLock { $0.logLevel } }
        set { state.withLock { $0.logLevel = newValue } }
    }
    var metadataProvider: Logger.MetadataProvider? {
        get { state.withLock { $0.metadataProvider } }
        set { state.withLock { $0.metadataProvider = newValue } }
    }

    var events: [Event] { state.withLock { $0.recorded } }
    var count: Int { events.count }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let entry = Event(
            level: event.level,
            message: event.message.description,
            metadata: (event.metadata ?? [:]).mapValues(\.description)
        )
        state.withLock { $0.recorded.append(entry) }
    }
}
