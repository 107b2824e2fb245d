/// The `forecast` section of the configuration (weatherd.conf(5), docs/forecast.md): which parts of the forecast ride on the
/// current-weather requests.
public struct ForecastSettings: Sendable, Hashable {
    /// The next hours (0 = off).
    public var hours: Int = 24
    /// The next days, today first.
    public var days: Int = 7
    /// Whether the 15-minute nowcast is on.
    public var nowcast: Bool = true

    /// Creates a value from each of its properties.
    public init(hours: Int = 24, days: Int = 7, nowcast: Bool = true) {
        self.hours = hours
        self.days = days
        self.nowcast = nowcast
    }

    /// The allowed hours.
    public static let hourRange = 0...48
    /// The allowed days.
    public static let dayRange = 1...16

    /// The hours a request asks for (`forecast_hours`), nil when the hours are off: one more than shown,
    /// because the block is asked for once an hour while the shown window slides with the clock, so the
    /// hour that passes until the next request still leaves `hours` coming ones.
    public var requestedHours: Int? {
        hours > 0 ? hours + 1 : nil
    }

    /// Every block these settings want, as a first request of a location carries them.
    public var everyBlock: ForecastBlocks {
        ForecastBlocks(hours: requestedHours, days: days, nowcast: nowcast)
    }
}
