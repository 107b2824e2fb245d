extension LocationState {
    /// The unit of the location's precipitation values: its weather's (mm when it has none).
    public var precipitationUnit: PrecipitationUnit { weather?.units.precipitation ?? .mm }

    /// The nowcast summed up at `apiNow` (the API's clock); nil without a step still coming.
    public func nowcastSummary(at apiNow: Timestamp) -> NowcastSummary? {
        guard let forecast else { return nil }
        return NowcastSummary(steps: forecast.nowcast, hourly: forecast.hourly, unit: precipitationUnit, at: apiNow)
    }
}
