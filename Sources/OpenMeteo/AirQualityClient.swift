import AsyncHTTPClient
import WeatherCore
import WeatherHTTP

/// The production ``AirQualityProviding``: one `GET /v1/air-quality` through AsyncHTTPClient per call, with a
/// whole-request deadline and a 1 MiB body limit; every failure is classified into a ``FetchError`` as the
/// forecast's are (Open-Meteo's error `reason` kept), with the API key redacted.
public struct AirQualityClient: AirQualityProviding {
    private let http: HTTPGetter
    private let endpoint: AirQualityEndpoint
    /// Each location's request as first made, sent again at its next fetch.
    private let requests = PreparedRequests<AirQualityRequest>()

    /// A client of `endpoint` whose requests `http` sends.
    package init(http: HTTPGetter, endpoint: AirQualityEndpoint) {
        self.http = http
        self.endpoint = endpoint
    }

    /// The request this client sends for `location`: what the planner charges (``AirQualityRequest/weight``).
    public func request(for location: Location) -> AirQualityRequest {
        AirQualityRequest(location: location)
    }

    /// Fetches the air quality of `location` for the current hour. Open-Meteo sends no caching headers: every
    /// answer is whole.
    public func airQuality(at location: Location) async throws(FetchError) -> AirQualityAnswer {
        do throws(FetchError) {
            let key = request(for: location)
            let made = try requests.value(for: key) { () throws(FetchError) in
                try http.request(endpoint.url(for: key))
            }
            let response = try await http.get(made)
            if let failure = response.openMeteoFailure { throw failure }
            // Only an answer that decodes tells the API's time (not a captive portal's page).
            var answer = try AirQualityDecoder.decode(response.body.readableBytesView)
            answer.apiClockSample = response.apiClockSample
            return answer
        } catch {
            throw endpoint.redact(error)
        }
    }
}
