import FakeOpenMeteo
import Foundation
import Testing

/// The commands of weatherd(1) through the built binary: output and exit statuses.
@Suite("weatherd commands")
struct CommandLineTests {
    let twoPlaces = """
        locations:
          - name: Berlin
            latitude: 52.52
            longitude: 13.41
          - id: nyc
            name: New York
            latitude: 40.7128
            longitude: -74.006
        """

    @Test("codes --format json prints the 32 known codes in order")
    func codesJSON() async throws {
        let result = try await Subprocess.run(["codes", "--format", "json"])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(#"[{"code":0,"condition":"clear","category":"clear","description":"Clear sky"},"#)
        )
        let codes = try #require(try jsonObject(result.stdout) as? [[String: Any]])
        #expect(codes.count == 32)
        #expect(codes.compactMap { $0["code"] as? Int } == codes.compactMap { $0["code"] as? Int }.sorted())
        #expect(codes.last?["condition"] as? String == "thunderstorm_hail")
    }

    @Test("--version prints the version")
    func version() async throws {
        let result = try await Subprocess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(
        "a bad configuration exits 78 naming file, key and line",
        arguments: [
            ("locations:\n  - name: X\n    latitude: 91\n    longitude: 0\n", "locations[0].latitude", ":3:"),
            ("interval: soon\n", "interval", ":1:"),
            ("colour: blue\n", "colour", ":1:"),
            ("api:\n  base_url: ftp://example.org\n", "api.base_url", "ftp://"),
            ("locations: [\n", "", "invalid YAML"),
        ]
    )
    func badConfiguration(yaml: String, key: String, detail: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("bad.yaml", yaml)
        for command in [["check-config"], ["once"], ["run", "--state-file", directory.path + "/s.json"]] {
            let result = try await Subprocess.run(command + ["--config", path], timeout: 10)
            #expect(result.status == 78, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(path))
            #expect(key.isEmpty || result.stderr.contains(key))
            #expect(result.stderr.contains(detail), "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
    }

    @Test("once fetches every location and prints text or the state file's JSON")
    func once() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let config = try directory.write("config.yaml", twoPlaces)
            let text = try await Subprocess.run(["once", "--config", config, "--api-url", server.baseURL])
            #expect(text.status == 0, "\(text.stderr)")
            // One line per location, each followed by its outlook of the day.
            let lines = text.stdout.split(separator: "\n")
            #expect(lines.count == 4)
            let places = lines.filter { !$0.hasPrefix("  today: ") }
            #expect(places.count == 2)
            #expect(places.first?.hasPrefix("Berlin: ") == true)
            #expect(places.last?.hasPrefix("New York: ") == true)
            #expect(places.allSatisfy { $0.contains(" °C, ") })

            let json = try await Subprocess.run([
                "once", "--config", config, "--api-url", server.baseURL, "--format", "json",
            ])
            #expect(json.status == 0)
            let state = try #require(try jsonObject(json.stdout) as? [String: Any])
            let locations = try #require(state["locations"] as? [[String: Any]])
            #expect(locations.compactMap { $0["id"] as? String } == ["berlin", "nyc"])
            #expect(locations.allSatisfy { $0["status"] as? String == "ok" })
            #expect(server.requestCount == 4)
        }
    }

    @Test("once exits 1 when a fetch fails, with the error class")
    func onceFailure() async throws {
        let berlinOverloaded: @Sendable (FakeRequest) -> FakeResponse = { request in
            request.query["latitude"] == "52.52"
                ? .openMeteoError(status: 503, reason: "The service is overloaded")
                : FakeOpenMeteoServer.realistic(request)
        }
        try await withFakeServerAndDirectory(handler: berlinOverloaded) { server, directory in
            // Open-Meteo alone: with MET Norway beside it, Berlin would be served by it.
            let config = try directory.write("config.yaml", "sources: [open-meteo]\n" + twoPlaces)
            let result = try await Subprocess.run([
                "once", "--config", config, "--api-url", server.baseURL, "--format", "json",
            ])
            #expect(result.status == 1)
            let state = try #require(try jsonObject(result.stdout) as? [String: Any])
            let locations = try #require(state["locations"] as? [[String: Any]])
            let berlin = try #require(locations.first)
            let error = try #require(berlin["last_error"] as? [String: Any])
            #expect(error["kind"] as? String == "unavailable")
            #expect(error["http_status"] as? Int == 503)
            #expect(locations.last?["status"] as? String == "ok")
        }
    }

    @Test("status reports with monitoring-plugin exit codes")
    func status() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let config = try directory.write("config.yaml", twoPlaces)
            let statePath = directory.path + "/state.json"

