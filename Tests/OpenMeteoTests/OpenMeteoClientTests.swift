import AsyncHTTPClient
import FakeOpenMeteo
import Foundation
import Logging
import OpenMeteo
import Synchronization
import Testing
import WeatherCore
import WeatherTestSupport

/// `OpenMeteoClient` against a real loopback `FakeOpenMeteoServer` and a real `HTTPClient`.
/// Every test starts its own server and client and shuts both down.
@Suite("OpenMeteoClient")
struct OpenMeteoClientTests {
    private static let userAgent = "weatherd/1.2.3"
    private static let currentList =
        "temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,weather_code,cloud_cover,"
        + "wind_speed_10m,wind_direction_10m,wind_gusts_10m"

    // MARK: - Success and the request

    @Test func successMapsToWeather() async throws {
        let body = try fixtureText("current-berlin.json")
        try await withClient(responding: .body(status: 200, body: body)) { server, client in
            let weather = try await fetch(client).get()
            let expected = Weather.berlin(observedAt: Timestamp(secondsSinceEpoch: 1_763_784_000))
            #expect(weather == expected)
            #expect(server.requestCount == 1)
        }
    }

    @Test func requestCarriesExactlyTheSpecQueryAndUserAgent() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let weather = try await fetch(client).get()
            #expect(weather.code == WMOCode(FakeOpenMeteoServer.weatherCode(forLatitude: 52.52)))
            #expect(weather.units == Units())
            let request = try #require(server.requests.first)
            #expect(server.requestCount == 1)
            #expect(request.method == "GET")
            #expect(request.path == "/v1/forecast")
            #expect(
                request.query == [
                    "latitude": "52.52", "longitude": "13.41", "current": Self.currentList,
                    "timeformat": "unixtime", "timezone": "auto", "temperature_unit": "celsius",
                    "wind_speed_unit": "kmh", "precipitation_unit": "mm",
                ]
            )
            #expect(request.query["apikey"] == nil)
            let agents = request.headers.filter { $0.0.lowercased() == "user-agent" }.map(\.1)
            #expect(agents == [Self.userAgent])
        }
    }

    @Test func requestCarriesTheAPIKeyAndTheRequestedUnits() async throws {
        let units = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
        try await withClient(FakeOpenMeteoServer.realistic, apiKey: "secret-key") { server, client in
            let weather = try await fetch(client, units: units).get()
            #expect(weather.units == units)
            let request = try #require(server.requests.first)
            #expect(request.query["apikey"] == "secret-key")
            #expect(request.query["temperature_unit"] == "fahrenheit")
            #expect(request.query["wind_speed_unit"] == "mph")
            #expect(request.query["precipitation_unit"] == "inch")
            #expect(request.query.count == 9)
            #expect(request.uri.hasSuffix("&apikey=secret-key"))
        }
    }

    @Test func aLocationAskedForAgainSendsTheSameRequestAndOtherUnitsADifferentOne() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let metric = Units()
            let imperial = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
            let first = try await fetch(client, units: metric).get()
            let second = try await fetch(client, units: metric).get()
            let third = try await fetch(client, units: imperial).get()
            #expect([first.units, second.units, third.units] == [metric, metric, imperial])
            let requests = server.requests
            #expect(requests.count == 3)
            guard requests.count == 3 else { return }
            #expect(requests[0].uri == requests[1].uri)
            #expect(requests[0].headers.map { "\($0): \($1)" } == requests[1].headers.map { "\($0): \($1)" })
            #expect(requests[2].query["temperature_unit"] == "fahrenheit")
            for request in requests {
                #expect(request.headers.filter { $0.0.lowercased() == "user-agent" }.map(\.1) == [Self.userAgent])
            }
        }
    }

    // MARK: - The day's outlook

    @Test func askingForTodayAddsTheDailyBlockAndItsWeight() async throws {
        let body = try fixtureText("current-with-today-berlin.json")
        try await withClient(responding: .body(status: 200, body: body)) { server, client in
            let forecast = try await client.forecast(
                at: .berlinForTests,
                units: Units(),
                blocks: ForecastBlocks(days: 1)
            )
            let today = try #require(forecast.today)
            #expect(today.date.description == "2025-11-22")
            #expect(today.temperatureMax == 4.1)
            #expect(today.temperatureMin == -0.8)
            #expect(today.precipitationProbabilityMax == 80)
            #expect(today.sunrise == Timestamp(secondsSinceEpoch: 1_763_793_302))
            #expect(today.sunset == Timestamp(secondsSinceEpoch: 1_763_823_390))
            #expect(today.code == WMOCode(61))
            let request = try #require(server.requests.first)
            #expect(
                request.query["daily"]
                    == "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,"
                    + "precipitation_sum,sunrise,sunset,uv_index_max"
            )
            #expect(request.query["forecast_days"] == "1")
            let variables = (request.query["current"]! + "," + request.query["daily"]!).split(separator: ",")
            #expect(variables.count == ForecastBlocks(days: 1).variables)
        }
    }

    @Test func withoutTodayTheRequestAsksForCurrentValuesAlone() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let forecast = try await client.forecast(at: .berlinForTests, units: Units(), blocks: .none)
            #expect(forecast.today == nil)
            let request = try #require(server.requests.first)
            #expect(request.query["daily"] == nil)
            #expect(request.query["forecast_days"] == nil)
            #expect(request.query["current"]!.split(separator: ",").count == ForecastBlocks.currentVariables)
        }
    }

    @Test func polarNightHasNoSunriseAndNoFakeValues() async throws {
        let body = try fixtureText("current-with-today-polar-night.json")
        try await withClient(responding: .body(status: 200, body: body)) { _, client in
            let location = Location(name: "Longyearbyen", latitude: 78.22, longitude: 15.65)
            let forecast = try await client.forecast(at: location, units: Units(), blocks: ForecastBlocks(days: 1))
            let today = try #require(forecast.today)
            #expect(today.sunrise == nil)
            #expect(today.sunset == nil)
            #expect(today.precipitationProbabilityMax == nil)
            #expect(today.temperatureMax == -8.0)
            #expect(today.code == WMOCode(3))
        }
    }

    @Test func cancellingTheTaskEndsAHangingAsyncFetch() async throws {
        try await withClient(responding: .hang, timeout: .seconds(60)) { server, client in
            let clock = ContinuousClock()
            let start = clock.now
            let task = Task { () -> Result<Weather, FetchError> in
                do throws(FetchError) {
                    return .success(
                        try await client.forecast(at: .berlinForTests, units: Units(), blocks: .none).weather
                    )
                } catch {
                    return .failure(error)
                }
            }
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            task.cancel()
            #expect(await task.value.failure != nil)
            #expect(clock.now - start < .seconds(10))
        }
    }

    // MARK: - HTTP errors

    @Test func http400KeepsTheReason() async throws {
        let reason = "Latitude must be in range of -90 to 90°. Given: 91.0."
        try await withClient(responding: FakeOpenMeteoServer.openMeteoError(status: 400, reason: reason)) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .http)
            #expect(error.httpStatus == 400)
            #expect(error.reason == reason)
            #expect(error.message.contains(reason))
            #expect(error.retryAfterSeconds == nil)
        }
    }

    @Test("other 4xx/5xx are `http`", arguments: [401, 403, 404, 500, 502, 504])
    func otherStatusesAreHTTP(status: Int) async throws {
        try await withClient(
            responding: FakeOpenMeteoServer.openMeteoError(status: status, reason: "reason of \(status)")
        ) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .http)
            #expect(error.httpStatus == status)
            #expect(error.reason == "reason of \(status)")
            #expect(error.message.contains("\(status)"))
        }
    }

    @Test func httpErrorWithoutOpenMeteoBodyUsesTheStatusText() async throws {
        let page = FakeResponse.body(status: 404, contentType: "text/html", body: "<html>Not here</html>")
        try await withClient(responding: page) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .http)
            #expect(error.httpStatus == 404)
            #expect(error.reason == nil)
            #expect(error.message == "HTTP 404 Not Found")
        }
    }

    @Test func rateLimitedMinutely() async throws {
        let reason = "Minutely API request limit exceeded. Please try again in one minute."
        try await withClient(responding: FakeOpenMeteoServer.openMeteoError(status: 429, reason: reason)) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .rateLimited)
            #expect(error.httpStatus == 429)
            #expect(error.reason == reason)
            #expect(error.retryAfterSeconds == nil)
        }
    }

    @Test func rateLimitedDailyWithNonJSONBody() async throws {
        let text = FakeResponse.body(status: 429, contentType: "text/plain", body: "slow down")
        try await withClient(responding: text) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .rateLimited)
            #expect(error.reason == nil)
        }
    }

    @Test func rateLimitedWithRetryAfter() async throws {
        try await withClient(
            responding: FakeOpenMeteoServer.openMeteoError(
                status: 429,
                reason: "Too many concurrent requests",
                headers: [("Retry-After", "120")]
            )
        ) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .rateLimited)
            #expect(error.retryAfterSeconds == 120)
            #expect(error.reason == "Too many concurrent requests")
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

    @Test func dateAndAgeGiveTheAPIClockSample() async throws {
        let body = try fixtureText("current-berlin.json")
        let ahead = HTTPDateText.imfFixdate(HTTPDateText.hostNow() + 240)
        try await withClient(responding: .body(status: 200, body: body, headers: [("Date", ahead), ("Age", "20")])) {
            _,
            client in
            let place = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
            let forecast = try await client.forecast(at: place, units: Units(), blocks: .none)
            let sample = try #require(forecast.apiClockSample)
            // 240 s ahead plus the cache's 20 s, less the Date's lost fraction of a second and the time the
            // request took on a loaded machine.
            #expect(sample > 250 && sample < 261, "\(sample)")
        }
    }

    @Test func unavailable503() async throws {
        try await withClient(
            responding: FakeOpenMeteoServer.openMeteoError(status: 503, reason: "The service is overloaded")
        ) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .unavailable)
            #expect(error.httpStatus == 503)
            #expect(error.reason == "The service is overloaded")
            #expect(error.retryAfterSeconds == nil)
        }
    }

    @Test func unavailable503WithRetryAfter() async throws {
        try await withClient(
            responding: FakeOpenMeteoServer.openMeteoError(
                status: 503,
                reason: "The service is overloaded",
                headers: [("Retry-After", "30")]
            )
        ) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .unavailable)
            #expect(error.retryAfterSeconds == 30)
        }
    }

    // MARK: - Invalid responses

    @Test func garbageHTMLWithStatus200() async throws {
        try await withClient(
            responding: .body(status: 200, contentType: "text/html", body: "<html><body>Captive portal</body></html>")
        ) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .invalidResponse)
            #expect(error.httpStatus == nil)
        }
    }

    @Test func truncatedJSONWithStatus200() async throws {
        let body = try fixtureText("current-berlin.json")
        try await withClient(responding: .body(status: 200, body: String(body.prefix(200)))) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .invalidResponse)
        }
    }

    @Test func streamingErrorWithStatus200() async throws {
        let body = try fixtureText("streaming-error-200.txt")
        try await withClient(responding: .body(status: 200, body: body)) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .invalidResponse)
            #expect(error.message.contains("streaming"))
        }
    }

    @Test func emptyBodyWithStatus200() async throws {
        try await withClient(responding: .body(status: 200, body: "")) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .invalidResponse)
        }
    }

    @Test func oversizedChunkedBodyIsCutOffEarly() async throws {
        try await withClient(responding: .oversized(bytes: 100_000_000)) { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let error = try #require(await fetch(client).failure)
            let elapsed = clock.now - start
            #expect(error.kind == .invalidResponse)
            #expect(error.message.contains("over 1024 KiB"))
            #expect(elapsed < .seconds(10))
        }
    }

    /// A body without end: only a client that stops reading at the limit returns at all, so the time bound
    /// shows that far less than the body was streamed. The same client then still works.
    @Test func endlessChunkedBodyIsCutOffAndTheClientStaysUsable() async throws {
        try await withClient(responding: .oversized(bytes: 1 << 50)) { server, client in
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

    @Test func contentLengthOverOneMebibyteIsInvalid() async throws {
        let body = String(repeating: " ", count: 2 << 20) + "{}"
        try await withClient(responding: .body(status: 200, body: body)) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .invalidResponse)
            #expect(error.message.contains("over 1024 KiB"))
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

    // MARK: - Timeouts

    @Test func hangingServerTimesOut() async throws {
        try await withClient(responding: .hang, timeout: .milliseconds(500)) { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let error = try #require(await fetch(client).failure)
            let elapsed = clock.now - start
            #expect(error.kind == .timeout)
            #expect(error.message == "timed out after 500 ms")
            #expect(elapsed >= .milliseconds(450))
            #expect(elapsed < .seconds(5))
        }
    }

    @Test func theDeadlineCoversTheWholeBody() async throws {
        let body = try fixtureText("current-berlin.json")
        try await withClient(
            responding: .drip(body: body, bytesPerChunk: 1, intervalMilliseconds: 50),
            timeout: .milliseconds(500)
        ) { _, client in
            let clock = ContinuousClock()
            let start = clock.now
            let error = try #require(await fetch(client).failure)
            let elapsed = clock.now - start
            #expect(error.kind == .timeout)
            #expect(error.message == "timed out after 500 ms")
            #expect(elapsed < .seconds(5))
        }
    }

    @Test func aSlowButTimelyBodyIsFine() async throws {
        let body = try fixtureText("current-berlin.json")
        try await withClient(
            responding: .drip(body: body, bytesPerChunk: 100, intervalMilliseconds: 20),
            timeout: .seconds(5)
        ) { _, client in
            let weather = try await fetch(client).get()
            #expect(weather.temperature == 2.0)
        }
    }

    /// The configuration accepts any positive timeout. One too long for a deadline in nanoseconds (here about
    /// 317 years) must still work (clamped to "no deadline"), not trap.
    @Test func aTimeoutTooLongForNanosecondsDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let server = try await FakeOpenMeteoServer.start()
            let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
            let client = OpenMeteoClient(
                httpClient: httpClient,
                endpoint: ForecastEndpoint(baseURL: server.baseURL),
                timeout: .seconds(10_000_000_000),
                userAgent: "weatherd/1.2.3",
                logger: Logger(label: "OpenMeteoClientTests")
            )
            let location = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
            _ = try await client.forecast(at: location, units: Units(), blocks: .none)
            try await httpClient.shutdown()
            try await server.shutdown()
        }

    }

    // MARK: - Network errors

    @Test func connectionResetMidBodyIsNetwork() async throws {
        let body = try fixtureText("current-berlin.json")
        try await withClient(responding: .resetAfter(partialBody: String(body.prefix(100)))) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .network, "got \(error.kind): \(error.message)")
            #expect(error.httpStatus == nil)
        }
    }

    @Test func connectionClosedWithoutAnswerIsNetwork() async throws {
        try await withClient(responding: .closeImmediately) { _, client in
            let error = try #require(await fetch(client).failure)
            #expect(error.kind == .network, "got \(error.kind): \(error.message)")
        }
    }

    @Test func connectionRefusedIsNetwork() async throws {
        // A port that is bound but not listening: refused, and no other test's server can take it.
        let reserved = try BoundPort()
        defer { reserved.close() }
        let baseURL = "http://127.0.0.1:\(reserved.port)"
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let client = makeClient(httpClient, baseURL: baseURL, timeout: .seconds(5))
        let result = await fetch(client)
        try await httpClient.shutdown()
        let error = try #require(result.failure)
        #expect(error.kind == .network)
        #expect(error.message.contains("refused"), "message: \(error.message)")
    }

    @Test func unresolvableHostIsNetwork() async throws {
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let client = makeClient(httpClient, baseURL: "http://weatherd-test.invalid", timeout: .seconds(5))
        let result = await fetch(client, limit: .seconds(15))
        try await httpClient.shutdown()
        let error = try #require(result.failure)
        #expect(error.kind == .network, "got \(error.kind): \(error.message)")
    }

    // MARK: - The API key stays secret

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
            let result = await fetch(makeClient(httpClient, baseURL: baseURL, apiKey: key, timeout: .seconds(5)))
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

