import Foundation
import Testing
import WeatherTestSupport

/// The private journald of the test run (scripts/with-journald), read back with `journalctl -o json`.
enum TestJournal {
    /// The journal directory, when the tests run inside scripts/with-journald.
    static var directory: String? { ProcessInfo.processInfo.environment["WEATHERD_TEST_JOURNAL"] }

    /// Whether a private journald is running for this test run.
    static var isAvailable: Bool { directory != nil }

    /// The entries matching `matches` (journalctl field matches such as `_PID=123`), as field dictionaries.
    /// Binary-safe values (journalctl prints them as byte arrays) are decoded as UTF-8.
    static func entries(_ matches: [String]) throws -> [[String: String]] {
        guard let directory else { return [] }
        return try JournalReader.entries(in: directory, matches: matches)
    }

    /// Polls until `predicate` holds for the entries matching `matches`, at most `timeout` seconds.
    static func waitForEntries(
        _ matches: [String],
        timeout: Double = 5,
        until predicate: ([[String: String]]) -> Bool
    ) async throws -> [[String: String]] {
        let deadline = Date().addingTimeInterval(timeout)
        var entries = try self.entries(matches)
        while !predicate(entries), Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            entries = try self.entries(matches)
        }
        return entries
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only beside the private journald of scripts/with-journald (which needs root), and says so
    /// when it is skipped.
    static var needsTestJournal: Self {
        .enabled(
            if: TestJournal.isAvailable,
            "needs a private journald: run as root through scripts/with-journald (make test does)"
        )
    }
}
