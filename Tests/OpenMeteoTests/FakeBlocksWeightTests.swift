import FakeOpenMeteo
import Testing

/// Open-Meteo's weight rule in the look-alike's quota gate: calls per request, and a minute limit that counts
/// weighted calls.
@Suite("FakeOpenMeteo forecast blocks: weight")
struct FakeBlocksWeightTests {
    @Test func weightCountsEverySectionAndLongForecasts() {
        func weight(_ uri: String) -> Int { QuotaGate.weight(of: FakeRequest(uri: uri)) }
        #expect(weight("/v1/forecast?latitude=1&longitude=1&current=\(FakeBlocks.currentVariables)") == 10)
        #expect(weight("/v1/forecast?latitude=1&longitude=1&current=temperature_2m") == 10)
        #expect(weight("/v1/search?name=Berlin") == 10)
        // The fixtures' requests: 23 and 12 variables.
        #expect(
            weight(
                "/v1/forecast?latitude=1&longitude=1&current=\(FakeBlocks.currentVariables)&hourly=\(FakeBlocks.hourlyVariables)"
                    + "&daily=\(FakeBlocks.fixtureDailyVariables)&forecast_days=7&forecast_hours=24"
            ) == 23
        )
        #expect(
            weight(
                "/v1/forecast?latitude=1&longitude=1&current=\(FakeBlocks.currentVariables)"
                    + "&minutely_15=precipitation,weather_code&forecast_minutely_15=8"
            ) == 12
        )
        // The daemon's: 10 + 1 + 5 + 8.
        #expect(weight(FakeBlocks.daemonURI()) == 24)
        #expect(weight(FakeBlocks.daemonURI(hours: nil, days: nil)) == 11)
        #expect(weight(FakeBlocks.daemonURI(nowcast: false, days: nil)) == 15)
        // Beyond 14 days: × days / 14, rounded up to a tenth.
        #expect(weight(FakeBlocks.daemonURI(days: 14)) == 24)
        #expect(weight(FakeBlocks.daemonURI(days: 15)) == 26)  // 24 × 15 / 14 = 25.7
        #expect(weight(FakeBlocks.daemonURI(days: 16)) == 28)  // 27.4
        #expect(weight("/v1/forecast?latitude=1&longitude=1&current=temperature_2m&forecast_days=16") == 10)
        #expect(
            weight("/v1/forecast?latitude=1&longitude=1&current=\(FakeBlocks.currentVariables)&forecast_days=16") == 12
        )
        #expect(QuotaGate.weight(variables: 10, forecastDays: 28) == 20)
        #expect(QuotaGate.weight(variables: 23, forecastDays: 7) == 23)
        #expect(QuotaGate.weight(variables: 3) == 10)
    }

    @Test func theMinuteLimitCountsWeightedCalls() {
        let gate = QuotaGate(minuteLimit: 5, next: FakeOpenMeteoServer.realistic)
        let minute = Double(FakeBlocks.requestTime - FakeBlocks.requestTime % 60)
        func status(_ uri: String, at time: Double) -> Int? {
            if case .body(let status, _, _, _) = gate.handler(FakeRequest(uri: uri, time: time)) { return status }
            return nil
        }
        let heavy = FakeBlocks.daemonURI()  // 2.4 calls
        #expect(status(heavy, at: minute) == 200)
        #expect(status(heavy, at: minute + 1) == 200)  // 4.8
        #expect(status(heavy, at: minute + 2) == 429)  // would be 7.2 (and counts)
        #expect(status(FakeBlocks.daemonURI(nowcast: false, hours: nil, days: nil), at: minute + 3) == 429)
        #expect(status(heavy, at: minute + 60) == 200)  // a new UTC minute
    }
}
