import FakeOpenMeteo
import Foundation
import Testing

/// The built `weatherd run` against a loopback Open-Meteo look-alike: rotation in configuration order,
/// the state file, the journal entries, a clean exit on SIGTERM.
@Suite("weatherd run, end to end")
struct DaemonEndToEndTests {
    static let weatherMessageID = "1e8127529db14a988ec40952865c732b"

    let config = """
        # three places, one with an explicit id; a fetch every tick
        timeout: 2s
        refresh: every_tick
        locations:
          - name: Alpha
            latitude: 10.5
            longitude: 10
          - name: Beta Town
            latitude: 20
            longitude: 20.25
          - id: gamma-x
            name: Gamma
            latitude: -30
            longitude: -40
        """
    let ids = ["alpha", "beta-town", "gamma-x"]
    let latitudes = ["10.5", "20.0", "-30.0"]

    /// `weatherd run` on the three places every 200 ms against `server`, logging to the private journald
    /// when there is one.
    private func startDaemon(
        in directory: TemporaryDirectory,
        statePath: String,
        server: FakeOpenMeteoServer
    )
        throws -> Subprocess
    {
        let configPath = try directory.write("config.yaml", config)
        return try Subprocess([
            "run", "--config", configPath, "--state-file", statePath, "--cache-file", directory.path + "/cache.json",
            "--interval", "200ms", "--api-url", server.baseURL, "--log-target",
            TestJournal.isAvailable ? "journal" : "stderr",
        ])
    }

    @Test("rotates through the locations in order; state file and journal follow")
    func rotation() async throws {
        let server = try await FakeOpenMeteoServer.start()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let statePath = directory.path + "/state/state.json"
        let daemon = try startDaemon(in: directory, statePath: statePath, server: server)
        defer { daemon.kill() }
        try await Task.sleep(for: .seconds(3))
        daemon.signal(SIGTERM)
        let status = await daemon.wait(timeout: 2)
        try await server.shutdown()
        #expect(status == 0, "weatherd run must exit 0 within 2 s of SIGTERM; stderr: \(daemon.stderr)")

        // The requests arrived in configuration order, one per tick, with the documented query.
        let requests = server.requests
        #expect(requests.count >= 9)
        for (index, request) in requests.enumerated() {
            #expect(request.path == "/v1/forecast")
            #expect(request.query["latitude"] == latitudes[index % 3], "request \(index): \(request.uri)")
        }
        let first = try #require(requests.first)
        #expect(first.query["timeformat"] == "unixtime")
        #expect(first.query["timezone"] == "auto")
        #expect(first.query["temperature_unit"] == "celsius")
        #expect(first.query["apikey"] == nil)
        #expect(first.headers.contains { $0.0.lowercased() == "user-agent" && $0.1.hasPrefix("weatherd/") })

        // The state file: complete, in configuration order, counters adding up.
        let attributes = try FileManager.default.attributesOfItem(atPath: statePath)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        let state = try #require(try jsonObject(String(contentsOfFile: statePath, encoding: .utf8)) as? [String: Any])
        #expect(state["schema_version"] as? Int == 1)
        let locations = try #require(state["locations"] as? [[String: Any]])
        #expect(locations.compactMap { $0["id"] as? String } == ids)
        #expect(locations.allSatisfy { $0["status"] as? String == "ok" })
        #expect(locations.allSatisfy { ($0["weather"] as? [String: Any])?["condition"] is String })
        let daemonInfo = try #require(state["daemon"] as? [String: Any])
        let ticks = try #require(daemonInfo["ticks"] as? Int)
        let accounted = ["ticks_fetched", "ticks_skipped", "ticks_from_cache"]
            .compactMap { daemonInfo[$0] as? Int }.reduce(0, +)
        #expect(ticks >= 9)
        #expect(ticks == accounted)
        #expect(daemonInfo["fetches_ok"] as? Int == requests.count)
        let rotationIndex = try #require(state["rotation_index"] as? Int)
        #expect(state["current_location"] as? String == ids[rotationIndex % 3])

        // The journal: one weather entry per tick, in rotation order, with the fields docs/journal.md lists.
        guard TestJournal.isAvailable else { return }
        let pid = daemon.pid
        let entries = try await TestJournal.waitForEntries(["_PID=\(pid)"]) { entries in
            entries.contains { $0["MESSAGE_ID"] == "e66c90bbd84c45c1bb73d19355857d68" }
        }
        let weather = entries.filter { $0["MESSAGE_ID"] == Self.weatherMessageID }
        #expect(weather.count == requests.count)
        for (index, entry) in weather.enumerated() {
            #expect(entry["WEATHER_LOCATION"] == ids[index % 3])
            #expect(entry["WEATHER_ROTATION_INDEX"] == String(index))
            #expect(entry["PRIORITY"] == "6")
            #expect(entry["SYSLOG_IDENTIFIER"] == "weatherd")
            #expect(entry["WEATHER_SOURCE"] == "network")
            for field in [
                "WEATHER_LOCATION_NAME", "WEATHER_LATITUDE", "WEATHER_LONGITUDE", "WEATHER_TEMPERATURE",
                "WEATHER_TEMPERATURE_UNIT", "WEATHER_APPARENT_TEMPERATURE", "WEATHER_HUMIDITY", "WEATHER_WIND_SPEED",
                "WEATHER_WIND_SPEED_UNIT", "WEATHER_WIND_DIRECTION", "WEATHER_CODE", "WEATHER_CONDITION",
                "WEATHER_CATEGORY", "WEATHER_DESCRIPTION", "WEATHER_IS_DAY", "WEATHER_OBSERVED_AT", "WEATHER_FETCH_MS",
                "CODE_FILE", "CODE_LINE", "CODE_FUNC",
            ] {
                #expect(entry[field] != nil, "entry \(index) lacks \(field)")
            }
            let name = entry["WEATHER_LOCATION_NAME"] ?? ""
            #expect(entry["MESSAGE"]?.hasPrefix("\(name): ") == true)
            #expect(entry["MESSAGE"]?.contains(" °C, ") == true)
        }
        #expect(entries.contains { $0["MESSAGE_ID"] == "95f04447dbe045d4918cff50aee98d17" && $0["PRIORITY"] == "5" })
    }

