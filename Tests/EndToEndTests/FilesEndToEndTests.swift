import FakeOpenMeteo
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// docs/state-file.md "Files" and "Readers" with the built binary: a tick that fetches nothing writes nothing to the
/// disk, a reader without a path finds the daemon's file, and a cache without a state file is CRITICAL.
@Suite("Files, end to end")
struct FilesEndToEndTests {
    /// `write_bytes` of /proc/PID/io: what the process caused to be written to the storage layer.
    private static func writeBytes(_ pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("write_bytes:") {
            return Int(line.dropFirst("write_bytes:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    @Test("ticks that fetch nothing write nothing to the disk; the cache gets the fetches")
    func nothingOnTheDiskPerTick() async throws {
        try await withFakeServerAndDirectory { server, directory in
            // The runtime directory as under systemd: tmpfs.
            let runtime = "/dev/shm/weatherd-e2e-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: runtime) }
            let config = try directory.write("config.yaml", Fault.config(Fault.threePlaces, refresh: "auto"))
            let daemon = try Subprocess([
                "run", "--config", config, "--state-file", runtime + "/state.json",
                "--cache-file", directory.path + "/cache.json", "--interval", "50ms", "--api-url", server.baseURL,
                "--alerts-url", server.baseURL,
                // Its entries go to a file here (the journal, in production, is a socket): not the daemon's writes.
                "--log-target", "stderr", "--log-level", "warning",
            ])
            defer { daemon.kill() }
            func daemonInfo() -> [String: Any]? {
                guard let text = try? String(contentsOfFile: runtime + "/state.json", encoding: .utf8),
                    let state = try? jsonObject(text) as? [String: Any]
                else { return nil }
                return state["daemon"] as? [String: Any]
            }
            // Every location fetched once (then not due for a data period), and a few ticks after that.
            let counted = await Fault.eventually(timeout: 10) {
                guard let info = daemonInfo() else { return false }
                return (info["fetches_ok"] as? Int) == 3 && (info["ticks"] as? Int ?? 0) >= 6
            }
            #expect(counted)
            #expect(FileManager.default.fileExists(atPath: directory.path + "/cache.json"))
            // The cache's directory must be on a disk, or a cache written every tick would go unseen.
            let type = try await Subprocess.run(["-f", "-c", "%T", directory.path], executable: "/usr/bin/stat")
            try #require(!type.stdout.hasPrefix("tmpfs"), "the temporary directory is on tmpfs here")
            let before = try #require(Self.writeBytes(daemon.pid))
            let requests = server.requestCount
            // Twenty ticks that serve the cache.
            let ticks = daemonInfo()?["ticks"] as? Int ?? 0
            #expect(await Fault.eventually(timeout: 10) { daemonInfo()?["ticks"] as? Int ?? 0 >= ticks + 20 })
            #expect(server.requestCount == requests)
            #expect(Self.writeBytes(daemon.pid) == before)
            // Nothing beside the cache either: no state file, no temporary file in the state directory.
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(names == ["cache.json", "config.yaml"])
            daemon.signal(SIGTERM)
            #expect(await daemon.wait(timeout: 5) == 0)
        }
    }

    @Test("a state file outside tmpfs is said at start")
    func stateFileOnDiskIsNoticed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let config = try directory.write("config.yaml", Fault.config(Fault.onePlace))
        let daemon = try Subprocess([
            "run", "--config", config, "--state-file", directory.path + "/state.json",
            "--cache-file", directory.path + "/cache.json", "--api-url", "http://127.0.0.1:9", "--alerts-url",
            "http://127.0.0.1:9", "--log-target", "stderr",
        ])
        defer { daemon.kill() }
        let noticed = await Fault.eventually(timeout: 10) { daemon.stderr.contains("started:") }
        #expect(noticed)
        // /tmp is tmpfs on some machines: the notice is said exactly when it is not.
        let type = try await Subprocess.run(["-f", "-c", "%T", directory.path], executable: "/usr/bin/stat")
        let onTmpfs = type.stdout.hasPrefix("tmpfs")
        #expect(daemon.stderr.contains("is not on tmpfs") == !onTmpfs, "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        #expect(await daemon.wait(timeout: 5) == 0)
    }

    /// A user's files written by `once`: the state file in the runtime directory (`XDG_RUNTIME_DIR`), the
    /// cache under a state home, and a configuration that names the cache but not the state file.
    private struct UserFiles {
        var runtime: String
        var stateHome: String
        var config: String
        var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime] }
        var statePath: String { runtime + "/weatherd/state.json" }
    }

    /// Runs `body` with a user's files in a temporary directory, removed afterwards.
    private func withUserFiles(_ body: (UserFiles) async throws -> Void) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let runtime = directory.path + "/runtime"
        let stateHome = directory.path + "/state-home"
        try FileManager.default.createDirectory(atPath: runtime + "/weatherd", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: stateHome + "/weatherd", withIntermediateDirectories: true)
        // A configuration that names the cache but not the state file: the state file is looked for.
        let config = try directory.write("files.yaml", "cache_file: \(stateHome)/weatherd/cache.json\n")
        let once = try await withFakeServer { server in
            try await Subprocess.run(["once", "--config", config, "--api-url", server.baseURL, "--format", "json"])
        }
        #expect(once.status == 0)
        let files = UserFiles(runtime: runtime, stateHome: stateHome, config: config)
        try once.stdout.write(toFile: files.statePath, atomically: true, encoding: .utf8)
        try once.stdout.write(toFile: stateHome + "/weatherd/cache.json", atomically: true, encoding: .utf8)
        try await body(files)
    }

