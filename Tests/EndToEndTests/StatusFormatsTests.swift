import FakeOpenMeteo
import Foundation
import Testing

/// `status --format waybar|prometheus` read by the parsers their consumers use: JSON for Waybar, the
/// Prometheus reference parser (python prometheus_client) for the metrics, in base units whatever the
/// configured units.
@Suite("status formats for other tools")
struct StatusFormatsTests {
    /// A state file written by `once` in imperial units, from the loopback look-alike.
    private func imperialState(in directory: TemporaryDirectory, server: FakeOpenMeteoServer) async throws -> String {
        let config = try directory.write(
            "config.yaml",
            """
            units:
              temperature: fahrenheit
              wind_speed: mph
              precipitation: inch
            locations:
              - name: "Quote \\" and \\\\ backslash"
                latitude: 10
                longitude: 10
              - id: nyc
                name: New York
                latitude: 40.7128
                longitude: -74.006
            """
        )
        let once = try await Subprocess.run([
            "once", "--config", config, "--api-url", server.baseURL, "--format", "json",
        ])
        #expect(once.status == 0, "\(once.stderr)")
        let path = directory.path + "/state.json"
        try once.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func prometheusParsesWithTheReferenceParserInBaseUnits() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let statePath = try await imperialState(in: directory, server: server)
            let state = try #require(
                try jsonObject(String(contentsOfFile: statePath, encoding: .utf8)) as? [String: Any]
            )
            let nyc = try #require((state["locations"] as? [[String: Any]])?.last?["weather"] as? [String: Any])