    @Test("a failing API keeps the daemon rotating and logs failures at priority 4")
    func failures() async throws {
        let server = try await FakeOpenMeteoServer.start { _ in
            .openMeteoError(
                status: 400,
                reason: "Cannot initialize WeatherVariable from invalid String value tempeture_2m."
            )
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let statePath = directory.path + "/state.json"
        let daemon = try startDaemon(in: directory, statePath: statePath, server: server)
        defer { daemon.kill() }
        // Running (its state file written), then long enough for several failures.
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: statePath) {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .seconds(1.5))
        daemon.signal(SIGINT)
        let status = await daemon.wait(timeout: 2)
        try await server.shutdown()
        #expect(status == 0)
        let state = try #require(try jsonObject(String(contentsOfFile: statePath, encoding: .utf8)) as? [String: Any])
        let locations = try #require(state["locations"] as? [[String: Any]])
        let failed = locations.filter { $0["status"] as? String == "error" }
        #expect(!failed.isEmpty)
        for location in failed {
            let error = try #require(location["last_error"] as? [String: Any])
            #expect(error["kind"] as? String == "http")
            #expect(error["http_status"] as? Int == 400)
            #expect((error["message"] as? String)?.contains("tempeture_2m") == true)
        }
        guard TestJournal.isAvailable else { return }
        let entries = try await TestJournal.waitForEntries(["_PID=\(daemon.pid)"]) { entries in
            entries.contains { $0["MESSAGE_ID"] == "3b6d93b2dc85492286bca79bb6d401af" }
        }
        let failure = try #require(entries.first { $0["MESSAGE_ID"] == "3b6d93b2dc85492286bca79bb6d401af" })
        #expect(failure["PRIORITY"] == "4")
        #expect(failure["WEATHER_ERROR_KIND"] == "http")
        #expect(failure["WEATHER_HTTP_STATUS"] == "400")
        #expect(failure["MESSAGE"]?.hasPrefix("Alpha: fetch failed: ") == true)
    }
}
