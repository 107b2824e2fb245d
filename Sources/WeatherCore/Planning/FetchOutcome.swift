/// How a fetch ended, as the daemon reports it to the planner.
public struct FetchOutcome: Sendable, Hashable {
    /// The source's answer, or why there is none.
    public var result: Result<ForecastAnswer, FetchError>
    /// The place geocoding found on the way, if the location was resolved by name.
    public var place: Place?
    /// Whether the forecast request was sent (false when resolving the location's name failed first).
    public var forecastSent: Bool = true
    /// How long it took.
    public var elapsed: Duration
    /// The API's clock minus the host's, from the last answered request's `Date` (plus `Age`); nil
    /// without an answer or without a `Date`.
    public var apiClockSample: Double?

    /// Creates a value from each of its properties.
    public init(
        result: Result<ForecastAnswer, FetchError>,
        place: Place? = nil,
        forecastSent: Bool = true,
        elapsed: Duration,
        apiClockSample: Double? = nil
    ) {
        self.result = result
        self.place = place
        self.forecastSent = forecastSent
        self.elapsed = elapsed
        self.apiClockSample = apiClockSample
    }
}
