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

    /// Creates a value from each of its properties.
    public init(
        location: Location,
        status: LocationStatus,
        fetchedAt: Timestamp? = nil,
        nextRefreshAt: Timestamp? = nil,
        weather: Weather? = nil,
        today: DayForecast? = nil,
        forecast: LocationForecast? = nil,
        lastError: ErrorRecord? = nil,
        consecutiveFailures: Int = 0,
        alerts: LocationAlerts? = nil,
        air: AirQuality? = nil
    ) {
        self.location = location
        self.status = status
        self.fetchedAt = fetchedAt
        self.nextRefreshAt = nextRefreshAt
        self.weather = weather
        self.today = today
        self.forecast = forecast
        self.lastError = lastError
        self.consecutiveFailures = consecutiveFailures
        self.alerts = alerts
        self.air = air
    }
}
