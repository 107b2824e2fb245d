import AsyncHTTPClient
import FakeOpenMeteo
import Logging
import OpenMeteo
import Testing
import WeatherCore

/// `GeocodingClient` against the loopback look-alike's `/v1/search`.
@Suite("GeocodingClient")
struct GeocodingClientTests {
    private func withGeocoder(
        apiKey: String? = nil,
        language: Language = .english,
        handler: @escaping @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic,
        _ body: (FakeOpenMeteoServer, GeocodingClient) async throws -> Void
    ) async throws {
        let server = try await FakeOpenMeteoServer.start(handler: handler)
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let client = GeocodingClient(
            httpClient: httpClient,
            baseURL: server.baseURL + "/",
            apiKey: apiKey,
            timeout: .seconds(2),
            userAgent: "weatherd/test",
            language: language,
            logger: Logger(label: "test")
        )
        do {
            try await body(server, client)
        } catch {
            try? await httpClient.shutdown()
            try? await server.shutdown()
            throw error
        }
        try await httpClient.shutdown()
        try await server.shutdown()
    }

    private func lookUp(
        _ client: GeocodingClient,
        _ name: String,
        _ country: String? = nil
    ) async -> Result<Place, FetchError> {
        do {
            return .success(try await client.place(named: name, countryCode: country))
        } catch {
            return .failure(error)
        }
    }

    @Test func resolvesANameWithTheDocumentedQuery() async throws {
        try await withGeocoder { server, client in
            let place = try await lookUp(client, "Paris").get()
            #expect(place.name == "Paris")
            #expect(place.latitude == 48.85341)
            #expect(place.longitude == 2.3488)
            #expect(place.countryCode == "FR")
            let request = try #require(server.requests.first)
            #expect(request.path == "/v1/search")
            #expect(request.query == ["name": "Paris", "count": "1", "language": "en", "format": "json"])
            #expect(request.header("User-Agent") == "weatherd/test")
        }
    }

    @Test(
        "asks for names in the language in use",
        arguments: [(Language.german, "de"), (.french, "fr"), (.norwegianBokmal, "no"), (.english, "en")]
    )
    func asksInTheLanguage(language: Language, code: String) async throws {
        try await withGeocoder(language: language) { server, client in
            _ = try await lookUp(client, "Berlin").get()
            let request = try #require(server.requests.first)
            #expect(request.query["language"] == code)
            #expect(client.url(for: "Berlin", countryCode: nil).contains("&language=\(code)&"))
        }
    }

    @Test func sendsTheCountryFilterAndTheKey() async throws {
        try await withGeocoder(apiKey: "k&y") { server, client in
            let place = try await lookUp(client, "Springfield", "US").get()
            #expect(place.countryCode == "US")
            let request = try #require(server.requests.first)
            #expect(request.query["countryCode"] == "US")
            #expect(request.query["apikey"] == "k&y")
            #expect(request.uri.contains("apikey=k%26y"))
        }
    }

    @Test func noMatchIsNotFoundNamingThePlace() async throws {
        try await withGeocoder { _, client in
            guard case .failure(let error) = await lookUp(client, "Atlantis", "GR") else {
                Issue.record("Atlantis must not resolve")
                return
            }
            #expect(error.kind == .notFound)
            #expect(error.message.contains("\"Atlantis\""))
            #expect(error.message.contains("GR"))
        }
    }

    @Test(
        "failures keep their classes",
        arguments: [
            (FakeResponse.openMeteoError(status: 503, reason: "The service is overloaded"), FetchErrorKind.unavailable),
            (FakeResponse.openMeteoError(status: 429, reason: "Hourly API request limit exceeded."), .rateLimited),
            (FakeResponse.body(status: 200, body: "<html>proxy error</html>"), .invalidResponse),
            (
                FakeResponse.body(status: 200, body: #"{"results":[{"name":"X","latitude":123,"longitude":0}]}"#),
                .invalidResponse
            ),
        ]
    )
    func failures(response: FakeResponse, kind: FetchErrorKind) async throws {
        let answer: @Sendable (FakeRequest) -> FakeResponse = { _ in response }
        try await withGeocoder(handler: answer) { _, client in
            guard case .failure(let error) = await lookUp(client, "Paris") else {
                Issue.record("expected a failure")
                return
            }
            #expect(error.kind == kind)
        }
    }

    @Test func theKeyNeverAppearsInAnError() async throws {
        let echo: @Sendable (FakeRequest) -> FakeResponse = { request in
            .openMeteoError(status: 400, reason: "bad request \(request.uri)")
        }
        try await withGeocoder(apiKey: "topsecret123", handler: echo) { _, client in
            guard case .failure(let error) = await lookUp(client, "Paris") else {
                Issue.record("expected a failure")
                return
            }
            #expect(error.kind == .http)
            #expect(!error.message.contains("topsecret123"))
            #expect(error.message.contains("REDACTED"))
        }
    }
}
