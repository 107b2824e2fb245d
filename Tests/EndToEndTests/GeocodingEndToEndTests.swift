import FakeOpenMeteo
import Foundation
import Testing

/// Locations given by name: resolved once through the geocoding API, cached beside the state file,
/// not asked again after a restart; a name without a match fails on its own while the others rotate.
@Suite("locations by name, end to end")
struct GeocodingEndToEndTests {
    @Test func resolvedOnceAndCachedAcrossRestarts() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let config = try directory.write(
                "config.yaml",
                """
                api:
                  base_url: \(server.baseURL)
                  geocoding_url: \(server.baseURL)
                locations:
                  - name: Paris
                  - name: Springfield
                    country_code: US
                  - name: Atlantis
                  - name: Berlin
                    latitude: 52.52
                    longitude: 13.41
                """
            )
            let statePath = directory.path + "/state.json"
            for run in 1...2 {
                let daemon = try Subprocess([
                    "run", "--config", config, "--state-file", statePath, "--cache-file",
                    directory.path + "/cache.json",
                    "--interval", "150ms", "--alerts-url", server.baseURL, "--log-target", "stderr",
                ])
                defer { daemon.kill() }
                // Two full rotations (8 ticks), however slow the machine.
                let deadline = Date().addingTimeInterval(20)
                while Date() < deadline {
                    let text = (try? String(contentsOfFile: statePath, encoding: .utf8)) ?? ""
                    let state = (try? jsonObject(text)) as? [String: Any]
                    let ticks = (state?["daemon"] as? [String: Any])?["ticks"] as? Int ?? 0
                    if ticks >= 8 && (state?["daemon"] as? [String: Any])?["pid"] as? Int32 == daemon.pid { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                daemon.signal(SIGTERM)
                #expect(await daemon.wait(timeout: 2) == 0)
                let searches = server.requests.filter { $0.path == "/v1/search" }
                let parisSearches = searches.filter { $0.query["name"] == "Paris" }
                let springfieldSearches = searches.filter { $0.query["name"] == "Springfield" }
                // Found places are asked for once, in the first run only; a name without a match is retried.
                #expect(parisSearches.count == 1, "run \(run)")
                #expect(springfieldSearches.count == 1, "run \(run)")
                #expect(springfieldSearches.first?.query["countryCode"] == "US")
                #expect(searches.filter { $0.query["name"] == "Atlantis" }.count >= run)
                if run == 1 { #expect(daemon.stderr.contains("Paris resolved to 48.85341, 2.3488")) }

                let state = try #require(
                    try jsonObject(String(contentsOfFile: statePath, encoding: .utf8)) as? [String: Any]
                )
                let locations = try #require(state["locations"] as? [[String: Any]])
                #expect(locations.compactMap { $0["id"] as? String } == ["paris", "springfield", "atlantis", "berlin"])
                #expect(locations[0]["latitude"] as? Double == 48.85341)
                #expect(locations[0]["status"] as? String == "ok")
                #expect(locations[1]["longitude"] as? Double == -89.64371)
                #expect(locations[2]["latitude"] is NSNull)
                #expect((locations[2]["last_error"] as? [String: Any])?["kind"] as? String == "not_found")
                #expect(locations[3]["status"] as? String == "ok")
            }
            let forecasts = server.requests.filter { $0.path == "/v1/forecast" }
            #expect(forecasts.contains { $0.query["latitude"] == "48.85341" && $0.query["longitude"] == "2.3488" })
            #expect(FileManager.default.fileExists(atPath: directory.path + "/geocoding.json"))
        }
    }
}
