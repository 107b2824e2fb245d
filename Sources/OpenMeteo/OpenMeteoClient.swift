import AsyncHTTPClient
import Logging
import NIOCore
import NIOHTTP1
import WeatherCore

/// The production ``WeatherProviding``: one `GET /v1/forecast` through AsyncHTTPClient per call, with a
/// whole-request deadline and a 1 MiB body limit; every failure is classified into a ``FetchError``.
public struct OpenMeteoClient: WeatherProviding {
    /// The largest response body accepted.
    public static let bodyLimit = 1 << 20

    private let httpClient: HTTPClient
    private let endpoint: ForecastEndpoint
    private let timeout: Duration
    private let userAgent: String
    private let logger: Logger

    /// Creates a client. `httpClient` is owned (and shut down) by the caller.
    public init(
        httpClient: HTTPClient,
        endpoint: ForecastEndpoint,
        timeout: Duration,
        userAgent: String,
        logger: Logger
    ) {
        self.httpClient = httpClient
        self.endpoint = endpoint
        self.timeout = timeout
        self.userAgent = userAgent
        self.logger = logger
    }

    /// Fetches the current weather of `location`.
    public func currentWeather(at location: Location, units: Units) async throws(FetchError) -> Weather {
        let response: BoundedBodyCollector.Response
        do {
            response = try await get(endpoint.url(for: location, units: units))
        } catch {
            throw redacted(FetchErrorClassifier.classify(error, timeout: timeout, bodyLimit: Self.bodyLimit))
        }
        let status = Int(response.head.status.code)
        guard (200..<300).contains(status) else {
            throw redacted(
                FetchErrorClassifier.classify(status: status, headers: response.head.headers, body: response.body)
            )
        }
        do {
            return try ForecastDecoder.decode(response.body.readableBytesView, units: units)
        } catch {
            throw redacted(error)
        }
    }

    /// GETs `url` with the deadline and body limit; the raw response.
    func get(_ url: String) async throws -> BoundedBodyCollector.Response {
        var request = try HTTPClient.Request(url: url, method: .GET)
        request.headers.add(name: "User-Agent", value: userAgent)
        request.headers.add(name: "Accept", value: "application/json")
        // Clamped: a deadline past ~292 years would overflow NIO's nanoseconds.
        let deadline = NIODeadline.now() + .nanoseconds(Int64(min(timeout.seconds, 1e9) * 1e9))
        let task = httpClient.execute(
            request: request,
            delegate: BoundedBodyCollector(limit: Self.bodyLimit),
            deadline: deadline,
            logger: logger
        )
        return try await withTaskCancellationHandler {
            try await task.futureResult.get()
        } onCancel: {
            task.cancel()
        }
    }

    private func redacted(_ error: FetchError) -> FetchError {
        var error = error
        error.message = endpoint.redact(error.message)
        error.reason = error.reason.map(endpoint.redact)
        return error
    }
}
