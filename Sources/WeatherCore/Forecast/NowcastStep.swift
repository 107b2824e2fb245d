/// One 15-minute step of the nowcast (docs/forecast.md): the precipitation of the 15 minutes ending at `time`.
public struct NowcastStep: Sendable, Hashable {
    /// The end of the 15 minutes (UTC).
    public var time: Timestamp
    /// Precipitation of the 15 minutes, in the configured unit; nil when the API sent null.
    public var precipitation: Double?

    /// Creates a value from each of its properties.
    public init(time: Timestamp, precipitation: Double? = nil) {
        self.time = time
        self.precipitation = precipitation
    }

    /// The length of a step, in seconds.
    public static let length = 900.0
    /// How many steps a request asks for: the next 2 hours (docs/forecast.md, `forecast_minutely_15=9`, the
    /// first being the current quarter hour).
    public static let requested = 9
}
