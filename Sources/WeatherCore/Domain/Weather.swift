/// The current weather at one location, as observed by the API. Values the API did not send are nil.
public struct Weather: Sendable, Hashable {
    /// Start of the 15-minute model interval the values describe (seconds since the epoch).
    public var observedAt: Timestamp
    /// The location's offset from UTC in seconds.
    public var utcOffsetSeconds: Int?
    /// Air temperature at 2 m.
    public var temperature: Double?
    /// Apparent ("feels like") temperature.
    public var apparentTemperature: Double?
    /// Relative humidity at 2 m, percent.
    public var relativeHumidity: Double?
    /// Precipitation of the preceding interval.
    public var precipitation: Double?
    /// Cloud cover, percent.
    public var cloudCover: Double?
    /// Wind speed at 10 m.
    public var windSpeed: Double?
    /// Wind direction at 10 m, degrees.
    public var windDirection: Double?
    /// Wind gusts at 10 m.
    public var windGusts: Double?
    /// Air pressure at sea level, hPa (MET Norway sends it; Open-Meteo is not asked for it).
    public var pressure: Double?
    /// Whether it is daytime.
    public var isDay: Bool?
    /// The WMO weather code.
    public var code: WMOCode?
    /// The source's own weather symbol, when it sends one instead of a WMO code (MET Norway's
    /// `symbol_code`, ``MetSymbol``), for the journal: a symbol weatherd does not know has no `code`.
    public var symbol: String?
    /// The units the values are in.
    public var units: Units = Units()
    /// How often the API's current values change, in seconds (`current.interval`), when it said.
    public var dataInterval: Double?
    /// Until when the source said these values hold (MET Norway's `Expires`, on the host's clock): no
    /// request for newer ones before it, and not stale before it (``LocationStatus/judge``).
    public var validUntil: Timestamp?
    /// The source's `Last-Modified` of these values, exactly as sent: asked back as `If-Modified-Since`.
    public var lastModified: String?

    /// Creates a value from each of its properties.
    public init(
        observedAt: Timestamp,
        utcOffsetSeconds: Int? = nil,
        temperature: Double? = nil,
        apparentTemperature: Double? = nil,
        relativeHumidity: Double? = nil,
        precipitation: Double? = nil,
        cloudCover: Double? = nil,
        windSpeed: Double? = nil,
        windDirection: Double? = nil,
        windGusts: Double? = nil,
        pressure: Double? = nil,
        isDay: Bool? = nil,
        code: WMOCode? = nil,
        symbol: String? = nil,
        units: Units = Units(),
        dataInterval: Double? = nil,
        validUntil: Timestamp? = nil,
        lastModified: String? = nil
    ) {
        self.observedAt = observedAt
        self.utcOffsetSeconds = utcOffsetSeconds
        self.temperature = temperature
        self.apparentTemperature = apparentTemperature
        self.relativeHumidity = relativeHumidity
        self.precipitation = precipitation
        self.cloudCover = cloudCover
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.windGusts = windGusts
        self.pressure = pressure
        self.isDay = isDay
        self.code = code
        self.symbol = symbol
        self.units = units
        self.dataInterval = dataInterval
        self.validUntil = validUntil
        self.lastModified = lastModified
    }

    /// The description of the weather code, or "Unknown weather" when no code was sent.
    public var description: String { code?.description ?? "Unknown weather" }

    /// One line for people: "2.0 °C, Slight rain".
    public var summary: String {
        guard let temperature else { return description }
        return "\(NumberFormat.oneDecimal(temperature)) \(units.temperature.symbol), \(description)"
    }
}
