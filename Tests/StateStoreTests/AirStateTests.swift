import Foundation
import Testing
import WeatherCore
import WeatherTestSupport

@testable import StateStore

/// A location's `air` in the state file (docs/state-file.md, docs/air.md): written with its values as answered
/// and its index, level and pollutant on the configured scale, null when off, absent keys for null values;
/// read back to the same air; the scale kept with the display settings.
@Suite("State file: air")
struct AirStateTests {
    private func locations(_ snapshot: StateSnapshot) throws -> [[String: Any]] {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(StateEncoder.encode(snapshot).utf8)) as? [String: Any]
        )
        return try #require(json["locations"] as? [[String: Any]])
    }

    @Test func theBlockOnTheEuropeanScale() throws {
        let entries = try locations(airSnapshot())
        let berlin = try #require(entries[0]["air"] as? [String: Any])
        #expect(berlin["time"] as? String == "2026-11-22T04:00:00Z")
        #expect(berlin["european_aqi"] as? Int == 64)
        #expect(berlin["us_aqi"] as? Int == 88)
        #expect(berlin["scale"] as? String == "european")
        #expect(berlin["index"] as? Int == 64)
        #expect(berlin["level"] as? String == "poor")
        #expect(berlin["pollutant"] as? String == "ozone")
        #expect(berlin["uv_index"] as? Double == 0.85)
        #expect(berlin["uv_index_max"] as? Double == 1.6)
        #expect(berlin["pm2_5"] as? Double == 14.3)
        #expect(berlin["pollen"] as? [String: Double] == ["birch": 120.5, "grass": 0])
        let newYork = try #require(entries[1]["air"] as? [String: Any])
        #expect(
            Set(newYork.keys) == [
                "time", "european_aqi", "us_aqi", "scale", "index", "level", "pollutant", "pm2_5", "uv_index",
            ],
            "null values and an empty pollen left out"
        )
        #expect(newYork["level"] as? String == "fair")
        #expect(entries[2]["air"] is NSNull, "off: null")
    }

    @Test func theBlockOnTheUSScale() throws {
        let berlin = try #require(try locations(airSnapshot(scale: .us))[0]["air"] as? [String: Any])
        #expect(berlin["scale"] as? String == "us")
        #expect(berlin["index"] as? Int == 88)
        #expect(berlin["level"] as? String == "moderate")
        #expect(berlin["pollutant"] as? String == "ozone")
        #expect(berlin["european_aqi"] as? Int == 64, "both indices whatever the scale")
    }

    @Test func readBackTheSame() throws {
        for scale in AirQualityScale.allCases {
            let snapshot = airSnapshot(scale: scale)
            let read = try StateDecoder.decode(Array(StateEncoder.encode(snapshot).utf8))
            #expect(read.airQualityScale == scale)
            #expect(read.daemon.display == snapshot.daemon.display)
            #expect(read.locations[2].air == nil)
            #expect(read.locations[1].air == .newYork)
            #expect(read.locations[0].air == .berlin, "\(scale)")
        }
    }

    @Test func aFileWithoutAirOrItsScaleReads() throws {
        let read = try StateDecoder.decode(Array(DocumentedExample.json.utf8))
        #expect(read.locations.allSatisfy { $0.air == nil })
        #expect(read.airQualityScale == .european)
        var text = StateEncoder.encode(airSnapshot(scale: .us))
        text = text.replacingOccurrences(of: #""air_quality_index":"us","#, with: "")
        #expect(try StateDecoder.decode(Array(text.utf8)).airQualityScale == .european)
    }

    @Test func aNewerWritersLevelAndPlantAreNoError() throws {
        var text = StateEncoder.encode(airSnapshot())
        text = text.replacingOccurrences(of: #""level":"poor""#, with: #""level":"dreadful""#)
        text = text.replacingOccurrences(of: #""pollen":{"#, with: #""pollen":{"hazel":3,"#)
        let air = try #require(try StateDecoder.decode(Array(text.utf8)).locations[0].air)
        #expect(air.pollen == AirQuality.berlin.pollen)
        #expect(air.reading(on: .european)?.level == .poor, "worked out again from the index")
    }

    @Test func aBadTimeNamesItsKey() throws {
        let text = StateEncoder.encode(airSnapshot())
            .replacingOccurrences(of: #""time":"2026-11-22T04:00:00Z""#, with: #""time":"four o'clock""#)
        #expect(throws: StateDecodingError.self) { try StateDecoder.decode(Array(text.utf8)) }
        do {
            _ = try StateDecoder.decode(Array(text.utf8))
        } catch {
            #expect(error.message.contains("locations[0].air.time"), "\(error.message)")
        }
    }

    /// A reload that changes the scale changes every entry with air, though no location's state changed.
    @Test func aRememberedEntryIsWrittenAgainWhenTheScaleChanges() {
        var encoder = StateEncoder()
        _ = encoder.encodedBytes(airSnapshot(scale: .european))
        let us = airSnapshot(scale: .us)
        #expect(encoder.encodedBytes(us) == StateEncoder.encodedBytes(us))
    }
}
