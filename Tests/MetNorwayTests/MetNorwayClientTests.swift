import AsyncHTTPClient
import FakeOpenMeteo
import MetNorway
import Testing

@testable import WeatherCore

/// The client against the MET Norway look-alike over loopback: MET's terms on the request, and each of its
/// answers.
@Suite("MetNorwayClient")
struct MetNorwayClientTests {
    static let oslo = ForecastQuery(
        location: Location(name: "Oslo", latitude: 59.913_868, longitude: 10.752_245),
        units: Units(),
        blocks: ForecastBlocks(hours: 25, days: 7),
        altitude: 23.4,
        utcOffsetSeconds: 3600
    )

    @Test func aRequestOnMetsTermsAndItsForecast() async throws {
        try await MetNorwayLookAlike.with { lookAlike in
            let answer = await lookAlike.ask(Self.oslo)
            let forecast = try #require(answer.success?.forecast, "\(answer)")
            let request = try #require(lookAlike.server.requests.last)
            #expect(request.uri == "/weatherapi/locationforecast/2.0/compact?lat=59.9139&lon=10.7522&altitude=23")
            #expect(request.header("User-Agent") == MetNorwayLookAlike.contactUserAgent)
            #expect(request.header("Accept-Encoding") == "gzip")
            #expect(request.header("If-Modified-Since") == nil)

            #expect(forecast.source == .metNorway)
            #expect(forecast.deprecatedProduct == false)
            #expect(forecast.elevation == 23)
            #expect(forecast.validity?.lastModified == lookAlike.lastModified)
            #expect(forecast.validity?.expires?.secondsSinceEpoch == lookAlike.lastModifiedSeconds + 1800)
            let sample = try #require(forecast.apiClockSample)
            #expect(abs(sample - lookAlike.server.clockOffset) < 2)
            #expect(forecast.hourly?.count == 25)
            #expect(forecast.daily?.count == 7)
            #expect(forecast.nowcast == nil)
            #expect(forecast.weather.temperature != nil && forecast.weather.code != nil)
        }
    }

    @Test func theCurrentStepIsChosenOnTheAPIsClockNotTheHosts() async throws {
        // The look-alike's clock runs three hours ahead: its first step is three hours after the host's hour.
        try await MetNorwayLookAlike.with(clockOffset: 3 * 3600) { lookAlike in
            let forecast = try #require(await lookAlike.ask(Self.oslo).success?.forecast)
            let serverNow = HTTPDateText.hostNow() + lookAlike.server.clockOffset
            #expect(forecast.weather.observedAt.secondsSinceEpoch == (serverNow / 3600).rounded(.down) * 3600)
        }
    }

    @Test func ifModifiedSinceIsSentByteForByteAndA304KeepsTheData() async throws {
        try await MetNorwayLookAlike.with { lookAlike in
            let first = try #require(await lookAlike.ask(Self.oslo).success?.forecast)
            let lastModified = try #require(first.validity?.lastModified)
            // The current weather alone (with hours or days, a 304 reads them from the kept answer: below).
            var again = Self.oslo
            again.blocks = ForecastBlocks()
            again.ifModifiedSince = lastModified
            let answer = try #require(await lookAlike.ask(again).success)
            guard case .notModified(let validity, let sample) = answer else {
                Issue.record("not a 304: \(answer)")
                return
            }
            #expect(lookAlike.server.requests.last?.header("If-Modified-Since") == lastModified)
            #expect(validity == first.validity)
            #expect(sample != nil)

            // Another spelling of the same time is not MET's string: a whole answer.
            again.ifModifiedSince = HTTPDateText.rfc3339(lookAlike.lastModifiedSeconds)
            #expect(await lookAlike.ask(again).success?.forecast != nil)
        }
    }

    /// A fetch of the current weather alone reads a step or two; a later one that asks for the hours and days
    /// and gets a 304 reads them from the answer kept as it came.
    @Test func a304ToAFetchThatAsksForMoreReadsItFromTheKeptAnswer() async throws {
        try await MetNorwayLookAlike.with { lookAlike in
            var current = Self.oslo
            current.blocks = ForecastBlocks()
            let first = try #require(await lookAlike.ask(current).success?.forecast)
            #expect(first.hourly == nil && first.daily == nil)
            let lastModified = try #require(first.validity?.lastModified)

            var more = Self.oslo
            more.ifModifiedSince = lastModified
            let forecast = try #require(await lookAlike.ask(more).success?.forecast)
            #expect(lookAlike.server.requests.last?.header("If-Modified-Since") == lastModified)
            #expect(forecast.hourly?.count == 25)
            #expect(forecast.daily?.isEmpty == false)
            #expect(forecast.weather.temperature == first.weather.temperature)
            #expect(forecast.validity?.lastModified == lastModified)
            #expect(forecast.validity?.expires != nil)

            // The current weather alone again: the 304 keeps the data.
            current.ifModifiedSince = lastModified
            let answer = try #require(await lookAlike.ask(current).success)
            guard case .notModified = answer else {
                Issue.record("not kept as a 304: \(answer)")
                return
            }
        }
    }

