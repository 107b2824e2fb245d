/// One entry of the state file's `locations`.
public struct LocationState: Sendable, Hashable {
    /// The location.
    public var location: Location
    /// Its status.
    public var status: LocationStatus
    /// When weather was last fetched successfully.
    public var fetchedAt: Timestamp?
    /// The last good weather, if any.
    public var weather: Weather?
    /// The last failure, cleared by the next success.
    public var lastError: ErrorRecord?

    /// Creates a location entry.
    public init(
        location: Location,
        status: LocationStatus,
        fetchedAt: Timestamp? = nil,
        weather: Weather? = nil,
        lastError: ErrorRecord? = nil
    ) {
        self.location = location
        self.status = status
        self.fetchedAt = fetchedAt
        self.weather = weather
        self.lastError = lastError
    }
}
