/// What one air quality request asks for (docs/air.md "Request") and what it weighs: the two indices and four
/// concentrations in `current`, the six plants' pollen there where CAMS Europe has any, and the day's hourly
/// UV (`forecast_days=1`; the current hour's UV is its value at `current.time`, data being hourly). OpenMeteo's
/// `AirQualityEndpoint` names the variables; this says how many there are, so that the planner can charge
/// the request before it is made.
public struct AirQualityRequest: Sendable, Hashable {
    /// The location, with coordinates.
    public var location: Location

    /// The request for `location`.
    public init(location: Location) {
        self.location = location
    }

    /// `european_aqi`, `us_aqi`, `pm2_5`, `pm10`, `ozone`, `nitrogen_dioxide`.
    public static let baseVariables = 6
    /// `hourly=uv_index`.
    public static let hourlyVariables = 1

    /// Whether the request asks for pollen: only inside CAMS Europe's area, the API answers null elsewhere.
    public var asksPollen: Bool {
        Pollen.covers(latitude: location.latitude, longitude: location.longitude)
    }

    /// How many variables the request asks for, `current` and `hourly` together.
    public var variables: Int {
        Self.baseVariables + (asksPollen ? Pollen.Plant.allCases.count : 0) + Self.hourlyVariables
    }

    /// The request's weight in tenths of a call, as Open-Meteo counts it (one day, so variables / 10, at
    /// least one call): 1.3 calls inside CAMS Europe, 1.0 outside. Each variable more, asked every hour for
    /// each place in Europe, is 2.4 calls a day; the defaults with air quality on stay within 600 calls a
    /// day so (bench/README.md, plannerday).
    public var weight: Int { Weight.of(variables: variables) }
}
