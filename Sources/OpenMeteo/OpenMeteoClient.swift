import AsyncHTTPClient
import Logging
import Synchronization
import WeatherCore

/// The production ``WeatherProviding``: one `GET /v1/forecast` through AsyncHTTPClient per call, with a
/// whole-request deadline and a 1 MiB body limit; every failure is classified into a ``FetchError``.
///
/// The request of each location is built once (URL, query, parsing, headers) and reused; the response
/// is decoded on the client's event loop, so a fetch costs the daemon no hop through a task executor.
public final class OpenMeteoClient: WeatherProviding {
    /// The largest response body accepted.
    public static let bodyLimit = HTTPGetter.bodyLimit
    /// At most this many prepared requests are kept (a configuration has a handful of locations; a
    /// reload with new coordinates starts the cache again once it is full).
    static let cachedRequestLimit = 64

    private struct RequestKey: Hashable {
        var latitude: Double
        var longitude: Double
        var units: Units
    }

    private let http: HTTPGetter
    private let endpoint: ForecastEndpoint
    private let requests = Mutex<[RequestKey: HTTPClient.Request]>([:])

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
        try await FetchHandle.awaiting { handle, completion in
            fetchCurrentWeather(at: location, units: units, handle: handle, completion: completion)
        }
    }

    /// Starts fetching the current weather of `location`; `completion` runs on the client's event loop
    /// (or at once when the request cannot be built).
    public func fetchCurrentWeather(
        at location: Location,
        units: Units,
        handle: FetchHandle,
        completion: @escaping @Sendable (Result<Weather, FetchError>) -> Void
    ) {
        let endpoint = self.endpoint
        let request: HTTPClient.Request
        do throws(FetchError) {
            request = try self.request(for: location, units: units)
        } catch {
            completion(.failure(endpoint.redact(error)))
            return
        }
        http.start(request, handle: handle) { result in
            completion(
                result.flatMap { response in
                    Result { () throws(FetchError) in try Self.weather(from: response, units: units) }
                }
                .mapError { endpoint.redact($0) }
            )
        }
    }

    private func request(for location: Location, units: Units) throws(FetchError) -> HTTPClient.Request {
        let key = RequestKey(latitude: location.latitude, longitude: location.longitude, units: units)
        if let request = requests.withLock({ $0[key] }) { return request }
        let request = try http.request(endpoint.url(for: location, units: units))
        requests.withLock { cache in
            if cache.count >= Self.cachedRequestLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = request
        }
        return request
    }

    private static func weather(
        from response: BoundedBodyCollector.Response,
        units: Units
    ) throws(FetchError)
        -> Weather
    {
        let status = Int(response.head.status.code)
        guard (200..<300).contains(status) else {
            throw FetchErrorClassifier.classify(status: status, headers: response.head.headers, body: response.body)
        }
        return try ForecastDecoder.decode(response.body.readableBytesView, units: units)
    }
}
