import Foundation
import Testing
import WeatherCore
import WeatherTestSupport

@testable import StateStore

/// The state file's human text in words handed in (``StateText``): the descriptions and the nowcast's summary
/// change, nothing else does.
@Suite("StateText")
struct StateTextTests {
    /// Words no language has: every description and summary written with them is seen.
    private static let marked = StateText(
        description: { "«\($0.rawValue)»" },
        nowcast: { "«nowcast \($0.sentence.minutes)»" }
    )

    private func parse(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func englishIsTheDefault() {
        let snapshot = forecastSnapshot()
        #expect(StateEncoder.encode(snapshot, text: .english) == StateEncoder.encode(snapshot))
        var encoder = StateEncoder()
        #expect(String(decoding: encoder.encodedBytes(snapshot), as: UTF8.self) == StateEncoder.encode(snapshot))
    }

    @Test func descriptionsAndTheSummaryAreTheWordsGiven() throws {
        let snapshot = forecastSnapshot()
        let written = try parse(StateEncoder.encode(snapshot, text: Self.marked))
        let berlin = try #require((written["locations"] as? [[String: Any]])?.first)
        let weather = try #require(berlin["weather"] as? [String: Any])
        #expect(weather["description"] as? String == "«\(weather["wmo_code"] as? Int ?? -1)»")
        #expect(weather["condition"] as? String == snapshot.locations[0].weather?.code?.condition.rawValue)
        #expect((berlin["today"] as? [String: Any])?["description"] as? String == "«61»")
        let forecast = try #require(berlin["forecast"] as? [String: Any])
        let hours = try #require(forecast["hourly"] as? [[String: Any]])
        #expect(hours.map { $0["description"] as? String } == ["«61»", nil, "«71»"])
        #expect(hours.map { $0["category"] as? String } == ["rain", nil, "snow"])
        let days = try #require(forecast["daily"] as? [[String: Any]])
        #expect(days.map { $0["description"] as? String } == ["«61»", nil])
        let summary = try #require((berlin["nowcast"] as? [String: Any])?["summary"] as? String)
        #expect(summary.hasPrefix("«nowcast "))
    }

    @Test func nothingButTheHumanTextChanges() throws {
        let snapshot = forecastSnapshot()
        var english = try parse(StateEncoder.encode(snapshot))
        var marked = try parse(StateEncoder.encode(snapshot, text: Self.marked))
        Self.removeHumanText(&english)
        Self.removeHumanText(&marked)
        #expect(NSDictionary(dictionary: english).isEqual(to: marked))
    }

    @Test func anEncoderKeepsItsWordsFromWriteToWrite() {
        let snapshot = forecastSnapshot()
        var encoder = StateEncoder(text: Self.marked)
        let first = encoder.encodedBytes(snapshot)
        // The second write copies the unchanged entries from the first: in the same words.
        #expect(encoder.encodedBytes(snapshot) == first)
        #expect(first == StateEncoder.encodedBytes(snapshot, text: Self.marked))
    }

    /// `object` without its `description` and `summary` keys, at any depth.
    private static func removeHumanText(_ object: inout [String: Any]) {
        object["description"] = nil
        object["summary"] = nil
        for (key, value) in object {
            if var inner = value as? [String: Any] {
                removeHumanText(&inner)
                object[key] = inner
            } else if let array = value as? [Any] {
                object[key] = array.map { element -> Any in
                    guard var inner = element as? [String: Any] else { return element }
                    removeHumanText(&inner)
                    return inner
                }
            }
        }
    }
}
