import Foundation
import Testing
import WeatherCore

@testable import StateStore

/// The alerts cache (`alerts.json`, docs/alerts.md): the points found not covered, with when they were.
@Suite("AlertCache")
struct AlertCacheTests {
    static let marked = Timestamp(rfc3339: "2026-11-24T12:00:00Z")!
    static let now = Timestamp(rfc3339: "2026-12-01T08:00:00Z")!

    @Test func aPointNotCoveredKeepsWhenItWasFound() throws {
        try withTemporaryDirectory { directory in
            let cache = AlertCache(path: directory + "/alerts.json")
            let memory = AlertPlanner.Memory(notCovered: ["dwd 48.5734,7.7521": Self.marked])
            try cache.save(memory)
            #expect(cache.load(at: Self.now) == memory)
            // Earlier versions read the plain list, and find the same points.
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache.path)))
            let file = try #require(object as? [String: Any])
            #expect(file["outside"] as? [String] == ["dwd 48.5734,7.7521"])
            #expect(file["outside_since"] as? [String: String] == ["dwd 48.5734,7.7521": "2026-11-24T12:00:00Z"])
        }
    }

    @Test func aPlainListOfAnEarlierVersionCountsAsFoundNow() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/alerts.json"
            try #"{"feeds":{},"locations":{},"outside":["dwd 48.5734,7.7521"],"version":1}"#
                .write(toFile: path, atomically: true, encoding: .utf8)
            let memory = AlertCache(path: path).load(at: Self.now)
            #expect(memory.notCovered == ["dwd 48.5734,7.7521": Self.now])
            #expect(memory.outside == ["dwd 48.5734,7.7521"])
        }
    }

    @Test func aCacheWithoutMarksHasNone() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/alerts.json"
            try #"{"feeds":{},"locations":{},"version":1}"#.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(AlertCache(path: path).load(at: Self.now).notCovered.isEmpty)
        }
    }
}
