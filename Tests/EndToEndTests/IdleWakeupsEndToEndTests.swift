import FakeOpenMeteo
import Foundation
import Testing

/// The built `weatherd run` between two ticks: no thread of it wakes. Its tasks run on the main queue
/// (MainQueueTaskExecutor), its requests and alert polls on the network's event loop
/// (EventLoopTaskExecutor), never on Swift's global executor, whose first worker thread would start
/// libdispatch's workqueue monitor: a 1-second timer that wakes the process for the rest of its life.
@Suite("weatherd run, between ticks")
struct IdleWakeupsEndToEndTests {
    /// Context switches of all the process's threads so far (those alive now).
    private func contextSwitches(_ pid: Int32) throws -> Int {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        var total = 0
        for task in tasks {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            else { continue }
            for line in status.split(separator: "\n") {
                if line.hasPrefix("voluntary_ctxt_switches:") || line.hasPrefix("nonvoluntary_ctxt_switches:") {
                    total += Int(line.split(separator: "\t").last ?? "") ?? 0
                }
            }
        }
        return total
    }

    @Test("after a fetch, the seconds before the next tick pass without a wake-up")
    func noWakeupBetweenTicks() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let configPath = try directory.write(
                "config.yaml",
                """
                locations:
                  - name: Alpha
                    latitude: 10.5
                    longitude: 10
                """
            )
            let statePath = directory.path + "/state.json"
            let daemon = try Subprocess([
                "run", "--config", configPath, "--state-file", statePath, "--cache-file",
                directory.path + "/cache.json",
                "--interval", "6s", "--api-url", server.baseURL, "--alerts-url", server.baseURL, "--log-target",
                "stderr",
            ])
            defer { daemon.kill() }
            // The first tick's fetch answered and written (the next tick is 6 s after the first).
            let started = ContinuousClock.now
            var fetched = false
            while !fetched, ContinuousClock.now - started < .seconds(4) {
                try await Task.sleep(for: .milliseconds(50))
                let text = (try? String(contentsOfFile: statePath, encoding: .utf8)) ?? ""
                let state = (try? jsonObject(text)) as? [String: Any]
                fetched = ((state?["daemon"] as? [String: Any])?["fetches_ok"] as? Int ?? 0) >= 1
            }
            #expect(fetched, "the first fetch did not end within 4 s; stderr: \(daemon.stderr)")
            // The cache written after it.
            let cached = await Fault.eventually(timeout: 4) {
                let text = (try? String(contentsOfFile: directory.path + "/cache.json", encoding: .utf8)) ?? ""
                let cache = (try? jsonObject(text)) as? [String: Any]
                return ((cache?["daemon"] as? [String: Any])?["fetches_ok"] as? Int ?? 0) >= 1
            }
            #expect(cached, "the cache was not written after the first fetch")
            // The write's fsyncs go on after the rename, and its end comes back to the main queue.
            try await Task.sleep(for: .milliseconds(500))
            let before = try contextSwitches(daemon.pid)
            // What is measured: 2.5 s between two ticks, in which a 1-second timer would wake it twice.
            try await Task.sleep(for: .seconds(2.5))
            let after = try contextSwitches(daemon.pid)
            daemon.signal(SIGTERM)
            let status = await daemon.wait(timeout: 3)
            #expect(status == 0, "stderr: \(daemon.stderr)")
            // The monitor would wake the process at least twice in these 2.5 s.
            #expect(after - before <= 1, "\(after - before) context switches in 2.5 s between two ticks")
        }
    }
}
