import FakeOpenMeteo
import Foundation
import Testing

/// The day's outlook (docs/state-file.md `today`) as `once`, `status` and the Waybar tooltip show it, from the
/// loopback look-alike, which sends no sunrise or sunset beyond 70° of latitude.
@Suite("today's outlook")
struct TodayEndToEndTests {
    /// Berlin, and one place in each polar region: whatever the date, one has polar night and the
    /// other midnight sun.
    let places = """
        locations:
          - name: Berlin
            latitude: 52.52
            longitude: 13.41
          - name: Longyearbyen
            latitude: 78.22
            longitude: 15.65
          - name: Halley
            latitude: -75.58
            longitude: -26.66
        """

    /// The places fetched by `once --format json`: the config, the state file written from it, and
    /// its JSON.
    private func fetched(
        in directory: TemporaryDirectory,
        from server: FakeOpenMeteoServer
    ) async throws -> (config: String, statePath: String, state: [String: Any]) {
        let config = try directory.write("config.yaml", places)
        let json = try await Subprocess.run([
            "once", "--config", config, "--api-url", server.baseURL, "--format", "json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let state = try #require(try jsonObject(json.stdout) as? [String: Any])
        return (config, try directory.write("state.json", json.stdout), state)
    }

    @Test func onceAndStatusShowHighLowPrecipitationAndTheSunInLocalTime() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let (config, statePath, state) = try await fetched(in: directory, from: server)
            let locations = try #require(state["locations"] as? [[String: Any]])
            let berlin = try #require(locations.first)
            let today = try #require(berlin["today"] as? [String: Any])
            let offset = try #require((berlin["weather"] as? [String: Any])?["utc_offset_seconds"] as? Int)
            let high = try #require(today["temperature_max"] as? Double)
            let low = try #require(today["temperature_min"] as? Double)
            let sunrise = try #require(today["sunrise"] as? String)
            let sunset = try #require(today["sunset"] as? String)
            /// `HH:MM` of an RFC 3339 UTC time shifted by the location's offset, with Foundation's calendar.
            func local(_ text: String) throws -> String {
                let formatter = ISO8601DateFormatter()
                let date = try #require(formatter.date(from: text))
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = try #require(TimeZone(secondsFromGMT: offset))
                let parts = calendar.dateComponents([.hour, .minute], from: date)
                return String(format: "%02d:%02d", parts.hour ?? -1, parts.minute ?? -1)
            }
            let expected = String(format: "high %.1f °C, low %.1f °C", high, low)
            let sun = "sunrise \(try local(sunrise)), sunset \(try local(sunset))"

            let text = try await Subprocess.run(["once", "--config", config, "--api-url", server.baseURL])
            #expect(text.status == 0)
            let lines = text.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 6, "\(text.stdout)")
            #expect(lines[1].hasPrefix("  today: "))
            #expect(lines[1].contains(expected), "\(lines[1])")
            #expect(lines[1].contains(sun), "\(lines[1]) vs \(sun)")
            if let probability = today["precipitation_probability_max"] as? Double {
                #expect(lines[1].contains("precipitation \(Int(probability))%"))
            }

            let status = try await Subprocess.run(["status", "--state-file", statePath])
            #expect(status.status == 0, "\(status.stdout)")
            #expect(status.stdout.contains(expected) && status.stdout.contains(sun), "\(status.stdout)")

            let waybar = try await Subprocess.run(["status", "--state-file", statePath, "--format", "waybar"])
            let module = try #require(try jsonObject(waybar.stdout) as? [String: Any])
            let tooltip = try #require(module["tooltip"] as? String)
            #expect(tooltip.contains(expected) && tooltip.contains(sun), "\(tooltip)")
        }
    }

    @Test func polarDaysSaySoAndFakeNothing() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let (config, statePath, state) = try await fetched(in: directory, from: server)
            for polar in try #require(state["locations"] as? [[String: Any]]).dropFirst() {
                let today = try #require(polar["today"] as? [String: Any])
                #expect(today["sunrise"] == nil && today["sunset"] == nil)
                #expect(today["temperature_max"] is Double)
            }

            let text = try await Subprocess.run(["once", "--config", config, "--api-url", server.baseURL])
            let lines = text.stdout.split(separator: "\n").map(String.init)
            let sunless = [lines[3], lines[5]]
            // One polar region is in its night, the other in its midnight sun.
            #expect(sunless.filter { $0.hasSuffix("polar night: no sunrise") }.count == 1, "\(text.stdout)")
            #expect(sunless.filter { $0.hasSuffix("midnight sun: no sunset") }.count == 1, "\(text.stdout)")
            #expect(!sunless.joined().contains("sunrise 0") && !sunless.joined().contains("sunset 0"))

            let metrics = try await Subprocess.run(["status", "--state-file", statePath, "--format", "prometheus"])
            let sunrises = metrics.stdout.split(separator: "\n").filter {
                $0.hasPrefix("weatherd_sunrise_timestamp_seconds{")
            }
            #expect(sunrises.count == 1 && sunrises[0].contains("location=\"berlin\""), "\(sunrises)")
            let highs = metrics.stdout.split(separator: "\n").filter {
                $0.hasPrefix("weatherd_today_temperature_max_celsius{")
            }
            #expect(highs.count == 3)
        }
    }
}
