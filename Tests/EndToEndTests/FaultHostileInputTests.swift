import FakeOpenMeteo
import Foundation
import Testing

/// Hostile input: location names that try to split or forge journal fields, a 10 kB name, and an API key
/// that the server echoes back in its error reason.
@Suite("Faults: hostile input")
struct FaultHostileInputTests {
    static let evilName = "Evil\nFORGED_FIELD=1\nPRIORITY=0\nx=y \u{1} tab\there = end"
    static let longName = String(repeating: "Zürich=\nFORGED_FIELD=1 ", count: 440)

    @Test("names with newlines, '=', control characters and 10 kB arrive byte for byte; no field is forged")
    func hostileNames() async throws {
        #expect(Self.longName.utf8.count > 10_000)
        let places = [
            Fault.Place(id: "evil", name: Self.evilName, latitude: 1, longitude: 2),
            Fault.Place(id: "long", name: Self.longName, latitude: 3, longitude: 4),
        ]
        let names = ["evil": Self.evilName, "long": Self.longName]
        try await Fault.withDaemon(config: Fault.config(places)) { server, daemon in
            let ticked = await daemon.waitForTicks(6)
            let status = await daemon.terminate()
            try #require(ticked, "stderr: \(daemon.stderr.prefix(3000))")
            #expect(status == 0)

            let locations = try #require(try daemon.state()["locations"] as? [[String: Any]])
            #expect(locations.count == 2)
            for location in locations {
                let id = try #require(location["id"] as? String)
                #expect(location["name"] as? String == names[id], "state file name of \(id)")
                #expect(location["status"] as? String == "ok")
            }

            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                let weather = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.weather }
                #expect(weather.count >= 4)
                for entry in weather {
                    let id = entry["WEATHER_LOCATION"] ?? "?"
                    #expect(entry["WEATHER_LOCATION_NAME"] == names[id], "journal name of \(id)")
                    #expect(entry["PRIORITY"] == "6")
                    #expect(entry["MESSAGE"]?.hasPrefix((names[id] ?? "?") + ": ") == true)
                }
                #expect(Set(weather.compactMap { $0["WEATHER_LOCATION"] }) == ["evil", "long"])
                let forged = entries.filter { $0["FORGED_FIELD"] != nil || $0["X"] != nil }
                #expect(forged.isEmpty, "forged fields in \(forged.count) entries")
                #expect(!entries.contains { $0["PRIORITY"] == "0" })
            } else {
                let lines = daemon.stderr.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(
                    !lines.contains { $0.hasPrefix("FORGED_FIELD") || $0.hasPrefix("PRIORITY") },
                    "\(lines.prefix(5))"
                )
            }
        }
    }

    @Test("the API key never appears in stderr, the state file, once's output or the journal")
    func apiKeyNeverLogged() async throws {
        let key = "topsecret-XYZ"
        let echoingTheRequest: @Sendable (FakeRequest) -> FakeResponse = { request in
            .openMeteoError(status: 400, reason: "Cannot process request \(request.uri)")
        }
        try await withFakeServerAndDirectory(handler: echoingTheRequest) { server, directory in
            let config = Fault.config(Fault.threePlaces, extra: "api:\n  api_key: \"\(key)\"")
            // One daemon logging to stderr and, when there is a test journal, one logging to the journal.
            let targets = TestJournal.isAvailable ? ["stderr", "journal"] : ["stderr"]
            var daemons: [FaultDaemon] = []
            defer { daemons.forEach { $0.kill() } }
            for target in targets {
                let stateDirectory = directory.path + "/state-\(target)"
                daemons.append(
                    try FaultDaemon(
                        directory: directory,
                        config: config,
                        apiURL: server.baseURL,
                        logTarget: target,
                        stateDirectory: stateDirectory
                    )
                )
            }
            let configPath = try directory.write("once.yaml", config)
            let once = try await Subprocess.run(
                ["once", "--config", configPath, "--format", "json", "--api-url", server.baseURL],
                timeout: 20
            )
            for daemon in daemons {
                #expect(await daemon.waitForTicks(4), "stderr: \(daemon.stderr)")
                #expect(await daemon.terminate() == 0)
            }

            #expect(server.requests.contains { $0.uri.contains("apikey=\(key)") }, "the key was not sent at all")
            #expect(once.status == 1)
            #expect(!once.stdout.contains(key), "once --format json: \(once.stdout)")
            #expect(!once.stderr.contains(key))
            #expect(once.stdout.contains("Cannot process request"), "the reason must stay, only the key redacted")
            for daemon in daemons {
                #expect(!daemon.stderr.contains(key), "stderr: \(daemon.stderr.prefix(2000))")
                let state = try String(contentsOfFile: daemon.statePath, encoding: .utf8)
                #expect(!state.contains(key), "state file: \(state)")
                #expect(state.contains("Cannot process request"))
                // The journal daemon's entries (waiting for the last one); the stderr daemon writes none.
                let wait = TestJournal.isAvailable && daemon === daemons.last ? 5.0 : 0
                let entries = try await Fault.journal(pid: daemon.pid, timeout: wait) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                let leaking = entries.filter { $0.values.contains { $0.contains(key) } }
                #expect(leaking.isEmpty, "journal entries with the key: \(leaking.map { $0["MESSAGE"] ?? "" })")
            }
        }
    }
}