// MARK: - Helpers

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Location {
    fileprivate static let berlinForTests = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
}

/// A TCP port bound on 127.0.0.1 without `listen`: a connection to it is refused.
private struct BoundPort {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            Glibc.close(descriptor)
            throw POSIXError(.init(rawValue: code) ?? .EIO)
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}

/// A test-side failure that is not a `FetchError`: the fetch did not come back in time.
private struct FetchDidNotReturn: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "the fetch did not return within \(limit)" }
}

private func makeClient(
    _ httpClient: HTTPClient,
    baseURL: String,
    apiKey: String? = nil,
    timeout: Duration
) -> OpenMeteoClient {
    OpenMeteoClient(
        httpClient: httpClient,
        endpoint: ForecastEndpoint(baseURL: baseURL, apiKey: apiKey),
        timeout: timeout,
        userAgent: "weatherd/1.2.3",
        logger: Logger(label: "OpenMeteoClientTests")
    )
}

/// Starts a server that gives every request `response`, and a client to it; see the other `withClient`.
private func withClient<T>(
    responding response: FakeResponse,
    apiKey: String? = nil,
    timeout: Duration = .seconds(5),
    _ body: (FakeOpenMeteoServer, OpenMeteoClient) async throws -> T
) async throws -> T {
    try await withClient({ _ in response }, apiKey: apiKey, timeout: timeout, body)
}

