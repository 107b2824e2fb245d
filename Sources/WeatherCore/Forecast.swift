/// What one forecast request brings: the current weather and, when asked for, the day's outlook.
public struct Forecast: Sendable, Hashable {
    /// The current weather.
    public var weather: Weather
    /// The outlook for the location's current local day; nil when not asked for.
    public var today: Today?
    /// The API's clock minus the host's, from the response's `Date` (plus `Age`); nil without one.
    public var apiClockSample: Double?

    /// A forecast.
    public init(weather: Weather, today: Today? = nil) {
        self.weather = weather
        self.today = today
    }

    /// Variables asked for in `current=` (SPEC §4 "How").
    public static let currentVariables = 10
    /// Variables asked for in `daily=` when the day's outlook is wanted.
    public static let dailyVariables = 6

    /// The weight of a request, in tenths of a call: 1 call for `current` alone, 1.6 with `daily`.
    public static func weight(includingToday: Bool) -> Int {
        Weight.of(variables: currentVariables + (includingToday ? dailyVariables : 0))
    }

    /// The weight of a geocoding request, in tenths of a call.
    public static let geocodingWeight = Weight.of(variables: 1)
}
