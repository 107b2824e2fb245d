import AsyncHTTPClient
import WeatherCore
import WeatherHTTP

/// The production ``WeatherProviding``: one `GET /v1/forecast` through AsyncHTTPClient per call, with a
/// whole-request deadline and a 1 MiB body limit; every failure is classified into a ``FetchError``,
/// with the API key redacted.
public struct OpenMeteoClient: WeatherProviding {
    /// The largest response body accepted.
    public static let bodyLimit = HTTPGetter.bodyLimit

    private let http: HTTPGetter
    private let endpoint: ForecastEndpoint
    /// Each location's request as first made, sent again at its next fetch: the URL of a location, its
    /// units and its blocks never changes.
    private let requests = PreparedRequests<RequestKey>()

    /// What a forecast request depends on.
    private struct RequestKey: Hashable {
        var location: Location
        var units: Units
        var blocks: ForecastBlocks
    }

    /// A client of `endpoint` whose requests `http` sends.
    package init(http: HTTPGetter, endpoint: ForecastEndpoint) {
        self.http = http
        self.endpoint = endpoint
    }

    /// Fetches the current weather of the query's location with its forecast blocks (docs/forecast.md).
    /// Open-Meteo sends no caching headers: every answer is whole.
    public func forecast(_ query: ForecastQuery) async throws(FetchError) -> ForecastAnswer {
        .forecast(try await forecast(at: query.location, units: query.units, blocks: query.blocks))
    }

    /// Fetches the current weather of `location` with the forecast `blocks`.
    public func forecast(
        at location: Location,
        units: Units,
        blocks: ForecastBlocks
    ) async throws(FetchError)
        -> Forecast
    {
        do throws(FetchError) {
            let key = RequestKey(location: location, units: units, blocks: blocks)
            let response = try await http.get(request(for: key))
            if let failure = response.openMeteoFailure { throw failure }
            // Only a forecast that decodes tells the API's time (not a captive portal's page).
            var forecast = try ForecastDecoder.decodeForecast(response.body.readableBytesView, units: units)
            forecast.apiClockSample = response.apiClockSample
            return forecast
        } catch {
            throw endpoint.redact(error)
        }
    }

    /// The request of `key`: the one made before, or a new one, kept.
    private func request(for key: RequestKey) throws(FetchError) -> HTTPClient.Request {
        try requests.value(for: key) { () throws(FetchError) in
            try http.request(endpoint.url(for: key.location, units: key.units, blocks: key.blocks))
        }
    }
}
