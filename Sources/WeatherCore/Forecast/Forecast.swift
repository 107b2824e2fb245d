/// What one forecast request brings: the current weather and the forecast blocks it asked for
/// (docs/forecast.md), each nil when not asked for or dropped as bad input.
public struct Forecast: Sendable, Hashable {
    /// The current weather.
    public var weather: Weather
    /// The next hours (`hourly`), from the current hour on.
    public var hourly: [HourForecast]?
    /// The next days (`daily`), the location's current local day first.
    public var daily: [DayForecast]?
    /// The 15-minute precipitation steps (`minutely_15`), from the current quarter hour on.
    public var nowcast: [NowcastStep]?
    /// Blocks of the response that were dropped as bad input, one sentence each (docs/forecast.md "Bad input").
    public var droppedBlocks: [String] = []
    /// The API's clock minus the host's, from the response's `Date` (plus `Age`); nil without one.
    public var apiClockSample: Double?
    /// The source that answered.
    public var source: WeatherSource = .openMeteo
    /// The answer's caching headers, when the source sends them (MET Norway).
    public var validity: AnswerValidity?
    /// The location's height above sea level in metres, when the source says (Open-Meteo's `elevation`).
    public var elevation: Double?
    /// Whether the source said this product is deprecated or in beta (MET Norway's HTTP 203).
    public var deprecatedProduct: Bool = false

    /// Creates a value from each of its properties.
    public init(
        weather: Weather,
        hourly: [HourForecast]? = nil,
        daily: [DayForecast]? = nil,
        nowcast: [NowcastStep]? = nil,
        droppedBlocks: [String] = [],
        apiClockSample: Double? = nil,
        source: WeatherSource = .openMeteo,
        validity: AnswerValidity? = nil,
        elevation: Double? = nil,
        deprecatedProduct: Bool = false
    ) {
        self.weather = weather
        self.hourly = hourly
        self.daily = daily
        self.nowcast = nowcast
        self.droppedBlocks = droppedBlocks
        self.apiClockSample = apiClockSample
        self.source = source
        self.validity = validity
        self.elevation = elevation
        self.deprecatedProduct = deprecatedProduct
    }

    /// The outlook for the location's current local day: the first day of `daily`.
    public var today: DayForecast? { daily?.first }

    /// The weight of a geocoding request, in tenths of a call.
    public static let geocodingWeight = Weight.of(variables: 1)
}
