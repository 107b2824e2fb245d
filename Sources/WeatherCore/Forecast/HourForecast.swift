/// One hour of a location's forecast, from the API's `hourly` block (docs/forecast.md). Values the API sent as
/// null are nil.
public struct HourForecast: Sendable, Hashable {
    /// The start of the hour (UTC).
    public var time: Timestamp
    /// Air temperature at 2 m, in the configured unit.
    public var temperature: Double?
    /// Precipitation probability, percent.
    public var precipitationProbability: Double?
    /// Precipitation of the hour, in the configured unit.
    public var precipitation: Double?
    /// The WMO weather code.
    public var code: WMOCode?
    /// Whether it is daytime.
    public var isDay: Bool?

    /// Creates a value from each of its properties.
    public init(
        time: Timestamp,
        temperature: Double? = nil,
        precipitationProbability: Double? = nil,
        precipitation: Double? = nil,
        code: WMOCode? = nil,
        isDay: Bool? = nil
    ) {
        self.time = time
        self.temperature = temperature
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
        self.code = code
        self.isDay = isDay
    }
}
