import Foundation
import Testing
import WeatherCore
import WeatherTestSupport

@testable import StateStore

/// The reader of `status --follow`, which decodes only the location entries that changed since its
/// previous read, gives StateDecoder's result for every text: the same snapshot or the same error.
@Suite("StateReader")
struct StateReaderTests {
    private static let selections: [ForecastSelection] = [
        .all, .only([], current: true), .only(["new-york"], current: false), .only([], current: false),
    ]

    private func expectSame(
        _ reader: inout StateReader,
        _ bytes: [UInt8],
        _ selection: ForecastSelection,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = Result { () throws(StateDecodingError) in try StateDecoder.decode(bytes, forecasts: selection) }
        let actual = Result { () throws(StateDecodingError) in try reader.decode(bytes, forecasts: selection) }
        switch (expected, actual) {
        case (.success(let expected), .success(let actual)):
            #expect(actual == expected, sourceLocation: sourceLocation)
        case (.failure(let expected), .failure(let actual)):
            #expect(actual.message == expected.message, sourceLocation: sourceLocation)
        default:
            Issue.record("StateDecoder: \(expected); StateReader: \(actual)", sourceLocation: sourceLocation)
        }
    }

    /// The daemon's writes one after the other: the counters and the location shown change at every one,
    /// an entry now and then; a reload removes a location; the current location names none of them.
    @Test(arguments: 0..<4)
    func eachWriteReadsAsTheDecoderReadsIt(selection: Int) {
        var reader = StateReader()
        var snapshot = forecastSnapshot()
        let ids = snapshot.locations.map(\.location.id)
        for step in 0..<9 {
            snapshot.daemon.ticks += 1
            snapshot.currentLocation = ids[step % ids.count]
            if step == 3 { snapshot.locations[1].consecutiveFailures += 1 }
            if step == 5 { snapshot.locations.removeLast() }
            if step == 6 { snapshot.currentLocation = "gone" }
            if step == 7 { snapshot.locations.swapAt(0, 1) }
            expectSame(&reader, StateEncoder.encodedBytes(snapshot), Self.selections[selection])
        }
        // The daemon's texts all go the short way: none is left to StateDecoder.
        #expect(reader.fullReads == 0)
    }

    /// What it saves: the first read decodes every entry, a write that changed only the top of the file
    /// none, a write that changed one entry that one; none of them is left to StateDecoder.
    @Test func decodesOnlyTheEntriesThatChanged() throws {
        var reader = StateReader()
        var snapshot = forecastSnapshot()
        let count = snapshot.locations.count
        _ = try reader.decode(StateEncoder.encodedBytes(snapshot), forecasts: .only([], current: true))
        #expect(reader.decodedEntries == count)
        snapshot.daemon.ticks += 1
        snapshot.currentLocation = snapshot.locations[1].location.id
        _ = try reader.decode(StateEncoder.encodedBytes(snapshot), forecasts: .only([], current: true))
        #expect(reader.decodedEntries == count)
        snapshot.locations[2].consecutiveFailures += 1
        _ = try reader.decode(StateEncoder.encodedBytes(snapshot), forecasts: .only([], current: true))
        #expect(reader.decodedEntries == count + 1)
        #expect(reader.fullReads == 0)
    }

    /// Texts the daemon does not write, read fresh and after a good read: white space, brackets and
    /// quotes inside strings, a second `locations` key, a trailing comma, broken and truncated text.
    @Test func textsTheDaemonDoesNotWrite() throws {
        var snapshot = forecastSnapshot()
        snapshot.locations[0].location.name = #"Odd "locations":[ ] } { \ name"#
        let good = StateEncoder.encode(snapshot)
        let pretty = try JSONSerialization.data(
            withJSONObject: try JSONSerialization.jsonObject(with: Data(good.utf8)),
            options: [.prettyPrinted]
        )
        let array = try #require(LocationsArray(Array(good.utf8)))
        let utf8 = Array(good.utf8)
        let trailingComma = Array(utf8[..<array.close]) + Array(",".utf8) + Array(utf8[array.close...])
        let texts: [[UInt8]] = [
            Array(pretty),
            Array(
                good.replacingOccurrences(of: "{\"current_location\"", with: "{\"locations\":[],\"current_location\"")
                    .utf8
            ),
            trailingComma,
            Array(utf8[..<array.elements[1].lowerBound]) + Array("1".utf8)
                + Array(utf8[array.elements[1].upperBound...]),
            Array(utf8.prefix(utf8.count / 2)),
            Array(good.replacingOccurrences(of: "\"status\":\"", with: "\"status\":\"bogus-").utf8),
            [],
            Array("[]".utf8),
            Array(#"{"locations":5}"#.utf8),
            // Read alone, an entry would lose a byte order mark, or the nesting limit would be 2 levels away.
            Array(utf8[...array.open]) + [0xEF, 0xBB, 0xBF] + Array(utf8[(array.open + 1)...]),
            Array(utf8[...array.open]) + Array("{\"zz\":".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 510)
                + [UInt8](repeating: UInt8(ascii: "]"), count: 510) + Array(",".utf8)
                + Array(utf8[(array.open + 2)...]),
            // JSONDecoder keeps the first of two `locations` keys, however the key is spelled.
            Array(
                good.replacingOccurrences(
                    of: "{\"current_location\"",
                    with: "{\"loc\\u0061tions\":[],\"current_location\""
                ).utf8
            ),
        ]
        for text in texts {
            for selection in Self.selections {
                var fresh = StateReader()
                expectSame(&fresh, text, selection)
                var warm = StateReader()
                expectSame(&warm, utf8, selection)
                expectSame(&warm, text, selection)
                expectSame(&warm, utf8, selection)
            }
        }
    }

    @Test func splitsTheTopLevelLocationsArrayOnly() throws {
        let text = #"{"a":"locations","b":{"locations":[9]},"locations":[ {"x":"]"} , {"y":2} ,{"s\"":","} ],"c":[1]}"#
        let bytes = Array(text.utf8)
        let array = try #require(LocationsArray(bytes))
        let elements = array.elements.map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(elements == [#"{"x":"]"}"#, #"{"y":2}"#, #"{"s\"":","}"#])
        #expect(bytes[array.open] == UInt8(ascii: "[") && bytes[array.close] == UInt8(ascii: "]"))
        // Left to the whole text: what JSONDecoder reads otherwise alone, or may read otherwise whole.
        for odd in [
            #"{"locations":[{},],"x":1}"#, #"{"locations":[],"locations":[]}"#, #"{"locations":[{}"#,
            #"{"locations":[2]}"#, #"{"loc\u0061tions":[],"locations":[{}]}"#,
        ] {
            #expect(LocationsArray(Array(odd.utf8)) == nil, "\(odd)")
        }
        #expect(LocationsArray(Array(#"{"locations":["#.utf8) + [0xEF, 0xBB, 0xBF] + Array("{}]}".utf8)) == nil)
    }
}
