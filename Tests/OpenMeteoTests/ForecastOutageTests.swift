import FakeOpenMeteo
import Foundation
import OpenMeteo
import Testing
import WeatherCore

/// The Open-Meteo look-alike going down and coming back on cue (ForecastOutage), seen by the real client.
@Suite("FakeOpenMeteo: the forecast route down on cue")
struct ForecastOutageTests {
    @Test func anOutageCoversTheForecastRouteFromItsStartToItsEnd() {
        let outage = ForecastOutage(from: 1000, for: 10, mode: .unavailable)
        let forecast = "/v1/forecast?latitude=52.52&longitude=13.41"
        #expect(!outage.covers(FakeRequest(uri: forecast, time: 999.9)))
        #expect(outage.covers(FakeRequest(uri: forecast, time: 1000)))
        #expect(outage.covers(FakeRequest(uri: forecast, time: 1009.9)))
        #expect(!outage.covers(FakeRequest(uri: forecast, time: 1010)))
        #expect(!outage.covers(FakeRequest(uri: "/v1/search?name=Berlin", time: 1005)))
        #expect(!outage.covers(FakeRequest(uri: LocationforecastRoute.path + "?lat=1&lon=2", time: 1005)))
        #expect(
            ForecastOutage.after(5, for: 1, mode: .hang, now: 100) == ForecastOutage(from: 105, for: 1, mode: .hang)
        )
        #expect(ForecastOutage.Mode.allCases.map(\.rawValue) == ["503", "hang", "html", "429-daily"])
    }

    @Test(
        "each mode, as the client sees it",
        arguments: [
            (ForecastOutage.Mode.unavailable, FetchErrorKind.unavailable, String?("The service is overloaded")),
            (.dailyLimit, .rateLimited, "Daily API request limit exceeded. Please try again tomorrow."),
            (.html, .invalidResponse, nil),
            (.hang, .timeout, nil),
        ]
    )
    func modes(mode: ForecastOutage.Mode, kind: FetchErrorKind, reason: String?) async throws {
        try await withClient(FakeOpenMeteoServer.realistic, timeout: .milliseconds(500)) { server, client in
            server.forecastOutage = .after(-1, for: 3600, mode: mode)
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == kind)
            #expect(error.reason == reason)
        }
    }

    @Test func theForecastRouteGoesDownAndComesBackOnCue() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let start = HTTPDateText.hostNow()
            server.forecastOutage = .after(1, for: 2, mode: .unavailable, now: start)
            func at(_ seconds: Double) async throws -> Result<Weather, FetchError> {
                try await Task.sleep(for: .seconds(max(0, start + seconds - HTTPDateText.hostNow())))
                return await fetch(client)
            }
            let before = try await at(0)
            let during = try await at(1.5)
            let after = try await at(3.5)
            #expect(before.failure == nil, "up before the outage")
            #expect(during.failure?.kind == .unavailable, "down during it")
            #expect(after.failure == nil, "up again after it")
            #expect(server.requests.filter { $0.path == "/v1/forecast" }.count == 3, "no retry hid the outage")
        }
    }
}
