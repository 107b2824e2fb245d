/// What one air quality request asks for (docs/air.md "Request") and what it weighs: the two indices, the
/// sub-indices of the configured scale (which pollutant drives it), four concentrations and the UV index in
/// `current`, the six plants' pollen where CAMS Europe has any, and the day's hourly UV (`forecast_days=1`).
/// OpenMeteo's `AirQualityEndpoint` names the variables; this says how many there are, so that the planner
/// can charge the request before it is made.
public struct AirQualityRequest: Sendable, Hashable {
    /// The location, with coordinates.
    public var location: Location
    /// The scale whose sub-indices are asked for.
    public var scale: AirQualityScale

    /// The request for `location` on `scale`.
    public init(location: Location, scale: AirQualityScale) {
        self.location = location
        self.scale = scale
    }

    /// `european_aqi`, `us_aqi`, `pm2_5`, `pm10`, `ozone`, `nitrogen_dioxide`, `uv_index`.
    public static let baseVariables = 7
    /// `hourly=uv_index`.
    public static let hourlyVariables = 1

    /// Whether the request asks for pollen: only inside CAMS Europe's area, the API answers null elsewhere.
    public var asksPollen: Bool {
        Pollen.covers(latitude: location.latitude, longitude: location.longitude)
    }

    /// How many variables the request asks for, `current` and `hourly` together.
    public var variables: Int {
        Self.baseVariables + AirPollutant.of(scale).count + (asksPollen ? Pollen.Plant.allCases.count : 0)
            + Self.hourlyVariables
    }

    /// The request's weight in tenths of a call, as Open-Meteo counts it (one day, so variables / 10, at
    /// least one call): 1.9 calls on the European scale inside CAMS Europe, 1.3 outside; 2.0 and 1.4 on the
    /// US scale.
    public var weight: Int { Weight.of(variables: variables) }
}
