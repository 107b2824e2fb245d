import FakeOpenMeteo
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `status --follow` (weatherd(1)) through the built binary: a line when the state file is replaced, when
/// the judgement changes with time alone, and once when the file or its directory goes away; exit 0
/// on SIGTERM, SIGINT and a closed standard output.
@Suite("status --follow")
struct StatusFollowTests {
    /// A complete state written by `once` from the look-alike, with its interval and timeout shrunk so
    /// that it turns CRITICAL (too old) `deadline` seconds after `generated_at`, which is set to now.
    private func state(in directory: TemporaryDirectory, deadline: Double = 3600) async throws -> [String: Any] {
        let config = try directory.write(
            "config.yaml",
            "locations:\n  - name: Oslo\n    latitude: 59.91\n    longitude: 10.75\n"
                + "  - name: Rio de Janeiro\n    latitude: -22.9\n    longitude: -43.2\n"
        )
        let once = try await withFakeServer { server in
            try await Subprocess.run(["once", "--config", config, "--api-url", server.baseURL, "--format", "json"])
        }
        #expect(once.status == 0, "\(once.stderr)")
        var state = try #require(try jsonObject(once.stdout) as? [String: Any])
        var daemon = try #require(state["daemon"] as? [String: Any])
        daemon["interval_seconds"] = (deadline - 1) / 3
        daemon["timeout_seconds"] = 1
        state["daemon"] = daemon
        state["generated_at"] = ISO8601DateFormatter().string(from: Date())
        return state
    }

    /// Replaces `path` atomically (a temporary file renamed over it), as the daemon does.
    private func replace(_ path: String, with state: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: state)
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The lines written so far, once there are at least `count` (within `timeout` seconds).
    private func lines(_ child: Subprocess, atLeast count: Int, timeout: Double = 5) async -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let lines = child.stdout.split(separator: "\n").map(String.init)
            if lines.count >= count || Date() > deadline { return lines }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func printsOnReplacementAndOnceWhenTheDirectoryGoesAndComesBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var state = try await state(in: directory)
        let stateDirectory = directory.path + "/state"
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        let path = stateDirectory + "/state.json"
        state["current_location"] = "oslo"
        try replace(path, with: state)

        let follower = try Subprocess(["status", "--state-file", path, "--format", "waybar", "--follow"])
        defer { follower.kill() }
        var shown = await lines(follower, atLeast: 1)
        #expect(shown.count == 1)
        #expect(shown.first?.contains("Oslo\",\"tooltip\"") == true, "\(shown)")
        // A background job (weatherd(1)): its wake-ups do not preempt the daemon. 3 is SCHED_BATCH.
        #expect(sched_getscheduler(follower.pid) == 3)
        // Nothing changes: nothing printed.
        try await Task.sleep(for: .milliseconds(500))
        #expect(await lines(follower, atLeast: 2, timeout: 0).count == 1)

        state["current_location"] = "rio-de-janeiro"
        try replace(path, with: state)
        shown = await lines(follower, atLeast: 2)
        #expect(shown.count == 2)
        #expect(shown.last?.contains("Rio de Janeiro\",\"tooltip\"") == true, "\(shown)")

        // The directory removed: UNKNOWN once; re-created with a new file: printed again.
        try FileManager.default.removeItem(atPath: stateDirectory)
        shown = await lines(follower, atLeast: 3)
        #expect(shown.count == 3)
        #expect(shown.last?.contains("\"class\":[\"unknown\"]") == true, "\(shown)")
        try await Task.sleep(for: .milliseconds(300))
        #expect(await lines(follower, atLeast: 4, timeout: 0).count == 3)
        try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
        state["current_location"] = "oslo"
        try replace(path, with: state)
        shown = await lines(follower, atLeast: 4)
        #expect(shown.count == 4)
        #expect(shown.last?.contains("Oslo\",\"tooltip\"") == true, "\(shown)")

        follower.signal(SIGTERM)
        #expect(await follower.wait(timeout: 5) == 0)
    }

    @Test func printsWhenTheHealthChangesWithTimeAlone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Too old (daemon not running) 2 s after it was written.
        let state = try await state(in: directory, deadline: 2)
        let path = directory.path + "/state.json"
        try replace(path, with: state)
        let written = try #require(ISO8601DateFormatter().date(from: state["generated_at"] as? String ?? ""))
        let follower = try Subprocess(["status", "--state-file", path, "--follow"])
        defer { follower.kill() }
        let first = await lines(follower, atLeast: 1)
        #expect(first.first?.hasPrefix("WEATHERD OK - 2 locations") == true, "\(first)")
        let summaries = await lines(follower, atLeast: 2 * first.count, timeout: 6).filter { $0.hasPrefix("WEATHERD") }
        #expect(summaries.count == 2, "\(summaries)")
        #expect(summaries.last?.hasPrefix("WEATHERD CRITICAL - ") == true)
        #expect(summaries.last?.contains("daemon not running") == true)
        #expect(Date().timeIntervalSince(written) >= 2)
        follower.signal(SIGINT)
        #expect(await follower.wait(timeout: 5) == 0)
    }

    @Test func endsAtOnceWhenStandardOutputIsClosed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/state.json"
        try replace(path, with: try await state(in: directory))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Subprocess.weatherdPath)
        process.arguments = ["status", "--state-file", path, "--format", "json", "--follow"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // One line, then the reader goes away while the file stays as it is: no write will fail, the
        // closed pipe itself must end it.
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(pipe.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 10 { line.append(byte) }
        #expect((try? jsonObject(String(decoding: line, as: UTF8.self))) is [String: Any])
        try pipe.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(3)
        while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
    }
}
