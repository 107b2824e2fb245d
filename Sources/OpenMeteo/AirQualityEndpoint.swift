import WeatherCore

/// Builds the air quality request of docs/air.md: `GET {air_quality.base_url}/v1/air-quality` with the
/// current hour's indices, concentrations and pollen, and the day's hourly UV. The parameters come in a fixed
/// order, so that every host asks the same URL for the same place.
public struct AirQualityEndpoint: Sendable, Hashable {
    /// The indices and concentrations of `current=`, before the pollen. Not `uv_index`: the hourly one at
    /// `current.time` is the same value, one variable less.
    public static let currentVariables = ["european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide"]

    /// The variables of `hourly=`: the day's UV, for the current hour and the highest.
    public static let hourlyVariables = AirQualityResponseDTO.HourlyVariable.allCases.map(\.rawValue)

    /// The pollen variables, asked for inside CAMS Europe's area only (``AirQualityRequest/asksPollen``).
    public static let pollenVariables = Pollen.Plant.allCases.map(pollenVariable)

    /// The API's name of `plant`'s pollen: `birch_pollen`.
    static func pollenVariable(_ plant: Pollen.Plant) -> String {
        plant.rawValue + "_pollen"
    }

    /// The base URL and the key, kept, joined and redacted as the forecast's are.
    private let api: ForecastEndpoint

    /// The API's base URL without trailing slash, e.g. `https://air-quality-api.open-meteo.com`.
    public var baseURL: String { api.baseURL }

    /// Creates an endpoint; a trailing `/` of `baseURL` is dropped, and the key is sent as `apikey` when not
    /// empty (Open-Meteo's customer hosts take the forecast's key).
    public init(baseURL: String, apiKey: String? = nil) {
        api = ForecastEndpoint(baseURL: baseURL, apiKey: apiKey)
    }

    /// The variables of `current=` for `request`, in order.
    public static func currentVariables(for request: AirQualityRequest) -> [String] {
        currentVariables + (request.asksPollen ? pollenVariables : [])
    }

    /// The query items of `request`, in order.
    public func queryItems(for request: AirQualityRequest) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = [
            ("latitude", "\(request.location.latitude)"),
            ("longitude", "\(request.location.longitude)"),
            ("current", Self.currentVariables(for: request).joined(separator: ",")),
            ("hourly", Self.hourlyVariables.joined(separator: ",")),
            ("forecast_days", "1"),
            ("timeformat", "unixtime"),
            ("timezone", "auto"),
        ]
        if let apiKey = api.apiKey { items.append(("apikey", apiKey)) }
        return items
    }

    /// The full request URL.
    public func url(for request: AirQualityRequest) -> String {
        api.url(path: "/v1/air-quality", items: queryItems(for: request))
    }

    /// `error` with the API key redacted from its message and reason.
    public func redact(_ error: FetchError) -> FetchError {
        api.redact(error)
    }
}
