import Foundation
import Testing

/// `weatherd air` (docs/air.md) as a monitoring plugin, run as the built binary against a hand-written state
/// file: its exit statuses at the scale's thresholds and given ones, JSON, the scale from the state file's
/// display settings, and UNKNOWN when nothing can be known.
@Suite("weatherd air, end to end")
struct AirCommandEndToEndTests {
    /// A state file written now: Berlin with its air (European 64, US 160), New York without air; the scale
    /// `scale` in the display settings.
    static func stateFile(scale: String = "european") -> String {
        let now = Fault.rfc3339(Date().timeIntervalSince1970)
        let hour = Fault.rfc3339((Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let daemon =
            #"{"pid":1,"version":"1.0.0","started_at":"\#(now)","interval_seconds":10,"ticks":1,"ticks_skipped":0,"#
            + #""fetches_ok":1,"fetches_failed":0,"display":{"text":"{aqi}","icons":"emoji","clock":"24h","#
            + #""air_quality_index":"\#(scale)"}}"#
        let air =
            #"{"time":"\#(hour)","european_aqi":64,"us_aqi":160,"scale":"european","index":64,"level":"poor","#
            + #""pollutant":"ozone","pm2_5":14.3,"ozone":130,"uv_index":2.5,"#
            + #""uv_index_max":4.1,"pollen":{"birch":120.5,"grass":0}}"#
        let berlin =
            #"{"id":"berlin","name":"Berlin","latitude":52.52,"longitude":13.41,"status":"pending","fetched_at":null,"#
            + #""next_refresh_at":null,"weather":null,"today":null,"last_error":null,"air":\#(air)}"#
        let newYork =
            #"{"id":"nyc","name":"New York","latitude":40.7128,"longitude":-74.006,"status":"pending","#
            + #""fetched_at":null,"next_refresh_at":null,"weather":null,"today":null,"last_error":null,"air":null}"#
        return #"{"schema_version":1,"generated_at":"\#(now)","daemon":\#(daemon),"current_location":"berlin","#
            + #""rotation_index":0,"locations":[\#(berlin),\#(newYork)]}"# + "\n"
    }

    private func withStateFile(
        scale: String = "european",
        _ body: (TemporaryDirectory, String) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await body(directory, try directory.write("state.json", Self.stateFile(scale: scale)))
    }

    @Test func exitStatusesAndOutput() async throws {
        try await withStateFile { _, state in
            let text = try await Subprocess.run(["air", "--state-file", state])
            #expect(text.status == 1, "poor: \(text.stdout) \(text.stderr)")
            #expect(text.stdout.hasPrefix("AIR WARNING - Berlin: European AQI 64, Poor (O₃) | berlin_aqi=64;61;81;0 "))
            #expect(text.stdout.contains("berlin_uv_index=2.5;;;0"))
            #expect(text.stdout.contains("  pollen, grains/m³: Birch 120.5 (high), Grass 0"))
            #expect(text.stdout.contains("New York: no air quality data"))

            let below = try await Subprocess.run(["air", "--state-file", state, "--warning", "65", "--critical", "90"])
            #expect(below.status == 0, "\(below.stdout)")
            #expect(below.stdout.hasPrefix("AIR OK - "))
            let critical = try await Subprocess.run(["air", "--state-file", state, "--critical", "64"])
            #expect(critical.status == 2, "\(critical.stdout)")
            #expect(critical.stdout.hasPrefix("AIR CRITICAL - "))

            let json = try await Subprocess.run(["air", "--state-file", state, "--format", "json"])
            #expect(json.status == 1)
            let items = try #require(try jsonObject(json.stdout) as? [[String: Any]])
            #expect(items.map { $0["location"] as? String } == ["berlin"])
            #expect((items.first?["air"] as? [String: Any])?["level"] as? String == "poor")

            let usage = try await Subprocess.run(["air", "--state-file", state, "--warning", "90", "--critical", "80"])
            #expect(usage.status == 64, "a usage error: \(usage.stderr)")
        }
    }

    @Test func theScaleOfTheStateFilesDisplaySettings() async throws {
        try await withStateFile(scale: "us") { _, state in
            let run = try await Subprocess.run(["air", "--state-file", state])
            #expect(run.status == 2, "US 160 is unhealthy, from 151: \(run.stdout)")
            #expect(
                run.stdout.hasPrefix("AIR CRITICAL - Berlin: US AQI 160, Unhealthy (O₃) | berlin_aqi=160;101;151;0")
            )
        }
    }

    @Test func unknownWhenNothingCanBeKnown() async throws {
        try await withStateFile { directory, state in
            let yet = try await Subprocess.run(["air", "--state-file", state, "--location", "nyc"])
            #expect(yet.status == 3)
            #expect(yet.stdout == "AIR UNKNOWN - no air quality data yet\n")
            let config = try directory.write(
                "config.yaml",
                "locations:\n  - {name: Berlin, latitude: 52.52, longitude: 13.41, air_quality: true}\n"
                    + "  - {id: nyc, name: New York, latitude: 40.7128, longitude: -74.006}\n"
            )
            let off = try await Subprocess.run(["air", "--config", config, "--state-file", state, "--location", "nyc"])
            #expect(off.status == 3)
            #expect(off.stdout == "AIR UNKNOWN - air quality is off (air_quality.enabled)\n")
            let other = try await Subprocess.run(["air", "--state-file", state, "--location", "paris"])
            #expect(other.status == 3)
            let missing = try await Subprocess.run(["air", "--state-file", directory.path + "/none.json"])
            #expect(missing.status == 3)
            #expect(missing.stdout.hasPrefix("AIR UNKNOWN - cannot read the state file "))
        }
    }
}
