import AsyncHTTPClient
import FakeOpenMeteo
import OpenMeteo
import Testing
import WeatherCore

/// The API key through `OpenMeteoClient`: sent, and never in an error's message or reason.
@Suite("OpenMeteoClient: the API key stays secret")
struct OpenMeteoClientSecrecyTests {
    @Test func apiKeyNeverAppearsInAnErrorMessage() async throws {
        let echo: @Sendable (FakeRequest) -> FakeResponse = { request in
            FakeOpenMeteoServer.openMeteoError(status: 400, reason: "Cannot handle \(request.uri)")
        }
        try await withClient(echo, apiKey: "topsecret123") { server, client in
            let error = try #require(await fetch(client).failure)
            #expect(server.requests.first?.uri.contains("apikey=topsecret123") == true)
            #expect(error.kind == .http)
            #expect(!error.message.contains("topsecret123"), "message: \(error.message)")
            #expect(!(error.reason ?? "").contains("topsecret123"), "reason: \(error.reason ?? "")")
            #expect(error.reason?.contains("apikey=REDACTED") == true)
            #expect(!error.description.contains("topsecret123"))
        }
    }

    @Test("the API key stays out of every error class", arguments: ["429", "503", "html", "refused"])
    func apiKeyNeverAppearsInOtherErrors(case name: String) async throws {
        let key = "a b&topsecret"
        let echo: @Sendable (FakeRequest) -> FakeResponse = { request in
            switch name {
            case "429": FakeOpenMeteoServer.openMeteoError(status: 429, reason: "Minutely \(request.uri) a b&topsecret")
            case "503": FakeOpenMeteoServer.openMeteoError(status: 503, reason: "Overloaded \(request.uri)")
            default: .body(status: 200, contentType: "text/html", body: "<html>\(request.uri)</html>")
            }
        }
        let error: FetchError
        if name == "refused" {
            let server = try await FakeOpenMeteoServer.start()
            let baseURL = server.baseURL
            try await server.shutdown()
            let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
            // Refused until the deadline: a short one.
            let timeout = Duration.milliseconds(500)
            let result = await fetch(makeClient(httpClient, baseURL: baseURL, apiKey: key, timeout: timeout))
            try await httpClient.shutdown()
            error = try #require(result.failure)
        } else {
            error = try await withClient(echo, apiKey: key) { _, client in try #require(await fetch(client).failure) }
        }
        for text in [error.message, error.reason ?? ""] {
            #expect(!text.contains("topsecret"), "\(text)")
            #expect(!text.contains("a%20b%26topsecret"), "\(text)")
        }
    }
}
