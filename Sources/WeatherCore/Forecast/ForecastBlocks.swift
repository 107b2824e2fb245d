/// Which forecast blocks one current-weather request carries (docs/forecast.md "Requests"), and what it weighs.
public struct ForecastBlocks: Sendable, Hashable {
    /// `hourly=…&forecast_hours=N` with N = this (``ForecastSettings/requestedHours``); nil when not asked for.
    public var hours: Int?
    /// `daily=…&forecast_days=N` with N = this; nil when not asked for.
    public var days: Int?
    /// `minutely_15=precipitation&forecast_minutely_15=9`.
    public var nowcast: Bool = false

    /// Creates a value from each of its properties.
    public init(hours: Int? = nil, days: Int? = nil, nowcast: Bool = false) {
        self.hours = hours
        self.days = days
        self.nowcast = nowcast
    }

    /// The current weather alone.
    public static let none = ForecastBlocks()

    /// Variables asked for in `current=` (docs/fetching.md "How").
    public static let currentVariables = 10
    /// Variables asked for in `hourly=`.
    public static let hourlyVariables = 5
    /// Variables asked for in `daily=`.
    public static let dailyVariables = 8
    /// Variables asked for in `minutely_15=`.
    public static let nowcastVariables = 1

    /// How many variables the request asks for.
    public var variables: Int {
        Self.currentVariables + (hours == nil ? 0 : Self.hourlyVariables)
            + (days == nil ? 0 : Self.dailyVariables) + (nowcast ? Self.nowcastVariables : 0)
    }

    /// The request's weight in tenths of a call, as Open-Meteo counts it:
    /// max(1, variables / 10 × max(1, days / 14)), where days is `forecast_days` (7 when not sent);
    /// a fraction of a tenth counts as a whole one.
    public var weight: Int {
        let days = Double(self.days ?? 7)
        let tenths = Double(variables) * max(1, days / 14)
        return max(10, Int(tenths.rounded(.up)))
    }
}
