import AsyncHTTPClient
import Logging
import WeatherCore

/// The production ``WeatherProviding``: one `GET /v1/forecast` through AsyncHTTPClient per call, with a
/// whole-request deadline and a 1 MiB body limit; every failure is classified into a ``FetchError``.
public struct OpenMeteoClient: WeatherProviding {
    /// The largest response body accepted.
    public static let bodyLimit = HTTPGetter.bodyLimit

    private let http: HTTPGetter
    private let endpoint: ForecastEndpoint

    /// Creates a client. `httpClient` is owned (and shut down) by the caller.
    public init(
        httpClient: HTTPClient,
        endpoint: ForecastEndpoint,
        timeout: Duration,
        userAgent: String,
        logger: Logger
    ) {
        self.http = HTTPGetter(httpClient: httpClient, timeout: timeout, userAgent: userAgent, logger: logger)
        self.endpoint = endpoint
    }

    /// Fetches the current weather of `location`.
    public func currentWeather(at location: Location, units: Units) async throws(FetchError) -> Weather {
        do throws(FetchError) {
            let response = try await http.get(endpoint.url(for: location, units: units))
            let status = Int(response.head.status.code)
            guard (200..<300).contains(status) else {
                throw FetchErrorClassifier.classify(status: status, headers: response.head.headers, body: response.body)
            }
            return try ForecastDecoder.decode(response.body.readableBytesView, units: units)
        } catch {
            throw endpoint.redact(error)
        }
    }
}
