/// What the planner needs of the configuration.
public struct PlannerSettings: Sendable, Hashable {
    /// The rotation period in seconds.
    public var interval: Double
    /// When locations are fetched.
    public var refresh: RefreshPolicy = .auto
    /// The weighted calls allowed per UTC window.
    public var limits: QuotaLimits = .none
    /// Weather older than this (now − `observed_at`) is stale, in seconds.
    public var staleAfter: Double = 1800
    /// The units asked for; cached weather in other units is not served.
    public var units: Units = Units()
    /// Which forecast blocks ride on the requests (docs/forecast.md).
    public var forecast: ForecastSettings = ForecastSettings()
    /// The weather sources in the order tried, for locations without their own (docs/sources.md).
    public var sources: [WeatherSource] = WeatherSource.defaultOrder
    /// Whether a location that says nothing of it asks for air quality (`air_quality.enabled`).
    public var airQuality = false
    /// The scale air quality levels are read on (`air_quality.index`): when one turns poor.
    public var airQualityScale = AirQualityScale.european

    /// Creates a value from each of its properties.
    public init(
        interval: Double,
        refresh: RefreshPolicy = .auto,
        limits: QuotaLimits = .none,
        staleAfter: Double = 1800,
        units: Units = Units(),
        forecast: ForecastSettings = ForecastSettings(),
        sources: [WeatherSource] = WeatherSource.defaultOrder,
        airQuality: Bool = false,
        airQualityScale: AirQualityScale = .european
    ) {
        self.interval = interval
        self.refresh = refresh
        self.limits = limits
        self.staleAfter = staleAfter
        self.units = units
        self.forecast = forecast
        self.sources = sources
        self.airQuality = airQuality
        self.airQualityScale = airQualityScale
    }
}
