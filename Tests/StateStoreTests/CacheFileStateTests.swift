import Foundation
import Testing
@testable import WeatherCore
import WeatherTestSupport

@testable import StateStore

/// `daemon.cache_file` (docs/state-file.md): where the durable cache is, so that a reader given the state
/// file alone finds the alerts cache beside it.
@Suite("daemon.cache_file in the state file")
struct CacheFileStateTests {
    static func withCacheFile() -> StateSnapshot {
        var snapshot = forecastSnapshot()
        snapshot.daemon.cacheFile = "/var/lib/weatherd/cache.json"
        return snapshot
    }

    private func daemon(_ snapshot: StateSnapshot) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(StateEncoder.encode(snapshot).utf8))
        return try #require((object as? [String: Any])?["daemon"] as? [String: Any])
    }

    @Test func writtenWhenTheDaemonHasACacheAndReadBack() throws {
        let snapshot = Self.withCacheFile()
        #expect(try daemon(snapshot)["cache_file"] as? String == "/var/lib/weatherd/cache.json")
        let read = try StateDecoder.decode(Array(StateEncoder.encode(snapshot).utf8))
        #expect(read.daemon.cacheFile == "/var/lib/weatherd/cache.json")
        #expect(read == snapshot)
    }

    @Test func leftOutWithoutACacheAndInFilesOfEarlierVersions() throws {
        #expect(try daemon(forecastSnapshot())["cache_file"] == nil)
        let read = try StateDecoder.decode(Array(StateEncoder.encode(forecastSnapshot()).utf8))
        #expect(read.daemon.cacheFile == nil)
    }

    @Test func byteForByteWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let snapshot = Self.withCacheFile()
        let reference = String(decoding: try encoder.encode(StateDocument(snapshot)), as: UTF8.self) + "\n"
        #expect(StateEncoder.encode(snapshot) == reference)
    }

    @Test func theSnapshotCarriesTheIdentitysCacheFile() {
        let planner = Planner(locations: [], settings: PlannerSettings(interval: 10), seed: 1)
        let now = Moment(wall: DocumentedExample.generatedAt, uptime: 0)
        let identity = Planner.Identity(
            pid: 1,
            version: "1.0.0",
            startedAt: DocumentedExample.generatedAt,
            timeout: 5,
            cacheFile: "/var/lib/weatherd/cache.json"
        )
        #expect(planner.snapshot(at: now, identity: identity).daemon.cacheFile == "/var/lib/weatherd/cache.json")
    }
}
