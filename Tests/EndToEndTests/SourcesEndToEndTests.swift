import FakeOpenMeteo
import Foundation
import Testing

/// The second source against the built daemon: with Open-Meteo's look-alike failing from the start, each
/// location is served by the MET Norway look-alike, marked as such in the state file and the journal, and
/// asked on MET's terms. When and why it moves back are the planner's decisions (LoopTableSourcesTests).
@Suite("Weather sources, end to end")
struct SourcesEndToEndTests {
    @Test(
        "Open-Meteo failing: each location moves to MET Norway",
        arguments: [ForecastOutage.Mode.unavailable, .hang, .html, .dailyLimit]
    )
    func failsOverToMETNorway(mode: ForecastOutage.Mode) async throws {
        let outage = ForecastOutage(from: 0, for: 1e12, mode: mode)
        let config = Fault.config(
            Fault.threePlaces.prefix(2).map { $0 },
            timeout: "1s",
            sources: "[open-meteo, met-norway]"
        )
        let handler: @Sendable (FakeRequest) -> FakeResponse = { request in
            outage.covers(request) ? outage.response : FakeOpenMeteoServer.realistic(request)
        }
        try await Fault.withDaemon(config: config, handler: handler) { server, daemon in
            let deadline = ContinuousClock.now + .seconds(15)
            var locations: [[String: Any]] = []
            while ContinuousClock.now < deadline {
                locations = (try? daemon.state())?["locations"] as? [[String: Any]] ?? []
                let served = locations.filter {
                    $0["source"] as? String == "met-norway" && $0["weather"] is [String: Any]
                }
                if served.count == 2 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(await daemon.terminate() == 0, "stderr: \(daemon.stderr)")
            for location in locations {
                #expect(location["source"] as? String == "met-norway", "\(location["id"] ?? "?")")
                #expect(location["fallback_since"] is String)
                #expect(location["status"] as? String == "ok")
            }
            let asked = server.requests.filter { $0.path == "/weatherapi/locationforecast/2.0/compact" }
            #expect(asked.count >= 2)
            for request in asked {
                #expect(request.header("User-Agent")?.hasPrefix("weatherd/") == true)
                for key in ["lat", "lon"] {
                    let decimals = request.query[key]?.split(separator: ".").dropFirst().first?.count ?? 0
                    #expect(decimals <= 4, "\(key)=\(request.query[key] ?? "")")
                }
            }
            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                let moved = entries.filter { $0["MESSAGE_ID"] == "e6a0ecab83d44317ad214a2af8aad3eb" }
                #expect(moved.count == 2)
                #expect(moved.allSatisfy { $0["PRIORITY"] == "4" && $0["WEATHER_PROVIDER"] == "met-norway" })
                #expect(
                    entries.contains { $0["WEATHER_PROVIDER"] == "met-norway" && $0["WEATHER_SOURCE"] == "network" }
                )
            }
        }
    }

    /// `weatherd once` knows the sources: a location whose Open-Meteo fetch fails twice is asked of MET
    /// Norway in a second rotation, and the output says so.
    @Test func onceAsksMETNorwayWhenOpenMeteoFails() async throws {
        let outage = ForecastOutage(from: 0, for: 1e12, mode: .unavailable)
        let handler: @Sendable (FakeRequest) -> FakeResponse = { request in
            outage.covers(request) ? outage.response : FakeOpenMeteoServer.realistic(request)
        }
        try await withFakeServerAndDirectory(handler: handler) { server, directory in
            let config = try directory.write(
                "config.yaml",
                Fault.config(Array(Fault.threePlaces.prefix(1)), timeout: "1s", sources: "[open-meteo, met-norway]")
            )
            let once = try Subprocess(["once", "--config", config, "--api-url", server.baseURL, "--format", "json"])
            let status = await once.wait(timeout: 20)
            #expect(status == 0, "stderr: \(once.stderr)")
            let state = try #require(try jsonObject(once.stdout) as? [String: Any])
            let location = try #require((state["locations"] as? [[String: Any]])?.first)
            #expect(location["source"] as? String == "met-norway")
            #expect(location["weather"] is [String: Any])
        }
    }
}
