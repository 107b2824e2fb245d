/// One entry of the state file's `locations`.
public struct LocationState: Sendable, Hashable {
    /// The location.
    public var location: Location
    /// Its status.
    public var status: LocationStatus
    /// When weather was last fetched successfully.
    public var fetchedAt: Timestamp?
    /// The earliest time the location can be fetched; nil when that time has passed.
    public var nextRefreshAt: Timestamp?
    /// The last good weather, if any.
    public var weather: Weather?
    /// The outlook for the location's current local day, if known.
    public var today: DayForecast?
    /// The coming hours, days and nowcast (docs/forecast.md); nil until known or when switched off.
    public var forecast: LocationForecast?
    /// The last failure, cleared by the next success.
    public var lastError: ErrorRecord?
    /// Failed (or "no news") fetches in a row, for the retry delay (an addition: a restart keeps it).
    public var consecutiveFailures: Int = 0
    /// The official warnings (docs/alerts.md); nil when the location has no alert source.
    public var alerts: LocationAlerts?
    /// The weather source serving it (docs/sources.md); nil in a file of an earlier version.
    public var source: WeatherSource?
    /// Since when a later source serves it; nil while the first does.
    public var fallbackSince: Timestamp?
    /// While a later source serves it: when the first is asked again.
    public var firstSourceRetryAt: Timestamp?
    /// A source that refused the location, and until when it is not asked.
    public var sourcePause: SourcePause?
    /// Its height above sea level in metres, when a source said.
    public var elevation: Double?
    /// The air quality, UV and pollen of the last answer (docs/air.md); nil when air quality is off for the
    /// location or not fetched yet.
    public var air: AirQuality?
}

extension LocationState {
    /// A location with its status and nothing else known yet; what is known is set property by property.
    /// (Declared here, apart from the type, so that WeatherCore keeps the memberwise initializer.)
    public init(location: Location, status: LocationStatus) {
        self.location = location
        self.status = status
    }
}
