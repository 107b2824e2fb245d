import FakeOpenMeteo
import Foundation
import OpenMeteo
import Testing
import WeatherCore

/// Answers with status 200 that are no forecast, and bodies over the 1 MiB limit, through `OpenMeteoClient`.
@Suite("OpenMeteoClient: invalid responses")
struct OpenMeteoClientInvalidResponseTests {
    /// A 200 answer that is not a forecast.
    enum InvalidBody: String, CaseIterable, CustomTestStringConvertible {
        case captivePortalHTML, truncatedJSON, streamingError, empty, contentLengthOverOneMebibyte

        var testDescription: String { rawValue }

        func response() throws -> FakeResponse {
            switch self {
            case .captivePortalHTML:
                .body(status: 200, contentType: "text/html", body: "<html><body>Captive portal</body></html>")
            case .truncatedJSON: .body(status: 200, body: String(try fixtureText("current-berlin.json").prefix(200)))
            case .streamingError: .body(status: 200, body: try fixtureText("streaming-error-200.txt"))
            case .empty: .body(status: 200, body: "")
            case .contentLengthOverOneMebibyte: .body(status: 200, body: String(repeating: " ", count: 2 << 20) + "{}")
            }
        }

        /// What the error's message says, where it matters.
        var message: String? {
            switch self {
            case .streamingError: "streaming"
            case .contentLengthOverOneMebibyte: "over 1024 KiB"
            case .captivePortalHTML, .truncatedJSON, .empty: nil
            }
        }
    }

    @Test("a 200 that is no forecast is invalid_response", arguments: InvalidBody.allCases)
    func invalidBody(_ invalid: InvalidBody) async throws {
        try await withClient(responding: try invalid.response()) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .invalidResponse)
            #expect(error.httpStatus == nil)
            if let message = invalid.message {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    /// A chunked body of 100 MB, and one without end: only a client that stops reading at the limit returns
    /// at all from the second, so the time bound shows that far less than the body was streamed. The same
    /// client then still works.
    @Test("a chunked body over the limit is cut off early; the client stays usable", arguments: [100_000_000, 1 << 50])
    func oversizedChunkedBody(bytes: Int) async throws {
        try await withClient(responding: .oversized(bytes: bytes)) { server, client in
            let clock = ContinuousClock()
            let start = clock.now
            let error = try #require(await fetch(client).failure)
            let elapsed = clock.now - start
            #expect(error.kind == .invalidResponse)
            #expect(error.message.contains("over 1024 KiB"))
            #expect(elapsed < .seconds(10))

            server.setHandler(FakeOpenMeteoServer.realistic)
            let weather = try await fetch(client).get()
            #expect(weather.temperature != nil)
            #expect(server.requestCount == 2)
        }
    }

    @Test func bodyOfExactlyOneMebibyteIsAcceptedAndOneByteMoreIsNot() async throws {
        let berlin = try fixtureText("current-berlin.json").trimmingCharacters(in: .whitespacesAndNewlines)
        let padding = (1 << 20) - berlin.utf8.count
        let exact = String(berlin.dropLast()) + String(repeating: " ", count: padding) + "}"
        #expect(exact.utf8.count == 1 << 20)
        let handler: @Sendable (FakeRequest) -> FakeResponse = { request in
            .body(status: 200, body: request.sequence == 0 ? exact : exact + " ")
        }
        try await withClient(handler) { _, client in
            let weather = try await fetch(client).get()
            #expect(weather.temperature == 2.0)
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .invalidResponse)
            #expect(error.message.contains("over 1024 KiB"))
        }
    }
}