            let missing = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(missing.status == 3)
            #expect(missing.stdout.hasPrefix("WEATHERD UNKNOWN"))

            // A fresh, complete state (the output of `once --format json` has the state file's schema).
            let once = try await Subprocess.run([
                "once", "--config", config, "--api-url", server.baseURL, "--format", "json",
            ])
            try once.stdout.write(toFile: statePath, atomically: true, encoding: .utf8)
            let ok = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(ok.status == 0, "\(ok.stdout)")
            #expect(ok.stdout.hasPrefix("WEATHERD OK - 2 locations, 0 failing, 0 stale, state written "))
            #expect(ok.stdout.contains("Berlin: "))
            let one = try await Subprocess.run(["status", "--state-file", statePath, "--location", "nyc"])
            #expect(one.stdout.hasPrefix("WEATHERD OK - 1 location, 0 failing"), "\(one.stdout)")
            let json = try await Subprocess.run([
                "status", "--state-file", statePath, "--format", "json", "--location", "nyc",
            ])
            #expect(json.status == 0)
            let shown = try #require(try jsonObject(json.stdout) as? [String: Any])
            #expect((shown["locations"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["nyc"])
            let unknownLocation = try await Subprocess.run(["status", "--state-file", statePath, "--location", "paris"])
            #expect(unknownLocation.status == 3)

            // One location failing: WARNING.
            var failing = try #require(try jsonObject(once.stdout) as? [String: Any])
            var entries = try #require(failing["locations"] as? [[String: Any]])
            entries[0]["status"] = "error"
            entries[0]["last_error"] = [
                "kind": "timeout", "message": "timed out after 5 s", "at": "2026-01-01T00:00:00Z",
            ]
            failing["locations"] = entries
            try JSONSerialization.data(withJSONObject: failing).write(to: URL(fileURLWithPath: statePath))
            let warning = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(warning.status == 1, "\(warning.stdout)")

            // Every location failing, but their last good weather still fresh: WARNING.
            entries[1]["status"] = "error"
            entries[1]["last_error"] = entries[0]["last_error"]
            failing["locations"] = entries
            try JSONSerialization.data(withJSONObject: failing).write(to: URL(fileURLWithPath: statePath))
            let allFailing = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(allFailing.status == 1, "\(allFailing.stdout)")
            #expect(allFailing.stdout.hasPrefix("WEATHERD WARNING - 2 locations, 2 failing, 0 stale,"))

            // No location with fresh data (failing without weather): CRITICAL.
            entries[0]["weather"] = NSNull()
            entries[1]["weather"] = NSNull()
            failing["locations"] = entries
            try JSONSerialization.data(withJSONObject: failing).write(to: URL(fileURLWithPath: statePath))
            let noData = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(noData.status == 2, "\(noData.stdout)")

            // Weather older than stale_after, written as "ok" by an earlier run: judged stale by its age now.
            var aged = try #require(try jsonObject(once.stdout) as? [String: Any])
            var agedEntries = try #require(aged["locations"] as? [[String: Any]])
            var weather = try #require(agedEntries[0]["weather"] as? [String: Any])
            weather["observed_at"] = "2020-01-01T00:00:00Z"
            agedEntries[0]["weather"] = weather
            #expect(agedEntries[0]["status"] as? String == "ok")
            aged["locations"] = agedEntries
            try JSONSerialization.data(withJSONObject: aged).write(to: URL(fileURLWithPath: statePath))
            let stale = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(stale.status == 1, "\(stale.stdout)")
            #expect(stale.stdout.hasPrefix("WEATHERD WARNING - 2 locations, 0 failing, 1 stale,"))
            #expect(stale.stdout.contains("[stale]"))
            let staleJSON = try await Subprocess.run(["status", "--state-file", statePath, "--format", "json"])
            let rejudged = try #require(try jsonObject(staleJSON.stdout) as? [String: Any])
            #expect((rejudged["locations"] as? [[String: Any]])?.map { $0["status"] as? String } == ["stale", "ok"])

            // Written long ago: the daemon is not running: CRITICAL.
            var old = try #require(try jsonObject(once.stdout) as? [String: Any])
            old["generated_at"] = "2020-01-01T00:00:00Z"
            try JSONSerialization.data(withJSONObject: old).write(to: URL(fileURLWithPath: statePath))
            let critical = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(critical.status == 2, "\(critical.stdout)")
            #expect(critical.stdout.contains("not running"))

            try "{\"schema_version\":1,".write(toFile: statePath, atomically: true, encoding: .utf8)
            let invalid = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(invalid.status == 3)
        }
    }
}
