/// Fetches the air quality of one location (docs/air.md). Implementations throw only ``FetchError`` and end
/// soon when their task is cancelled.
public protocol AirQualityProviding: Sendable {
    /// The air quality, UV and pollen of `location` (with coordinates) for the current hour.
    func airQuality(at location: Location) async throws(FetchError) -> AirQualityAnswer
}

/// An answer of the air quality API.
public struct AirQualityAnswer: Sendable, Hashable {
    /// The values of the current hour.
    public var airQuality: AirQuality
    /// The API's clock minus the host's, from the answer's `Date` (plus `Age`); nil without one.
    public var apiClockSample: Double?
    /// The data interval in seconds, the answer's `current.interval` (Open-Meteo: 3600, CAMS being hourly);
    /// nil when not sent.
    public var dataInterval: Double?
    /// Parts of the answer dropped as bad input (the hourly UV of the day), one sentence each, for the
    /// journal; the rest of the answer is used.
    public var droppedBlocks: [String]

    /// Creates a value from each of its properties.
    public init(
        airQuality: AirQuality,
        apiClockSample: Double? = nil,
        dataInterval: Double? = nil,
        droppedBlocks: [String] = []
    ) {
        self.airQuality = airQuality
        self.apiClockSample = apiClockSample
        self.dataInterval = dataInterval
        self.droppedBlocks = droppedBlocks
    }
}
