import FakeOpenMeteo
import Foundation
import Testing

/// Air quality against the built daemon and the look-alike's air quality route: each of the four default
/// places gets its air once in the hour, in the state file, the journal, the bar, Prometheus and `weatherd
/// air`; Tokyo and New York without pollen; an air quality API that fails leaves the weather alone. When it
/// is asked is the planner's decision (LoopTableAirTests).
@Suite("Air quality, end to end")
struct AirEndToEndTests {
    static let places = [
        Fault.Place(id: nil, name: "Berlin", latitude: 52.52, longitude: 13.41),
        Fault.Place(id: nil, name: "London", latitude: 51.5074, longitude: -0.1278),
        Fault.Place(id: nil, name: "New York", latitude: 40.7128, longitude: -74.006),
        Fault.Place(id: nil, name: "Tokyo", latitude: 35.6895, longitude: 139.6917),
    ]

    /// Waits until every location of `daemon`'s state file has `air` (or 15 s passed); its locations.
    static func locationsWithAir(_ daemon: FaultDaemon) async throws -> [[String: Any]] {
        var locations: [[String: Any]] = []
        let deadline = ContinuousClock.now + .seconds(15)
        while ContinuousClock.now < deadline {
            locations = (try? daemon.state())?["locations"] as? [[String: Any]] ?? []
            if locations.count == places.count, locations.allSatisfy({ $0["air"] is [String: Any] }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return locations
    }

    @Test func everyOutputShowsTheAirOnceAnHour() async throws {
        let textfile = FileManager.default.temporaryDirectory.path + "/weatherd-air-\(UUID().uuidString).prom"
        defer { try? FileManager.default.removeItem(atPath: textfile) }
        let config = Fault.config(
            Self.places,
            refresh: "auto",
            extra: "air_quality:\n  enabled: true\nprometheus_textfile: \(textfile)"
        )
        try await Fault.withDaemon(config: config) { server, daemon in
            let locations = try await Self.locationsWithAir(daemon)
            // A few rotations more: no second request within the hour.
            await daemon.waitForTicks((daemon.counter("ticks") ?? 0) + 12)
            let waybar = try await Subprocess.run(["status", "--format", "waybar", "--state-file", daemon.statePath])
            let air = try await Subprocess.run(["air", "--state-file", daemon.statePath])
            let prometheus = (try? String(contentsOfFile: textfile, encoding: .utf8)) ?? ""
            #expect(await daemon.terminate() == 0, "stderr: \(daemon.stderr)")

            #expect(locations.count == 4)
            for location in locations {
                let id = location["id"] as? String ?? "?"
                let block = try #require(location["air"] as? [String: Any], "\(id)")
                #expect(block["european_aqi"] is Int && block["us_aqi"] is Int, "\(id)")
                #expect(block["level"] is String && block["scale"] as? String == "european", "\(id)")
                #expect(block["uv_index"] is Double || block["uv_index"] is Int, "\(id)")
                #expect(block["pm2_5"] != nil && block["pollutant"] is String, "\(id)")
                let inEurope = id == "berlin" || id == "london"
                #expect((block["pollen"] != nil) == inEurope, "\(id): pollen only inside CAMS Europe")
                #expect(location["status"] as? String == "ok")
            }
            let asked = server.requests.filter { $0.path == "/v1/air-quality" }
            #expect(asked.count == 4, "one request a location in the hour: \(asked.map(\.uri))")
            #expect(asked.allSatisfy { $0.query["forecast_days"] == "1" && $0.query["hourly"] == "uv_index" })
            #expect(asked.filter { $0.query["current"]?.contains("birch_pollen") == true }.count == 2)

            let bar = try #require(try jsonObject(waybar.stdout) as? [String: Any])
            let classes = bar["class"] as? [String] ?? [(bar["class"] as? String) ?? ""]
            #expect(classes.contains { $0.hasPrefix("aqi-") }, "\(bar)")
            #expect((bar["tooltip"] as? String)?.contains("air: European AQI") == true)
            #expect([0, 1, 2].contains(air.status), "\(air.stdout)")
            #expect(air.stdout.hasPrefix("AIR "))
            #expect(air.stdout.contains("berlin_aqi="))
            #expect(prometheus.contains(#"weatherd_air_quality_index{location="tokyo",scale="european"}"#))
            #expect(prometheus.contains(#"weatherd_uv_index{location="berlin"}"#))
            #expect(prometheus.contains(#"weatherd_pollen_grains_per_cubic_metre{location="berlin",plant="birch"}"#))
            #expect(!prometheus.contains(#"weatherd_pollen_grains_per_cubic_metre{location="tokyo""#))

            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                // The weather entries with their air (an entry of the air's level crossing into poor, which the
                // look-alike's air reaches at some hours of the day, carries the index alone).
                let withAir = entries.filter { $0["WEATHER_AQI"] != nil && $0["WEATHER_TEMPERATURE"] != nil }
                #expect(
                    Set(withAir.compactMap { $0["WEATHER_LOCATION"] }) == ["berlin", "london", "new-york", "tokyo"]
                )
                #expect(withAir.allSatisfy { $0["WEATHER_AQI_LEVEL"] != nil && $0["WEATHER_UV_INDEX"] != nil })
                #expect(withAir.contains { $0["WEATHER_POLLEN_BIRCH"] != nil })
                #expect(!withAir.contains { $0["WEATHER_LOCATION"] == "tokyo" && $0["WEATHER_POLLEN_BIRCH"] != nil })
            }
        }
    }

    @Test(
        "an air quality API that fails leaves the weather alone",
        arguments: [AirQualityMode.unavailable(retryAfter: nil), .html, .truncated]
    )
    func failuresAreTheAirsAlone(mode: AirQualityMode) async throws {
        let config = Fault.config(Array(Self.places.prefix(2)), timeout: "1s", extra: "air_quality:\n  enabled: true")
        let handler = FakeOpenMeteoServer.realistic(dataInterval: 900, airQuality: mode)
        try await Fault.withDaemon(config: config, handler: handler) { server, daemon in
            let failed = await Fault.eventually(timeout: 10) {
                server.requests.filter { $0.path == "/v1/air-quality" }.count >= 2
            }
            await daemon.waitForTicks((daemon.counter("ticks") ?? 0) + 4)
            let state = try daemon.state()
            #expect(await daemon.terminate() == 0, "stderr: \(daemon.stderr)")
            #expect(failed)
            let locations = state["locations"] as? [[String: Any]] ?? []
            #expect(locations.count == 2)
            for location in locations {
                #expect(location["status"] as? String == "ok")
                #expect(location["last_error"] is NSNull)
                #expect(location["air"] is NSNull)
            }
            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                #expect(entries.contains { ($0["MESSAGE"] ?? "").contains("air quality request failed") })
            }
        }
    }

    @Test func onceShowsTheAir() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let config = try directory.write(
                "config.yaml",
                Fault.config([Self.places[0], Self.places[3]], extra: "air_quality:\n  enabled: true")
            )
            let once = try Subprocess(["once", "--config", config, "--api-url", server.baseURL])
            #expect(await once.wait(timeout: 20) == 0, "stderr: \(once.stderr)")
            let lines = once.stdout.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.hasPrefix("  air: European AQI") }.count == 2, "\(once.stdout)")
            #expect(lines.contains { $0.contains("pollen:") } || !lines.isEmpty)
            #expect(server.requests.filter { $0.path == "/v1/air-quality" }.count == 2)
        }
    }
}
