import Foundation
import Testing
import WeatherDaemon

/// Every journal event has a fixed MESSAGE_ID that `journalctl -x` explains (docs/journal.md).
@Suite("MessageID")
struct MessageIDTests {
    static let all = [
        MessageID.weather, MessageID.fetchFailed, MessageID.started, MessageID.stopping, MessageID.reloaded,
        MessageID.backoffBegan, MessageID.backoffEnded, MessageID.reloadRejected, MessageID.stateWrite,
        MessageID.noData, MessageID.quotaFull, MessageID.apiClock, MessageID.rainSoon, MessageID.alertStarted,
        MessageID.alertUpdated, MessageID.alertEnded, MessageID.sourceChanged, MessageID.sourceReturned,
        MessageID.airPoor, MessageID.airBetter,
    ]

    @Test func everyIDIsA128BitHexNumberAndUnique() {
        #expect(Set(Self.all).count == Self.all.count)
        for id in Self.all {
            #expect(id.count == 32 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
        }
    }

    @Test func theCatalogExplainsEveryID() throws {
        let catalog = try String(contentsOfFile: "systemd/weatherd.catalog", encoding: .utf8)
        let headers = catalog.split(separator: "\n").filter { $0.hasPrefix("-- ") }.map { $0.dropFirst(3) }
        #expect(Set(headers.map(String.init)) == Set(Self.all))
        for id in Self.all {
            let entry = try #require(catalog.range(of: "-- \(id)\n"))
            #expect(catalog[entry.upperBound...].hasPrefix("Subject: "), "\(id) has no Subject line")
        }
    }
}
