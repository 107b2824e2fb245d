import FakeOpenMeteo
import OpenMeteo
import Testing
@testable import WeatherCore
import WeatherHTTP

/// An error answer of the API and the error `OpenMeteoClient` must make of it: the same kind, HTTP status,
/// reason and `Retry-After`, and a message that contains the expected one (or, with `exactMessage`, is it).
struct ErrorAnswer: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var response: FakeResponse
    var error: FetchError
    var exactMessage = false

    static let latitudeReason = "Latitude must be in range of -90 to 90°. Given: 91.0."
    static let minutelyReason = "Minutely API request limit exceeded. Please try again in one minute."
    static let overloaded = "The service is overloaded"

    static let all: [ErrorAnswer] =
        [
            ErrorAnswer(
                testDescription: "400 keeps the reason",
                response: .openMeteoError(status: 400, reason: latitudeReason),
                error: FetchError(kind: .http, message: latitudeReason, httpStatus: 400, reason: latitudeReason)
            ),
            ErrorAnswer(
                testDescription: "404 without an Open-Meteo body says the status text",
                response: .body(status: 404, contentType: "text/html", body: "<html>Not here</html>"),
                error: FetchError(kind: .http, message: "HTTP 404 Not Found", httpStatus: 404),
                exactMessage: true
            ),
            ErrorAnswer(
                testDescription: "429 daily, not JSON",
                response: .body(status: 429, contentType: "text/plain", body: "slow down"),
                error: FetchError(kind: .rateLimited, message: "429", httpStatus: 429)
            ),
        ]
        // The limits and an overload, with Open-Meteo's reason, with and without Retry-After.
        + ([
            (429, .rateLimited, minutelyReason, nil),
            (429, .rateLimited, "Too many concurrent requests", 120),
            (503, .unavailable, overloaded, nil),
            (503, .unavailable, overloaded, 30),
        ] as [(Int, FetchErrorKind, String, Double?)]).map { status, kind, reason, retryAfter in
            let header = retryAfter.map { [("Retry-After", "\(Int($0))")] } ?? []
            return ErrorAnswer(
                testDescription: "\(status)" + (header.first.map { " with Retry-After: \($0.1)" } ?? ""),
                response: .openMeteoError(status: status, reason: reason, headers: header),
                error: FetchError(
                    kind: kind,
                    message: reason,
                    httpStatus: status,
                    retryAfterSeconds: retryAfter,
                    reason: reason
                )
            )
        }
        // Other 4xx and 5xx are `http`.
        + [401, 403, 404, 500, 502, 504].map { status in
            ErrorAnswer(
                testDescription: "\(status)",
                response: .openMeteoError(status: status, reason: "reason of \(status)"),
                error: FetchError(kind: .http, message: "\(status)", httpStatus: status, reason: "reason of \(status)")
            )
        }
}

/// HTTP error statuses through `OpenMeteoClient`: the error class, the status, Open-Meteo's reason and
/// `Retry-After`.
@Suite("OpenMeteoClient: HTTP errors")
struct OpenMeteoClientHTTPErrorTests {
    @Test("an error status gives its class, status, reason and Retry-After", arguments: ErrorAnswer.all)
    func errorStatus(_ answer: ErrorAnswer) async throws {
        try await withClient(responding: answer.response) { _, client in
            let error = try #require(await fetch(client).failure)
            let expected = answer.error
            #expect(error.kind == expected.kind)
            #expect(error.httpStatus == expected.httpStatus)
            #expect(error.reason == expected.reason)
            #expect(error.retryAfterSeconds == expected.retryAfterSeconds)
            if answer.exactMessage {
                #expect(error.message == expected.message)
            } else {
                #expect(error.message.contains(expected.message), "\(error.message)")
            }
        }
    }

    @Test func retryAfterAsHTTPDateIsReadAgainstTheResponsesDate() async throws {
        // The server's clock is years behind the host's: its Retry-After date counts from its own Date.
        try await withClient(
            responding: FakeOpenMeteoServer.openMeteoError(
                status: 429,
                reason: "Hourly API request limit exceeded.",
                headers: [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT"), ("Date", "Wed, 21 Oct 2015 07:26:30 GMT")]
            )
        ) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .rateLimited)
            #expect(error.retryAfterSeconds == 90)
            // The same response's Date is also a sample of the API's clock: far behind the host's.
            #expect((error.apiClockSample ?? 0) < -300_000_000)
        }
    }
}
