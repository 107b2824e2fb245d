import FakeOpenMeteo
import Foundation
import Testing

/// The threads of the built `weatherd run` (docs/threads.md): a cache tick creates no thread, and no worker
/// of libdispatch's global concurrent queues ever starts — the first one would arm libdispatch's workqueue
/// monitor, a 1-second timer that wakes the process for the rest of its life.
@Suite("weatherd run: its threads")
struct ThreadsEndToEndTests {
    /// One thread of a process: its id, its name (`comm`) and its voluntary context switches so far (its
    /// wake-ups: preemptions by the rest of the suite, running beside it, are not counted).
    struct Thread: Hashable {
        var id: String
        var name: String
        var switches: Int
    }

    static func threads(_ pid: Int32) throws -> [Thread] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").compactMap { id in
            let base = "/proc/\(pid)/task/\(id)"
            guard let name = try? String(contentsOfFile: base + "/comm", encoding: .utf8),
                let status = try? String(contentsOfFile: base + "/status", encoding: .utf8)
            else { return nil }
            let switches = status.split(separator: "\n")
                .filter { $0.hasPrefix("voluntary_ctxt_switches:") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
            return Thread(id: id, name: name.trimmingCharacters(in: .whitespacesAndNewlines), switches: switches)
        }
    }

    /// The threads weatherd has: the main thread, NIO's event loop and its blocking pool, and libdispatch's
    /// overcommit workers (the serial queues of name resolution and of the signal sources). A worker of a
    /// global concurrent queue (named after its QoS without `overcommit`) means the monitor is armed.
    static func isExpected(_ name: String) -> Bool {
        name == "weatherd" || name.hasPrefix("NIO-SGLTN-") || name.hasPrefix("SGLTN-TP-")
            || name.hasSuffix("overcommit")
    }

    @Test("cache ticks create no thread and no worker of a global concurrent queue starts")
    func cacheTicksCreateNoThread() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let configPath = try directory.write(
                "config.yaml",
                """
                refresh: 1h
                locations:
                  - name: Alpha
                    latitude: 10.5
                    longitude: 10
                """
            )
            let statePath = directory.path + "/state.json"
            let cachePath = directory.path + "/cache.json"
            let daemon = try Subprocess([
                "run", "--config", configPath, "--state-file", statePath, "--cache-file", cachePath,
                "--interval", "500ms", "--api-url", server.baseURL, "--alerts-url", server.baseURL, "--log-target",
                "stderr",
            ])
            defer { daemon.kill() }
            // The first tick's fetch answered and written to the cache: the ticks after it serve the cache.
            let started = ContinuousClock.now
            while ContinuousClock.now - started < .seconds(5) {
                let text = (try? String(contentsOfFile: cachePath, encoding: .utf8)) ?? ""
                let daemonInfo = ((try? jsonObject(text)) as? [String: Any])?["daemon"] as? [String: Any]
                if (daemonInfo?["fetches_ok"] as? Int ?? 0) >= 1 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            let ticks = {
                let text = (try? String(contentsOfFile: statePath, encoding: .utf8)) ?? ""
                return ((try? jsonObject(text)) as? [String: Any]).flatMap { $0["daemon"] as? [String: Any] }?["ticks"]
                    as? Int ?? 0
            }
            // The ticks counted around the threads' samples: a tick under way when a sample is taken is one
            // of them, its wake-ups counted with it.
            let ticksBefore = ticks()
            let before = try Self.threads(daemon.pid)
            try await Task.sleep(for: .seconds(1.5))  // three cache ticks
            let after = try Self.threads(daemon.pid)
            let cacheTicks = ticks() - ticksBefore
            daemon.signal(SIGTERM)
            let status = await daemon.wait(timeout: 3)
            #expect(status == 0, "stderr: \(daemon.stderr)")
            #expect(
                Set(after.map(\.id)) == Set(before.map(\.id)),
                "threads \(before.map(\.name)) → \(after.map(\.name))"
            )
            #expect(after.allSatisfy { Self.isExpected($0.name) }, "\(after.map(\.name))")
            // About two wake-ups a tick (the main thread and libdispatch's timer thread); the monitor would
            // add one a second, a thread a tick three.
            let switches = after.map(\.switches).reduce(0, +) - before.map(\.switches).reduce(0, +)
            #expect(cacheTicks >= 2)
            #expect(switches <= 3 * cacheTicks, "\(switches) wake-ups in \(cacheTicks) cache ticks")
        }
    }
}
