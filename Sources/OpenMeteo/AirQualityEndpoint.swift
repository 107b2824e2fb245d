import WeatherCore

/// Builds the air quality request of docs/air.md: `GET {air_quality.base_url}/v1/air-quality` with the
/// current hour's indices, sub-indices, concentrations, UV and pollen, and the day's hourly UV. The
/// parameters come in a fixed order, so that every host asks the same URL for the same place.
public struct AirQualityEndpoint: Sendable, Hashable {
    /// The indices, concentrations and UV of `current=`, before the sub-indices and the pollen.
    public static let currentVariables = [
        "european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "uv_index",
    ]

    /// The variables of `hourly=`: the day's UV, for its highest hour.
    public static let hourlyVariables = ["uv_index"]

    /// The pollen variables, asked for inside CAMS Europe's area only (``AirQualityRequest/asksPollen``).
    public static let pollenVariables = Pollen.Plant.allCases.map(pollenVariable)

    /// The API's name of `plant`'s pollen: `birch_pollen`.
    static func pollenVariable(_ plant: Pollen.Plant) -> String {
        plant.rawValue + "_pollen"
    }

    /// The API's name of `pollutant`'s sub-index on `scale`: `european_aqi_pm2_5`, `us_aqi_ozone`.
    static func subIndexVariable(_ pollutant: AirPollutant, on scale: AirQualityScale) -> String {
        (scale == .european ? "european_aqi_" : "us_aqi_") + pollutant.rawValue
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
        currentVariables + AirPollutant.of(request.scale).map { subIndexVariable($0, on: request.scale) }
            + (request.asksPollen ? pollenVariables : [])
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
