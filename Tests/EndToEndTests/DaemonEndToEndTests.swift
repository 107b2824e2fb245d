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

    /// What a run of `weatherd run` left: its pid, exit status and stderr, the requests the look-alike saw,
    /// and the state file with its permissions.
    private struct Run {
        var pid: Int32
        var status: Int32?
        var stderr: String
        var requests: [FakeRequest]
        var state: [String: Any]
        var statePermissions: Int?
    }

    /// `weatherd run` on the three places every 200 ms against a look-alike answering with `handler`, logging
    /// to the private journald when there is one, stopped by `stop` once its state file says `daemon.<counter>`
    /// has reached `count`.
    private func run(
        handler: @escaping @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic,
        statePath name: String,
        until counter: String,
        reaches count: Int,
        stop: Int32
    ) async throws -> Run {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let statePath = directory.path + "/" + name
        let configPath = try directory.write("config.yaml", config)
        return try await withFakeServer(handler: handler) { server in
            let daemon = try Subprocess([
                "run", "--config", configPath, "--state-file", statePath, "--cache-file",
                directory.path + "/cache.json", "--interval", "200ms", "--api-url", server.baseURL, "--alerts-url",
                server.baseURL, "--log-target",
                TestJournal.isAvailable ? "journal" : "stderr",
            ])
            defer { daemon.kill() }
            let reached = await Fault.eventually(timeout: 10) {
                let text = (try? String(contentsOfFile: statePath, encoding: .utf8)) ?? ""
                let state = (try? jsonObject(text)) as? [String: Any]
                return (state?["daemon"] as? [String: Any])?[counter] as? Int ?? 0 >= count
            }
            #expect(reached, "daemon.\(counter) did not reach \(count); stderr: \(daemon.stderr)")
            daemon.signal(stop)
            let status = await daemon.wait(timeout: 2)
            let state = try jsonObject(String(contentsOfFile: statePath, encoding: .utf8)) as? [String: Any]
            return Run(
                pid: daemon.pid,
                status: status,
                stderr: daemon.stderr,
                requests: server.requests,
                state: try #require(state, "no state file at \(statePath)"),
                statePermissions: try FileManager.default.attributesOfItem(atPath: statePath)[.posixPermissions] as? Int
            )
        }
    }

    /// Three rotations, each tick's fetch answered, stopped with SIGTERM.
    private func runRotation() async throws -> Run {
        try await run(statePath: "state/state.json", until: "fetches_ok", reaches: 9, stop: SIGTERM)
    }

    /// A look-alike that answers every request with a 400; a rotation of failed fetches, stopped with SIGINT.
    private func runFailures() async throws -> Run {
        try await run(
            handler: { _ in
                .openMeteoError(
                    status: 400,
                    reason: "Cannot initialize WeatherVariable from invalid String value tempeture_2m."
                )
            },
            statePath: "state.json",
            until: "fetches_failed",
            reaches: 3,
            stop: SIGINT
        )
    }

    @Test("rotates through the locations in order; the state file follows")
    func rotation() async throws {
        let run = try await runRotation()
        #expect(run.status == 0, "weatherd run must exit 0 within 2 s of SIGTERM; stderr: \(run.stderr)")

        // The requests arrived in configuration order, one per tick, with the documented query.
        let requests = run.requests
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
        #expect(run.statePermissions == 0o644)
        let state = run.state
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
    }

    @Test("one journal entry per tick, in rotation order, with the fields docs/journal.md lists", .needsTestJournal)
    func rotationInTheJournal() async throws {
        let run = try await runRotation()
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let entries = try await TestJournal.waitForEntries(["_PID=\(run.pid)"]) { entries in
            entries.contains { $0["MESSAGE_ID"] == "e66c90bbd84c45c1bb73d19355857d68" }
        }
        let weather = entries.filter { $0["MESSAGE_ID"] == Self.weatherMessageID }
        #expect(weather.count == run.requests.count)
        for (index, entry) in weather.enumerated() {
            #expect(entry["WEATHER_LOCATION"] == ids[index % 3])
            #expect(entry["WEATHER_ROTATION_INDEX"] == String(index))
            #expect(entry["PRIORITY"] == "6")
            #expect(entry["SYSLOG_IDENTIFIER"] == "weatherd")
            #expect(entry["WEATHER_SOURCE"] == "network")
            for field in [
                "WEATHER_LOCATION_NAME", "WEATHER_LATITUDE", "WEATHER_LONGITUDE", "WEATHER_TEMPERATURE",
                "WEATHER_TEMPERATURE_UNIT", "WEATHER_APPARENT_TEMPERATURE", "WEATHER_HUMIDITY",
                "WEATHER_WIND_SPEED", "WEATHER_WIND_SPEED_UNIT", "WEATHER_WIND_DIRECTION", "WEATHER_CODE",
                "WEATHER_CONDITION", "WEATHER_CATEGORY", "WEATHER_DESCRIPTION", "WEATHER_IS_DAY",
                "WEATHER_OBSERVED_AT", "WEATHER_FETCH_MS", "CODE_FILE", "CODE_LINE", "CODE_FUNC",
            ] {
                #expect(entry[field] != nil, "entry \(index) lacks \(field)")
            }
            let name = entry["WEATHER_LOCATION_NAME"] ?? ""
            #expect(entry["MESSAGE"]?.hasPrefix("\(name): ") == true)
            #expect(entry["MESSAGE"]?.contains(" °C, ") == true)
        }
        #expect(
            entries.contains { $0["MESSAGE_ID"] == "95f04447dbe045d4918cff50aee98d17" && $0["PRIORITY"] == "5" }
        )
    }

    @Test("a failing API keeps the daemon rotating; the state file says why")
    func failures() async throws {
        let run = try await runFailures()
        #expect(run.status == 0)
        let locations = try #require(run.state["locations"] as? [[String: Any]])
        let failed = locations.filter { $0["status"] as? String == "error" }
        #expect(!failed.isEmpty)
        for location in failed {
            let error = try #require(location["last_error"] as? [String: Any])
            #expect(error["kind"] as? String == "http")
            #expect(error["http_status"] as? Int == 400)
            #expect((error["message"] as? String)?.contains("tempeture_2m") == true)
        }
    }

    @Test("a failing API's fetches are journal entries at priority 4", .needsTestJournal)
    func failuresInTheJournal() async throws {
        let run = try await runFailures()
        #expect(run.status == 0)
        let entries = try await TestJournal.waitForEntries(["_PID=\(run.pid)"]) { entries in
            entries.contains { $0["MESSAGE_ID"] == "3b6d93b2dc85492286bca79bb6d401af" }
        }
        let failure = try #require(entries.first { $0["MESSAGE_ID"] == "3b6d93b2dc85492286bca79bb6d401af" })
        #expect(failure["PRIORITY"] == "4")
        #expect(failure["WEATHER_ERROR_KIND"] == "http")
        #expect(failure["WEATHER_HTTP_STATUS"] == "400")
        #expect(failure["MESSAGE"]?.hasPrefix("Alpha: fetch failed: ") == true)
    }
}