            let metrics = try await Subprocess.run(["status", "--state-file", statePath, "--format", "prometheus"])
            #expect(metrics.status == 0)
            let textPath = try directory.write("metrics.prom", metrics.stdout)
            let parsed = try await Subprocess.run(
                ["python3", "Tests/formats/parse-prometheus.py"],
                executable: "/usr/bin/env",
                stdin: textPath
            )
            #expect(parsed.status == 0, "\(parsed.stderr)")
            let samples = try #require(try jsonObject(parsed.stdout) as? [[String: Any]])
            func value(_ name: String, location: String? = nil, result: String? = nil) -> Double? {
                samples.first { sample in
                    let labels = sample["labels"] as? [String: String] ?? [:]
                    return sample["name"] as? String == name && (location == nil || labels["location"] == location)
                        && (result == nil || labels["result"] == result)
                }?["value"] as? Double
            }
            let fahrenheit = try #require(nyc["temperature"] as? Double)
            let celsius = try #require(value("weatherd_temperature_celsius", location: "nyc"))
            #expect(abs(celsius - (fahrenheit - 32) * 5 / 9) < 0.001)
            let mph = try #require(nyc["wind_speed"] as? Double)
            let metersPerSecond = try #require(value("weatherd_wind_speed_meters_per_second", location: "nyc"))
            #expect(abs(metersPerSecond - mph * 0.44704) < 0.001)
            let humidity = try #require(value("weatherd_relative_humidity_ratio", location: "nyc"))
            #expect(humidity > 0 && humidity <= 1)
            #expect(value("weatherd_fetches_total", result: "ok") == 2)
            #expect(value("weatherd_last_fetch_success", location: "nyc") == 1)
            #expect(value("weatherd_ticks_skipped_total") == 0)
            #expect(value("weatherd_requests_total") == 2)
            #expect(value("weatherd_ticks_fetched_total") == 2)
            // The day's outlook in base units.
            let today = try #require((state["locations"] as? [[String: Any]])?.last?["today"] as? [String: Any])
            let highFahrenheit = try #require(today["temperature_max"] as? Double)
            let high = try #require(value("weatherd_today_temperature_max_celsius", location: "nyc"))
            #expect(abs(high - (highFahrenheit - 32) * 5 / 9) < 0.001)
            if let probability = today["precipitation_probability_max"] as? Double {
                #expect(value("weatherd_today_precipitation_probability_ratio", location: "nyc") == probability / 100)
            }
            let sunrise = try #require(epochSeconds(today["sunrise"] as? String))
            #expect(value("weatherd_sunrise_timestamp_seconds", location: "nyc") == sunrise)
            // Quota windows: what was used; no limit sample for a server without limits (not a fake 0).
            let windows = samples.filter { $0["name"] as? String == "weatherd_quota_used_calls" }
            #expect(
                Set(windows.compactMap { ($0["labels"] as? [String: String])?["window"] }) == ["minute", "hour", "day"]
            )
            #expect(!samples.contains { $0["name"] as? String == "weatherd_quota_limit_calls" })
            // The hostile name survives label escaping.
            let names = samples.compactMap { ($0["labels"] as? [String: String])?["name"] }
            #expect(names.contains("Quote \" and \\ backslash"))
            #expect(samples.allSatisfy { ($0["help"] as? String)?.isEmpty == false })
        }
    }

    @Test func waybarIsOneJSONLineWithIconClassAndTooltip() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let statePath = try await imperialState(in: directory, server: server)
            let result = try await Subprocess.run([
                "status", "--state-file", statePath, "--format", "waybar", "--location", "nyc",
            ])
            #expect(result.status == 0)
            #expect(result.stdout.split(separator: "\n").count == 1)
            let module = try #require(try jsonObject(result.stdout) as? [String: Any])
            let text = try #require(module["text"] as? String)
            #expect(text.hasSuffix("°F New York"))
            let tooltip = try #require(module["tooltip"] as? String)
            // A line per location, each with its outlook of the day indented below it.
            #expect(tooltip.split(separator: "\n").filter { !$0.hasPrefix("  ") }.count == 2)
            #expect(tooltip.split(separator: "\n").filter { $0.hasPrefix("  today: ") }.count == 2)
            #expect(tooltip.contains("New York: "))
            let classes = try #require(module["class"] as? [String])
            #expect(classes.first == module["alt"] as? String)
            #expect(classes.contains("ok"))

            // At night no sun; a stale location is marked.
            var state = try #require(
                try jsonObject(String(contentsOfFile: statePath, encoding: .utf8)) as? [String: Any]
            )
            var locations = try #require(state["locations"] as? [[String: Any]])
            var weather = try #require(locations[1]["weather"] as? [String: Any])
            weather["is_day"] = false
            weather["wmo_code"] = 0
            weather["condition"] = "clear"
            locations[1]["weather"] = weather
            var old = try #require(locations[0]["weather"] as? [String: Any])
            old["observed_at"] = "2020-01-01T00:00:00Z"
            locations[0]["weather"] = old
            locations[1]["status"] = "stale"
            state["locations"] = locations
            try JSONSerialization.data(withJSONObject: state).write(to: URL(fileURLWithPath: statePath))
            let night = try await Subprocess.run([
                "status", "--state-file", statePath, "--format", "waybar", "--location", "nyc",
            ])
            let nightModule = try #require(try jsonObject(night.stdout) as? [String: Any])
            let nightText = try #require(nightModule["text"] as? String)
            #expect(!nightText.contains("☀") && !nightText.contains("🌤") && !nightText.contains("⛅"))
            // Judged by its age now, not by the "stale" written into the file: this weather is fresh.
            #expect((nightModule["class"] as? [String])?.contains("stale") == false)
            #expect((nightModule["class"] as? [String])?.contains("ok") == true)
            #expect((nightModule["class"] as? [String])?.contains("night") == true)
            // The other location's weather is years old: stale, a warning in `class`, and still exit 0.
            let stale = try await Subprocess.run([
                "status", "--state-file", statePath, "--format", "waybar", "--location", "quote-and-backslash",
            ])
            #expect(stale.status == 0)
            let staleClasses = try #require((try jsonObject(stale.stdout) as? [String: Any])?["class"] as? [String])
            #expect(staleClasses.contains("stale") && staleClasses.contains("critical"), "\(staleClasses)")
            let whole = try await Subprocess.run(["status", "--state-file", statePath, "--format", "waybar"])
            #expect(whole.status == 0)
            #expect(
                ((try jsonObject(whole.stdout) as? [String: Any])?["class"] as? [String])?.contains("warning") == true
            )

            let missing = try await Subprocess.run([
                "status", "--state-file", directory.path + "/none.json", "--format", "waybar",
            ])
            // The bar never goes blank: a line was printed, so exit 0, the verdict in `class`.
            #expect(missing.status == 0)
            #expect(missing.stdout.split(separator: "\n").count == 1)
            #expect((try jsonObject(missing.stdout) as? [String: Any])?["class"] as? [String] == ["unknown"])
        }
    }
}

/// Seconds since the epoch of an RFC 3339 time, with Foundation's parser.
private func epochSeconds(_ text: String?) -> Double? {
    text.flatMap { ISO8601DateFormatter().date(from: $0)?.timeIntervalSince1970 }
}
