import AsyncHTTPClient
import FakeOpenMeteo
import Logging
import MetNorway
import WeatherCore
import WeatherHTTP

/// A look-alike of MET Norway (FakeOpenMeteo's LocationforecastRoute) and a `MetNorwayClient` to it.
struct MetNorwayLookAlike {
    let server: FakeOpenMeteoServer
    let client: MetNorwayClient
    let userAgent: String

    static let contactUserAgent = "weatherd/1.2.3 ops@example.org"

    /// Starts the look-alike answering in `mode`, its clock a minute past a half hour (its `Last-Modified`
    /// then stays the same for the test's length), and a client with `userAgent` whose HTTP client does not
    /// decompress (as the daemon's: MET's client inflates the answer itself) unless told to; runs `body`,
    /// then shuts both down whatever happens.
    static func with<T>(
        mode: MetNorwayMode = .normal,
        userAgent: String = contactUserAgent,
        decompressing: Bool = false,
        clockOffset: Double = 0,
        _ body: (MetNorwayLookAlike) async throws -> T
    ) async throws -> T {
        let server = try await FakeOpenMeteoServer.start(
            handler: FakeOpenMeteoServer.realistic(dataInterval: 900, metNorway: mode)
        )
        let now = HTTPDateText.hostNow() + clockOffset
        let period = Double(LocationforecastRoute.period)
        server.clockOffset = clockOffset + ((now / period).rounded(.down) * period + 60 - now)
        var configuration = HTTPClient.Configuration()
        configuration.decompression = decompressing ? .enabled(limit: .size(MetNorwayClient.bodyLimit)) : .disabled
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let client = MetNorwayClient(
            http: HTTPGetter(
                httpClient: httpClient,
                timeout: .seconds(5),
                userAgent: userAgent,
                logger: Logger(label: "MetNorwayClientTests")
            ),
            endpoint: MetNorwayEndpoint(baseURL: server.baseURL)
        )
        let result: Result<T, any Error>
        do {
            result = .success(try await body(MetNorwayLookAlike(server: server, client: client, userAgent: userAgent)))
        } catch {
            result = .failure(error)
        }
        try await httpClient.shutdown()
        try await server.shutdown()
        return try result.get()
    }

    /// The client's answer to `query`, or its error.
    func ask(_ query: ForecastQuery) async -> Result<ForecastAnswer, FetchError> {
        do throws(FetchError) {
            return .success(try await client.forecast(query))
        } catch {
            return .failure(error)
        }
    }

    /// The `Last-Modified` the look-alike sends now, in seconds since the epoch: its latest half hour.
    var lastModifiedSeconds: Double {
        let now = HTTPDateText.hostNow() + server.clockOffset
        let period = Double(LocationforecastRoute.period)
        return (now / period).rounded(.down) * period
    }

    /// The `Last-Modified` the look-alike sends now.
    var lastModified: String { HTTPDateText.imfFixdate(lastModifiedSeconds) }
}

extension Result {
    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }

    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension ForecastAnswer {
    var forecast: Forecast? {
        if case .forecast(let forecast) = self { return forecast }
        return nil
    }
}
