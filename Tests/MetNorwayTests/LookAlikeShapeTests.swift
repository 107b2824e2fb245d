import FakeOpenMeteo
import MetNorway
import Testing

@testable import WeatherCore

/// The look-alike writes what MET writes: the recorded answer's keys, in its order.
@Suite("The MET Norway look-alike against the recording")
struct LookAlikeShapeTests {
    /// The keys of `text` up to the end of its first time step, in order.
    static func keysOfFirstStep(_ text: String) throws -> [String] {
        let end = try #require(text.range(of: #"},{"time":"#)).lowerBound
        return text[..<end].matches(of: #/"([a-z_0-9]+)":/#).map { String($0.output.1) }
    }

    @Test func theLookAlikesFirstStepHasTheRecordingsKeysInItsOrder() throws {
        let recording = String(decoding: try locationforecast(), as: UTF8.self)
        let request = FakeRequest(
            uri: LocationforecastRoute.path + "?lat=59.9139&lon=10.7522&altitude=23",
            headers: [("User-Agent", "weatherd/1.2.3")],
            time: try time("2026-11-24T13:40:00Z").secondsSinceEpoch
        )
        guard case .body(200, _, let text, _)? = LocationforecastRoute.respond(to: request) else {
            Issue.record("no 200")
            return
        }
        let keys = try Self.keysOfFirstStep(text)
        #expect(keys.count == 40)
        #expect(keys == (try Self.keysOfFirstStep(recording)))
        let query = ForecastQuery(location: .oslo, units: Units(), blocks: ForecastBlocks(hours: 49, days: 16))
        let forecast = try LocationforecastDecoder.decodeForecast(
            Array(text.utf8),
            for: query,
            now: try time("2026-11-24T13:40:00Z")
        )
        #expect(forecast.hourly?.count == 49)
        #expect(forecast.daily?.count == 10, "the 24th, and the nine days covered to their end")
    }
}
