import AsyncHTTPClient
import Logging
import WeatherCore

/// The production ``WeatherProviding``: one `GET /v1/forecast` through AsyncHTTPClient per call, with a
/// whole-request deadline and a 1 MiB body limit; every failure is classified into a ``FetchError``,
/// with the API key redacted.
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

    /// Fetches the current weather of `location` with the forecast `blocks` (docs/forecast.md).
    public func forecast(
        at location: Location,
        units: Units,
        blocks: ForecastBlocks
    ) async throws(FetchError)
        -> Forecast
    {
        do throws(FetchError) {
            let response = try await http.get(endpoint.url(for: location, units: units, blocks: blocks))
            guard (200..<300).contains(response.status) else {
                throw FetchErrorClassifier.classify(
                    status: response.status,
                    headers: response.headers,
                    body: response.body,
                    receivedAt: response.receivedAt
                )
            }
            // Only a forecast that decodes tells the API's time (not a captive portal's page).
            var forecast = try ForecastDecoder.decodeForecast(response.body.readableBytesView, units: units)
            forecast.apiClockSample = response.apiClockSample
            return forecast
        } catch {
            throw endpoint.redact(error)
        }
    }
}
