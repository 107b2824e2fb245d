import AsyncHTTPClient
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import WeatherCore
import WeatherHTTP

/// The production ``GeocodingProviding``: Open-Meteo's geocoding API,
/// `GET {geocoding_url}/v1/search?name=…&count=1&language=LANG&format=json[&countryCode=…]`, the names of
/// the place and its country in the reader's language where the API has them (else in English or the
/// local name).
public struct GeocodingClient: GeocodingProviding {
    private let http: HTTPGetter
    private let endpoint: ForecastEndpoint
    private let language: Language

    /// Creates a client for the geocoding API at `baseURL` (the API key, when set, is sent as `apikey`),
    /// asking for names in `language`.
    public init(
        httpClient: HTTPClient,
        baseURL: String,
        apiKey: String?,
        timeout: Duration,
        userAgent: String,
        language: Language,
        logger: Logger
    ) {
        self.http = HTTPGetter(httpClient: httpClient, timeout: timeout, userAgent: userAgent, logger: logger)
        self.endpoint = ForecastEndpoint(baseURL: baseURL, apiKey: apiKey)
        self.language = language
    }

    /// The API's code of `language`: its own, but `no` for Norwegian Bokmål (the API's names come from
    /// GeoNames, where Norwegian names are mostly tagged `no`).
    public static func code(of language: Language) -> String {
        language == .norwegianBokmal ? "no" : language.rawValue
    }

    /// The search URL for `name`.
    public func url(for name: String, countryCode: String?) -> String {
        var items = [("name", name), ("count", "1"), ("language", Self.code(of: language)), ("format", "json")]
        if let countryCode { items.append(("countryCode", countryCode)) }
        if let apiKey = endpoint.apiKey { items.append(("apikey", apiKey)) }
        return endpoint.baseURL + "/v1/search?"
            + items.map { "\($0.0)=\(ForecastEndpoint.percentEncode($0.1))" }.joined(separator: "&")
    }

    /// The best match for `name`; ``FetchErrorKind/notFound`` when there is none.
    public func place(named name: String, countryCode: String?) async throws(FetchError) -> Place {
        do throws(FetchError) {
            let response = try await http.get(url(for: name, countryCode: countryCode))
            guard (200..<300).contains(response.status) else {
                throw FetchErrorClassifier.classify(
                    status: response.status,
                    headers: response.headers,
                    reason: ForecastDecoder.errorReason(response.body.readableBytesView)
                )
            }
            return try Self.decode(response.body.readableBytesView, name: name, countryCode: countryCode)
        } catch {
            throw endpoint.redact(error)
        }
    }

    /// Decodes a search response: the first result, checked for plausible coordinates.
    static func decode(_ body: some Collection<UInt8>, name: String, countryCode: String?) throws(FetchError) -> Place {
        guard let response = try? JSONDecoder().decode(SearchResponseDTO.self, from: Data(body)) else {
            throw FetchError(kind: .invalidResponse, message: "invalid geocoding response for \"\(name)\"")
        }
        let within = countryCode.map { " in \($0)" } ?? ""
        guard let first = response.results?.first else {
            throw FetchError(kind: .notFound, message: "geocoding found no place named \"\(name)\"\(within)")
        }
        guard (-90...90).contains(first.latitude), (-180...180).contains(first.longitude) else {
            throw FetchError(
                kind: .invalidResponse,
                message: "geocoding returned impossible coordinates for \"\(name)\""
            )
        }
        return Place(
            name: first.name ?? name,
            latitude: first.latitude,
            longitude: first.longitude,
            countryCode: first.country_code,
            country: first.country
        )
    }
}

// The search response; names follow the JSON keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct SearchResponseDTO: Decodable {
    struct Result: Decodable {
        var name: String?
        var latitude: Double
        var longitude: Double
        var country_code: String?
        var country: String?
    }

    var results: [Result]?
}
