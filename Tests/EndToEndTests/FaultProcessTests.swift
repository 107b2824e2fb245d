import FakeOpenMeteo
import Foundation
import Testing

/// Process faults: SIGKILL at random moments, SIGTERM during a hanging fetch, a corrupt state file at start.
@Suite("Faults: process")
struct FaultProcessTests {
    @Test("kill -9 at 20 random moments: the state file is always there and valid, no temporary file survives")
    func killNine() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let stateDirectory = directory.path + "/state"
            let config = Fault.config(Fault.threePlaces)
            var generator = SystemRandomNumberGenerator()
            var previousPID: Int32?

            for round in 0..<20 {
                let daemon = try FaultDaemon(
                    directory: directory,
                    config: config,
                    apiURL: server.baseURL,
                    interval: "20ms",
                    logTarget: "stderr"
                )
                defer { daemon.kill() }
                // Odd rounds are killed during start-up, when it may be loading or writing the first file.
                if round % 2 == 1 {
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...80, using: &generator)))
                } else {
                    let started = await daemon.waitForTicks(1, timeout: 10)
                    try #require(started, "round \(round): weatherd did not start: \(daemon.stderr)")
                    let leftovers = Fault.temporaryFiles(in: stateDirectory).filter {
                        $0 != ".state.json.tmp-\(daemon.pid)"
                    }
                    #expect(leftovers.isEmpty, "round \(round): left by pid \(previousPID ?? 0): \(leftovers)")
                    try await Task.sleep(for: .milliseconds(Int.random(in: 0...120, using: &generator)))
                }
                daemon.process.signal(SIGKILL)
                let status = await daemon.process.wait(timeout: 5)
                try #require(status != nil, "round \(round): SIGKILL did not end the process")
                previousPID = daemon.pid

                let data = try #require(
                    FileManager.default.contents(atPath: daemon.statePath),
                    "round \(round): no state file after kill -9"
                )
                #expect(!data.isEmpty, "round \(round): empty state file")
                let state = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                #expect(
                    state?["schema_version"] as? Int == 1,
                    "round \(round): \(String(decoding: data, as: UTF8.self))"
                )
            }

            // The last start: after a clean stop nothing but the state file is left.
            let last = try FaultDaemon(directory: directory, config: config, apiURL: server.baseURL, interval: "20ms")
            defer { last.kill() }
            try #require(await last.waitForTicks(3))
            let leftovers = Fault.temporaryFiles(in: stateDirectory).filter { $0 != ".state.json.tmp-\(last.pid)" }
            #expect(leftovers.isEmpty, "left by pid \(previousPID ?? 0): \(leftovers)")
            let status = await last.terminate()
            #expect(status == 0)
            #expect(Fault.temporaryFiles(in: stateDirectory).isEmpty)
            #expect(try last.state()["schema_version"] as? Int == 1)
        }
    }

    @Test("SIGTERM while a fetch hangs: exit 0 within 2 s, the final state file is valid")
    func termDuringHang() async throws {
        let hanging: @Sendable (FakeRequest) -> FakeResponse = { _ in .hang }
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces, timeout: "5s"),
            handler: hanging
        ) { server, daemon in
            #expect(await Fault.eventually(timeout: 5) { server.requestCount >= 1 })
            try #require(await daemon.waitForTicks(2), "no tick while the fetch hangs: \(daemon.stderr)")

            let signalled = ContinuousClock.now
            let status = await daemon.terminate(timeout: 5)
            let took = ContinuousClock.now - signalled

            #expect(status == 0, "stderr: \(daemon.stderr)")
            #expect(took < .seconds(2), "exit took \(took) after SIGTERM")
            let state = try daemon.state()
            let info = try #require(state["daemon"] as? [String: Any])
            #expect(info["pid"] as? Int == Int(daemon.pid))
            #expect((info["ticks_skipped"] as? Int ?? 0) >= 1)
            #expect(Fault.temporaryFiles(in: daemon.stateDirectoryView).isEmpty)
        }
    }

    @Test("a corrupt state file at start is moved aside and logged; a fresh valid one is written")
    func corruptStateFile() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let stateDirectory = directory.path + "/state"
            try FileManager.default.createDirectory(atPath: stateDirectory, withIntermediateDirectories: true)
            var generator = SystemRandomNumberGenerator()
            let garbage = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try garbage.write(to: URL(fileURLWithPath: stateDirectory + "/state.json"))

            let daemon = try FaultDaemon(
                directory: directory,
                config: Fault.config(Fault.threePlaces),
                apiURL: server.baseURL
            )
            defer { daemon.kill() }
            let started = await daemon.waitForTicks(2)
            #expect(daemon.isRunning, "stderr: \(daemon.stderr)")
            let status = await daemon.terminate()
            try #require(started, "no fresh state file: \(daemon.stderr)")
            #expect(status == 0)

            let state = try daemon.state()
            #expect(state["schema_version"] as? Int == 1)
            let moved = try FileManager.default.contentsOfDirectory(atPath: stateDirectory)
                .filter { $0.hasPrefix("state.json.corrupt-") }
            try #require(moved.count == 1, "files: \(moved)")
            #expect(FileManager.default.contents(atPath: stateDirectory + "/" + moved[0]) == garbage)

            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                let logged = entries.filter { $0["MESSAGE"]?.contains("corrupt") == true }
                #expect(logged.count == 1)
                #expect(logged.first?["PRIORITY"] == "3")
                #expect(logged.first?["MESSAGE"]?.contains(moved[0]) == true, "\(logged)")
            } else {
                #expect(daemon.stderr.contains("corrupt") && daemon.stderr.contains(moved[0]), "\(daemon.stderr)")
            }
        }
    }
}
