import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherTestSupport

/// The language of each warning's texts in the state file and the alerts cache (docs/state-file.md,
/// docs/alerts.md), and the files of earlier versions without it.
@Suite("Alert languages in the state file and the alerts cache")
struct AlertLanguageStoreTests {
    static let now = Timestamp(rfc3339: "2026-11-24T12:00:00Z")!

    /// The `items` of the first location's `alerts` in `text`.
    private func items(_ text: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let locations = try #require(object?["locations"] as? [[String: Any]])
        let alerts = try #require(locations.first?["alerts"] as? [String: Any])
        return try #require(alerts["items"] as? [[String: Any]])
    }

    @Test func theStateFileShowsEachWarningsLanguageAndNullWhenUnknown() throws {
        let text = StateEncoder.encode(alertSnapshot())
        let items = try items(text)
        try #require(items.count == 2)
        #expect(items[0]["language"] as? String == "en-US")
        #expect(items[1].keys.contains("language"))
        #expect(items[1]["language"] is NSNull)
        #expect(text.contains(#""id":"urn:oid:storm.1","language":"en-US","onset":"#))
        #expect(try StateDecoder.decode(Data(text.utf8)) == alertSnapshot())
    }

    @Test func aStateFileOfAnEarlierVersionReadsWithoutLanguages() throws {
        let text = StateEncoder.encode(alertSnapshot())
            .replacingOccurrences(of: #""language":"en-US","#, with: "")
            .replacingOccurrences(of: #""language":null,"#, with: "")
        #expect(!text.contains(#""language":"#))
        let snapshot = try StateDecoder.decode(Data(text.utf8))
        let items = try #require(snapshot.locations.first?.alerts?.items)
        #expect(items.map(\.language) == [nil, nil])
        var expected = alertSnapshot()
        expected.locations[0].alerts?.items[0].language = nil
        #expect(snapshot == expected)
    }

    @Test func theAlertsCacheKeepsTheLanguagesOfTextsAndOfLastModified() throws {
        try withTemporaryDirectory { directory in
            let cache = AlertCache(path: directory + "/alerts.json")
            var alert = Alert.storm(onset: Self.now, instruction: "Stay home.")
            alert.source = .metno
            alert.language = "no"
            let memory = AlertPlanner.Memory(
                feeds: [
                    "metno 59.9139,10.7522": AlertPlanner.FeedState(
                        nextPollAt: Self.now.adding(seconds: 600),
                        lastAnswerAt: Self.now,
                        lastModified: "Tue, 24 Nov 2026 11:00:00 GMT",
                        language: .norwegianBokmal
                    )
                ],
                locations: [
                    "oslo": AlertPlanner.LocationMemory(
                        source: .metno,
                        chains: [
                            AlertChain(alert: alert, messageIDs: [alert.id], announced: true, lastListed: Self.now)
                        ]
                    )
                ]
            )
            try cache.save(memory)
            #expect(cache.load(at: Self.now) == memory)
            let text = try fileText(cache.path)
            #expect(text.contains(#""language":"nb""#))
            #expect(text.contains(#""language":"no""#))
        }
    }

    @Test func anAlertsCacheOfAnEarlierVersionReadsWithoutLanguages() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/alerts.json"
            // What the version before the languages wrote: no `language` anywhere.
            let earlier = """
                {"feeds":{"metno 59.9139,10.7522":{"failures":0,"last_answer_at":"2026-11-24T12:00:00Z",\
                "last_modified":"Tue, 24 Nov 2026 11:00:00 GMT","next_poll_at":"2026-11-24T12:10:00Z"}},\
                "locations":{"oslo":{"chains":[{"alert":{"certainty":"Likely","ends":"2026-11-25T12:00:00Z",\
                "event":"Yellow gale warning","headline":"Gale","id":"2.49.0.1.578.0.1","message_type":"Alert",\
                "onset":"2026-11-24T12:00:00Z","references":[],"severity":"Moderate","source":"metno",\
                "urgency":"Future"},"announced":true,"last_listed":"2026-11-24T12:00:00Z",\
                "message_ids":["2.49.0.1.578.0.1"]}],"source":"metno"}},"outside":[],"outside_since":{},"version":1}
                """
            try earlier.write(toFile: path, atomically: true, encoding: .utf8)
            let memory = AlertCache(path: path).load(at: Self.now)
            let feed = try #require(memory.feeds["metno 59.9139,10.7522"])
            #expect(feed.lastModified == "Tue, 24 Nov 2026 11:00:00 GMT")
            #expect(feed.language == nil)
            let chain = try #require(memory.locations["oslo"]?.chains.first)
            #expect(chain.alert.event == "Yellow gale warning")
            #expect(chain.alert.language == nil)
            #expect(chain.announced)
        }
    }
}
