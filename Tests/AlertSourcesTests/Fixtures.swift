import Foundation
import Testing
import WeatherCore

/// The bytes of a fixture file in `Fixtures/` (copied from `shared/fixtures/next`).
func fixtureBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixtureURL(name)))
}

/// The text of a fixture file in `Fixtures/`.
func fixtureText(_ name: String) throws -> String {
    try String(contentsOf: fixtureURL(name), encoding: .utf8)
}

/// A hostile variant of a fixture: each `(old, new)` replaces text that must occur exactly once.
func fixtureBytes(_ name: String, replacing changes: [(String, String)]) throws -> [UInt8] {
    var text = try fixtureText(name)
    for (old, new) in changes {
        let count = text.components(separatedBy: old).count - 1
        try #require(count == 1, "\(name): `\(old)` occurs \(count) times")
        text = text.replacingOccurrences(of: old, with: new)
    }
    return Array(text.utf8)
}

/// The error `decode` throws, or nil when it returns.
func thrownError<Failure: Error>(_ decode: () throws(Failure) -> [Alert]) -> Failure? {
    do {
        _ = try decode()
        return nil
    } catch {
        return error
    }
}

/// The CDN's answer to a request without a User-Agent: a 200/403 HTML page, not JSON.
let accessDeniedPage = Array(
    """
    <!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
    <html><head><title>Access Denied</title></head>
    <body><h1>Access Denied</h1>You don't have permission to access this server.</body></html>
    """.utf8
)

private func fixtureURL(_ name: String) throws -> URL {
    try #require(
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
        "missing fixture \(name)"
    )
}