/// Starts a server with `handler` and a client to it, runs `body`, then shuts both down whatever happens.
private func withClient<T>(
    _ handler: @escaping @Sendable (FakeRequest) -> FakeResponse,
    apiKey: String? = nil,
    timeout: Duration = .seconds(5),
    _ body: (FakeOpenMeteoServer, OpenMeteoClient) async throws -> T
) async throws -> T {
    let server = try await FakeOpenMeteoServer.start(handler: handler)
    let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
    let client = makeClient(httpClient, baseURL: server.baseURL, apiKey: apiKey, timeout: timeout)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(server, client))
    } catch {
        result = .failure(error)
    }
    try await httpClient.shutdown()
    try await server.shutdown()
    return try result.get()
}

/// One fetch of Berlin, bounded by `limit` so that a broken deadline fails the test instead of hanging it.
private func fetch(
    _ client: OpenMeteoClient,
    units: Units = Units(),
    limit: Duration = .seconds(10)
) async -> Result<Weather, FetchError> {
    let location = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    let outcome = await withTaskGroup(of: Result<Weather, FetchError>?.self) { group in
        group.addTask {
            do throws(FetchError) {
                return .success(try await client.forecast(at: location, units: units, blocks: .none).weather)
            } catch {
                return .failure(error)
            }
        }
        group.addTask {
            try? await Task.sleep(for: limit)
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
    guard let outcome else {
        Issue.record(FetchDidNotReturn(limit: limit))
        return .failure(FetchError(kind: .network, message: "test: the fetch did not return within \(limit)"))
    }
    return outcome
}

/// The text of a fixture file in `Fixtures/`.
private func fixtureText(_ name: String) throws -> String {
    let url = try #require(
        Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
        "missing fixture \(name)"
    )
    return try String(contentsOf: url, encoding: .utf8)
}
