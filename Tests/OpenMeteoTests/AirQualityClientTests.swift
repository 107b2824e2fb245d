import AsyncHTTPClient
import FakeOpenMeteo
import Foundation
import OpenMeteo
import Testing
@testable import WeatherCore

/// `AirQualityClient` against a real loopback `FakeOpenMeteoServer` and a real `HTTPClient`: the request of
/// docs/air.md, the answer, and failures classified as the forecast's are.
@Suite("AirQualityClient")
struct AirQualityClientTests {
    /// Starts a server with `handler` and a client to it on `scale`, runs `body`, then shuts both down.
    private func withClient(
        _ handler: @escaping @Sendable (FakeRequest) -> FakeResponse,
        apiKey: String? = nil,
        timeout: Duration = .seconds(5),
        _ body: (FakeOpenMeteoServer, AirQualityClient) async throws -> Void
    ) async throws {
        try await withServer(
            handler,
            client: { httpClient, baseURL in
                AirQualityClient(
                    http: testGetter(httpClient, timeout: timeout, label: "AirQualityClientTests"),
                    endpoint: AirQualityEndpoint(baseURL: baseURL, apiKey: apiKey)
                )
            },
            body
        )
    }

    private func fetch(
        _ client: AirQualityClient,
        _ location: Location = .berlinForTests
    ) async -> Result<
        AirQualityAnswer, FetchError
    > {
        do throws(FetchError) {
            return .success(try await client.airQuality(at: location))
        } catch {
            return .failure(error)
        }
    }

    @Test func theRequestAndTheAnswer() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let answer = try await fetch(client).get()
            let request = try #require(server.requests.first)
            #expect(request.path == "/v1/air-quality")
            let url = AirQualityEndpoint(baseURL: server.baseURL).url(for: client.request(for: .berlinForTests))
            #expect(server.baseURL + request.uri == url)
            #expect(request.query["hourly"] == "uv_index")
            #expect(request.query["forecast_days"] == "1")
            #expect(request.query["apikey"] == nil)
            #expect(request.header("User-Agent") == "weatherd/1.2.3")
            #expect(answer.dataInterval == 3600)
            #expect(answer.apiClockSample != nil, "the look-alike sends a Date")
            #expect(answer.airQuality.pollen.count == 6)
            #expect(answer.airQuality.reading(on: .european)?.pollutant != nil)
            #expect(client.request(for: .berlinForTests).weight == 13)
            #expect(answer.airQuality.uvIndex != nil, "the hour's own, from the hourly block")
            // The second fetch sends the same URL.
            _ = try await fetch(client).get()
            #expect(server.requests.map(\.uri) == [request.uri, request.uri])
        }
    }

    @Test func tokyoIsAskedNoPollen() async throws {
        let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let answer = try await fetch(client, tokyo).get()
            #expect(answer.airQuality.reading(on: .us)?.pollutant != nil)
            #expect(answer.airQuality.pollen.isEmpty)
            #expect(server.requests.first?.query["current"]?.contains("pollen") == false)
        }
    }

    @Test func failuresAreClassifiedAsTheForecastsAre() async throws {
        let cases: [(AirQualityMode, FetchErrorKind, Int?)] = [
            (.unavailable(retryAfter: "120"), .unavailable, 503), (.rateLimited(retryAfter: nil), .rateLimited, 429),
            (.html, .invalidResponse, nil), (.truncated, .invalidResponse, nil),
        ]
        for (mode, kind, status) in cases {
            try await withClient(FakeOpenMeteoServer.realistic(dataInterval: 900, airQuality: mode)) { _, client in
                let error = try #require(await fetch(client).failure)
                #expect(error.kind == kind, "\(mode): \(error)")
                #expect(error.httpStatus == status)
                if case .unavailable = mode {
                    #expect(error.retryAfterSeconds == 120)
                    #expect(error.reason == "The service is overloaded")
                }
            }
        }
        let reason = "No data is available for this location"
        let refused: @Sendable (FakeRequest) -> FakeResponse = { _ in .openMeteoError(status: 400, reason: reason) }
        try await withClient(refused, apiKey: "sekret") { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(
                error
                    == FetchError(
                        kind: .http,
                        message: "HTTP 400: \(reason)",
                        httpStatus: 400,
                        reason: reason,
                        apiClockSample: error.apiClockSample
                    )
            )
        }
        let hang: @Sendable (FakeRequest) -> FakeResponse = { _ in .hang }
        try await withClient(hang, apiKey: "sekret", timeout: .milliseconds(300)) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .timeout)
            #expect(!error.message.contains("sekret"))
        }
    }
}
