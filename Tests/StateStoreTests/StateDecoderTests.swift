import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherTestSupport

@Suite("StateDecoder")
struct StateDecoderTests {
    private func decode(_ text: String) throws(StateDecodingError) -> StateSnapshot {
        try StateDecoder.decode(Data(text.utf8))
    }

    private func decodingError(_ text: String) -> StateDecodingError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTripOfTheDocumentedExample() throws {
        #expect(try decode(StateEncoder.encode(DocumentedExample.snapshot)) == DocumentedExample.snapshot)
    }

    @Test func roundTripOfEveryShape() throws {
        for snapshot in [variedSnapshot(), forecastSnapshot(), alertSnapshot()] {
            let decoded = try decode(StateEncoder.encode(snapshot))
            #expect(decoded == snapshot)
            // Field by field for a readable failure.
            #expect(decoded.daemon == snapshot.daemon)
            for (left, right) in zip(decoded.locations, snapshot.locations) {
                #expect(left == right, "\(right.location.id)")
            }
        }
    }

    @Test func theSeaLevelPressureOfMetNorwaysWeatherIsWrittenAndReadBack() throws {
        var snapshot = DocumentedExample.snapshot
        snapshot.locations[0].weather?.pressure = 1006.4
        let text = StateEncoder.encode(snapshot)
        #expect(text.contains(#""precipitation":0.2,"pressure":1006.4,"relative_humidity":81,"#))
        #expect(try decode(text) == snapshot)
        #expect(!StateEncoder.encode(DocumentedExample.snapshot).contains("pressure"))
    }

    @Test func decodesTheDocumentedExampleWithDefaultsForLaterAdditions() throws {
        let snapshot = try decode(DocumentedExample.json)
        // The documented example (docs/state-file.md) has no timeout_seconds or stale_after_seconds (additions of weatherd's).
        var expected = DocumentedExample.snapshot
        expected.daemon.timeoutSeconds = 5
        expected.daemon.staleAfterSeconds = 1800
        #expect(snapshot == expected)
    }

    @Test func toleratesUnknownFieldsEverywhere() throws {
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(DocumentedExample.json.utf8)) as? [String: Any]
        )
        json["future_top"] = ["nested": [1, 2, 3]]
        var daemon = try #require(json["daemon"] as? [String: Any])
        daemon["hostname"] = "box"
        json["daemon"] = daemon
        var location = try #require((json["locations"] as? [[String: Any]])?.first)
        location["timezone"] = "Europe/Berlin"
        var weather = try #require(location["weather"] as? [String: Any])
        weather["uv_index"] = 0.4
        weather["units"] = ["temperature": "°C", "wind_speed": "km/h", "precipitation": "mm", "uv_index": ""]
        location["weather"] = weather
        json["locations"] = [location]
        let data = try JSONSerialization.data(withJSONObject: json)
        let snapshot = try StateDecoder.decode(data)
        #expect(snapshot.locations.first?.weather == DocumentedExample.weather)
        #expect(snapshot.daemon.pid == 1234)
    }

    @Test func toleratesMissingOptionalFields() throws {
        let minimal = """
            {"schema_version":1,"generated_at":"2026-11-22T04:05:06Z",
             "daemon":{"pid":1,"version":"1.0.0","started_at":"2026-11-22T04:00:00Z","interval_seconds":10,
                       "ticks":0,"ticks_skipped":0,"fetches_ok":0,"fetches_failed":0},
             "locations":[{"id":"berlin","name":"Berlin","latitude":52.52,"longitude":13.41,"status":"pending"},
                          {"id":"x","name":"X","latitude":1,"longitude":2,"status":"stale",
                           "fetched_at":"2026-11-22T03:00:00Z","weather":{"observed_at":"2026-11-22T03:00:00Z"}}]}
            """
        let snapshot = try decode(minimal)
        #expect(snapshot.currentLocation == nil)
        #expect(snapshot.rotationIndex == nil)
        #expect(snapshot.daemon.timeoutSeconds == 5)
        #expect(snapshot.daemon.staleAfterSeconds == 1800)
        #expect(snapshot.daemon.ticksFromCache == 0)
        #expect(snapshot.daemon.backoffUntil == nil)
        #expect(snapshot.locations.map(\.status) == [.pending, .stale])
        #expect(snapshot.locations[0].weather == nil)
        let weather = try #require(snapshot.locations[1].weather)
        #expect(weather == Weather(observedAt: Timestamp(secondsSinceEpoch: 1_795_316_400)))
    }

    @Test func rejectsSchemaVersion2() throws {
        let text = StateEncoder.encode(DocumentedExample.snapshot).replacingOccurrences(
            of: #""schema_version":1"#,
            with: #""schema_version":2"#
        )
        let error = try #require(decodingError(text))
        #expect(error.message.contains("schema_version"))
    }

    @Test func rejectsMissingGeneratedAt() throws {
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(DocumentedExample.json.utf8)) as? [String: Any]
        )
        json["generated_at"] = nil
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        let error = try #require(decodingError(text))
        #expect(error.message.contains("generated_at"))
    }

    @Test(
        "rejects invalid files",
        arguments: [
            "", "garbage", "\u{0}\u{1}\u{2}", "[]", "null", "{}", "1",
            #"{"schema_version":"1"}"#,
            #"{"schema_version":1,"generated_at":"yesterday"}"#,
        ]
    )
    func rejectsInvalid(text: String) {
        #expect(throws: StateDecodingError.self) { try decode(text) }
    }

    @Test func rejectsBadValuesInsideAValidShape() {
        let good = StateEncoder.encode(variedSnapshot())
        let broken = [
            good.replacingOccurrences(
                of: #""generated_at":"2026-11-22T04:05:06Z""#,
                with: #""generated_at":"2026-11-22 04:05""#
            ),
            good.replacingOccurrences(of: #""status":"ok""#, with: #""status":"fine""#),
            good.replacingOccurrences(of: #""kind":"timeout""#, with: #""kind":42"#),
            good.replacingOccurrences(of: #""pid":4000001"#, with: #""pid":"4000001""#),
        ]
        for text in broken {
            #expect(text != good)
            #expect(throws: StateDecodingError.self) { try decode(text) }
        }
    }

    @Test func rejectsEveryTruncation() {
        let text = StateEncoder.encode(forecastSnapshot())
        let bytes = Array(text.utf8)
        // Everything short of the closing brace is incomplete.
        var accepted: [Int] = []
        for length in stride(from: 0, to: bytes.count - 1, by: 3) {
            if (try? StateDecoder.decode(Data(bytes[0..<length]))) != nil { accepted.append(length) }
        }
        #expect(accepted.isEmpty, "prefixes accepted: \(accepted)")
        #expect((try? StateDecoder.decode(Data(bytes[0..<(bytes.count - 1)]))) != nil)
    }
}