    @Test func a203IsUsedAndMarkedDeprecatedAndNeverA304() async throws {
        try await MetNorwayLookAlike.with(mode: .deprecated) { lookAlike in
            var query = Self.oslo
            query.ifModifiedSince = lookAlike.lastModified
            let forecast = try #require(await lookAlike.ask(query).success?.forecast)
            #expect(forecast.deprecatedProduct)
            #expect(forecast.source == .metNorway)
        }
    }

    @Test func a403NamesTheUserAgentSent() async throws {
        try await MetNorwayLookAlike.with(userAgent: "AsyncHTTPClient/1.0") { lookAlike in
            let error = try #require(await lookAlike.ask(Self.oslo).failure)
            #expect(error.kind == .http)
            #expect(error.httpStatus == 403)
            #expect(error.message == "HTTP 403 Forbidden (sent User-Agent: AsyncHTTPClient/1.0)")
        }
    }

    @Test(
        "a 429 is rate_limited with its Retry-After, in seconds or as an HTTP date",
        arguments: [("120", 120.0), ("date", 600.0)]
    )
    func throttled(retryAfter: String, seconds: Double) async throws {
        try await MetNorwayLookAlike.with { lookAlike in
            // An HTTP date is read against the answer's `Date`, on the look-alike's clock.
            let serverNow = HTTPDateText.hostNow() + lookAlike.server.clockOffset
            let header = retryAfter == "date" ? HTTPDateText.imfFixdate(serverNow + seconds) : retryAfter
            let mode = MetNorwayMode.throttled(retryAfter: header)
            lookAlike.server.setHandler(FakeOpenMeteoServer.realistic(dataInterval: 900, metNorway: mode))
            let error = try #require(await lookAlike.ask(Self.oslo).failure)
            #expect(error.kind == .rateLimited)
            #expect(error.httpStatus == 429)
            #expect(abs((error.retryAfterSeconds ?? 0) - seconds) <= 2)
        }
    }

    @Test func an503WithAnHTMLPageIsUnavailableAndItsBodyIsNotRead() async throws {
        try await MetNorwayLookAlike.with(mode: .unavailable) { lookAlike in
            let error = try #require(await lookAlike.ask(Self.oslo).failure)
            #expect(error.kind == .unavailable)
            #expect(error.httpStatus == 503)
            #expect(error.message == "service unavailable (HTTP 503)")
            #expect(error.reason == nil)
        }
    }

    @Test(
        "a 200 that is not MET's JSON is invalid_response",
        arguments: [
            ("<html><body>Maintenance</body></html>", "invalid response: not JSON (an HTML page?)"),
            (#"{"type":"Feature","properties":{"meta":{"updated_at":"#, "invalid response: not JSON or truncated"),
        ]
    )
    func notMetsJSON(body: String, message: String) async throws {
        try await MetNorwayLookAlike.with { lookAlike in
            lookAlike.server.setHandler { _ in .body(status: 200, contentType: "text/html", body: body) }
            let error = try #require(await lookAlike.ask(Self.oslo).failure)
            #expect(error.kind == .invalidResponse)
            #expect(error.message == message)
        }
    }

    @Test func aServerErrorIsClassifiedByItsStatus() async throws {
        try await MetNorwayLookAlike.with { lookAlike in
            lookAlike.server.setHandler { _ in .body(status: 502, contentType: "text/html", body: "<html>") }
            let error = try #require(await lookAlike.ask(Self.oslo).failure)
            #expect(error.kind == .http)
            #expect(error.httpStatus == 502)
            #expect(error.message == "HTTP 502 Bad Gateway")
        }
    }

    @Test func theAnswerComesGzippedAndTheClientInflatesIt() async throws {
        try await MetNorwayLookAlike.with { lookAlike in
            let forecast = try #require(await lookAlike.ask(Self.oslo).success?.forecast)
            #expect(forecast.weather.temperature != nil)
            let request = try #require(lookAlike.server.requests.last)
            #expect(request.headers.contains { $0.0 == "Accept-Encoding" && $0.1 == "gzip" })
        }
        // An HTTP client that decompresses keeps `Content-Encoding: gzip` on the body it inflated: refused.
        try await MetNorwayLookAlike.with(decompressing: true) { lookAlike in
            #expect(await lookAlike.ask(Self.oslo).failure?.kind == .invalidResponse)
        }
    }
}
