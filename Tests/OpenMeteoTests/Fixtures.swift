import Foundation
import Testing

/// The bytes of a fixture file in `Fixtures/` (some copied from `shared/fixtures/next`).
func fixtureBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtureURL(name)))
}

/// The text of a fixture file in `Fixtures/`.
func fixtureText(_ name: String) throws -> String {
    try String(contentsOf: fixtureURL(name), encoding: .utf8)
}

private func fixtureURL(_ name: String) throws -> URL {
    try #require(
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
        "missing fixture \(name)"
    )
}