    /// Whether this machine has no weatherd service's state file, which a search would find first.
    private static var noServiceOnThisMachine: Bool {
        access("/run/weatherd/state.json", F_OK) != 0 && access("/var/lib/weatherd/state.json", F_OK) != 0
    }

    @Test("status without a path reads the user's runtime directory")
    func readersFindTheFile() async throws {
        try await withUserFiles { files in
            // `status` as another user would run it: its file is found by the search, not by a path.
            let found = try await Subprocess.run(
                ["status", "--config", files.config, "--format", "json"],
                environment: files.environment
            )
            #expect(found.stdout.contains("\"schema_version\""), "\(found.stdout) \(found.stderr)")
        }
    }

    @Test(
        "without a state file, only a cache in the user's directories is CRITICAL; given a path, UNKNOWN",
        .enabled(
            if: noServiceOnThisMachine,
            "this machine has a weatherd state file in /run/weatherd or /var/lib/weatherd, which status would find"
        )
    )
    func readersJudgeAMissingFile() async throws {
        try await withUserFiles { files in
            // After a reboot: the runtime directory is empty, the cache is there.
            try FileManager.default.removeItem(atPath: files.statePath)
            let notRunning = try await Subprocess.run(
                ["status", "--config", files.config],
                environment: files.environment
            )
            #expect(notRunning.stdout.contains("but a cache at \(files.stateHome)/weatherd/cache.json"))
            #expect(notRunning.status == 2)
            #expect(notRunning.stdout.hasPrefix("WEATHERD CRITICAL - no state file at "), "\(notRunning.stdout)")
            #expect(notRunning.stdout.contains("has not run since boot"))
            let waybar = try await Subprocess.run(
                ["status", "--config", files.config, "--format", "waybar"],
                environment: files.environment
            )
            #expect(waybar.status == 0)
            #expect(waybar.stdout.contains("\"class\":[\"critical\"]"))
            // Given a path and no cache, a missing file stays UNKNOWN.
            let unknown = try await Subprocess.run(
                ["status", "--state-file", files.statePath],
                environment: files.environment
            )
            #expect(unknown.status == 3)
        }
    }
}
