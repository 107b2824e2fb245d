/// One local day of a location's forecast, from the API's `daily` block (docs/forecast.md); the first day of
/// the forecast is `today` (docs/state-file.md). Values the API sent as null (polar night: no sunrise) are nil,
/// never faked.
public struct DayForecast: Sendable, Hashable {
    /// The local date the values are for.
    public var date: LocalDate
    /// The day's highest temperature, in the configured unit.
    public var temperatureMax: Double?
    /// The day's lowest temperature, in the configured unit.
    public var temperatureMin: Double?
    /// The day's highest precipitation probability, percent.
    public var precipitationProbabilityMax: Double?
    /// The day's precipitation, in the configured unit.
    public var precipitationSum: Double?
    /// The day's highest UV index.
    public var uvIndexMax: Double?
    /// Sunrise (UTC); nil when the sun does not rise that day.
    public var sunrise: Timestamp?
    /// Sunset (UTC); nil when the sun does not set that day.
    public var sunset: Timestamp?
    /// The day's WMO weather code.
    public var code: WMOCode?
    /// When these values were fetched.
    public var fetchedAt: Timestamp

    /// Creates a value from each of its properties.
    public init(
        date: LocalDate,
        temperatureMax: Double? = nil,
        temperatureMin: Double? = nil,
        precipitationProbabilityMax: Double? = nil,
        precipitationSum: Double? = nil,
        uvIndexMax: Double? = nil,
        sunrise: Timestamp? = nil,
        sunset: Timestamp? = nil,
        code: WMOCode? = nil,
        fetchedAt: Timestamp
    ) {
        self.date = date
        self.temperatureMax = temperatureMax
        self.temperatureMin = temperatureMin
        self.precipitationProbabilityMax = precipitationProbabilityMax
        self.precipitationSum = precipitationSum
        self.uvIndexMax = uvIndexMax
        self.sunrise = sunrise
        self.sunset = sunset
        self.code = code
        self.fetchedAt = fetchedAt
    }
}
