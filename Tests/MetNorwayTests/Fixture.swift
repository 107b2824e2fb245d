import Foundation
import Testing
import WeatherCore

/// The recorded Locationforecast answer for Oslo (copied byte for byte from `shared/fixtures/next`; 14 of its
/// 87 steps), with each `(old, new)` replacing text that must occur exactly once.
func locationforecast(replacing changes: [(String, String)] = []) throws -> [UInt8] {
    let url = try #require(
        Bundle.module.url(
            forResource: "metno-locationforecast-compact.json",
            withExtension: nil,
            subdirectory: "Fixtures"
        )
    )
    var text = try String(contentsOf: url, encoding: .utf8)
    for (old, new) in changes {
        try #require(text.components(separatedBy: old).count == 2, "`\(old)` must occur once")
        text = text.replacingOccurrences(of: old, with: new)
    }
    return Array(text.utf8)
}

/// A time of the fixture's days, `2026-11-24T13:30:00Z`.
func time(_ text: String) throws -> Timestamp {
    try #require(Timestamp(rfc3339: text))
}

extension Location {
    /// The fixture's point.
    static let oslo = Location(name: "Oslo", latitude: 59.9139, longitude: 10.7522)
}
