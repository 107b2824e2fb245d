import FakeOpenMeteo
import Foundation
import Testing

/// `weatherd alerts --state-file` of a daemon whose durable cache is not at a default place: the state file
/// names the cache, and the warnings' instructions come from the alerts cache beside it.
@Suite("weatherd alerts, end to end")
struct AlertsCommandEndToEndTests {
    /// The NWS fixture's warning, moved to today and tomorrow (UTC) so that it is in force.
    static func warningInForce() throws -> String {
        let path =
            FileManager.default.currentDirectoryPath
            + "/Tests/AlertSourcesTests/Fixtures/nws-alerts-active-point.geojson"
        let day = 86_400.0
        let today = Fault.rfc3339(Date().timeIntervalSince1970).prefix(10)
        let tomorrow = Fault.rfc3339(Date().timeIntervalSince1970 + day).prefix(10)
        return try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "2026-11-24", with: String(today))
            .replacingOccurrences(of: "2026-11-25", with: String(tomorrow))
    }

    @Test("the state file names the durable cache; the instructions are found beside it")
    func instructionsFromTheStateFileAlone() async throws {
        let body = try Self.warningInForce()
        let handler = FakeOpenMeteoServer.realistic(dataInterval: 900, alerts: { $0 == "nws" ? body : nil })
        let place = Fault.Place(id: "nyc", name: "New York", latitude: 40.7128, longitude: -74.006)
        try await Fault.withDaemon(config: Fault.config([place]), handler: handler) { _, daemon in
            let alertsCache = (daemon.cachePath as NSString).deletingLastPathComponent + "/alerts.json"
            let shown = await Fault.eventually(timeout: 15) {
                let alerts = (try? daemon.location("nyc"))?["alerts"] as? [String: Any]
                let items = alerts?["items"] as? [[String: Any]] ?? []
                return !items.isEmpty && FileManager.default.fileExists(atPath: alertsCache)
            }
            try #require(shown, "no warning in the state file, or no alerts cache; stderr: \(daemon.stderr)")
            let state = try daemon.state()
            #expect((state["daemon"] as? [String: Any])?["cache_file"] as? String == daemon.cachePath)

            let json = try await Subprocess.run(["alerts", "--state-file", daemon.statePath, "--format", "json"])
            #expect(json.status == 1, "a Moderate warning: \(json.stdout)")
            let items = try #require(try jsonObject(json.stdout) as? [[String: Any]])
            let instruction = try #require(items.first?["instruction"] as? String, "\(json.stdout)")
            #expect(instruction.hasPrefix("Delay travel over the passes"))

            let text = try await Subprocess.run(["alerts", "--state-file", daemon.statePath])
            #expect(text.stdout.contains("What to do: Delay travel over the passes"), "\(text.stdout)")
        }
    }
}
