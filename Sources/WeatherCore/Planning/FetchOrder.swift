/// One fetch the planner wants sent: which location, with which forecast blocks, and what it costs. At most one is in flight.
public struct FetchOrder: Sendable, Hashable {
    /// Numbers fetches in the order they started.
    public var job: Int
    /// The location as configured; without coordinates it is geocoded first.
    public var location: Location
    /// The units to ask for.
    public var units: Units
    /// The forecast blocks the request carries (docs/forecast.md).
    public var blocks: ForecastBlocks
    /// Whether the location's name must be resolved first (one geocoding request before the forecast).
    public var geocode: Bool { !location.hasCoordinates }
    /// Whether it waited in the queue (logged as its own entry, `WEATHER_QUEUED=1`).
    public var queued: Bool
    /// The rotation index of the tick that started or queued it.
    public var tick: Int
    /// The forecast request's weight in tenths of a call.
    public var weight: Int
    /// When it was counted in the quota ledger, on the API's clock.
    public var chargedAt: Timestamp
    /// When it started, on the uptime clock.
    public var startedUptime: Double
    /// Whether its answer counts towards the two answered requests a location may have within a data
    /// interval (docs/fetching.md): not the first fetch of a location without weather, nor a SIGUSR1's.
    public var guarded: Bool = false
    /// The source asked.
    public var source: WeatherSource = .openMeteo
    /// Whether it asks the location's first source again while a later one serves it (docs/sources.md).
    public var probe: Bool = false
    /// The location's height above sea level in metres, when known (MET Norway's `altitude`).
    public var altitude: Double?
    /// The source's last `Last-Modified` for the location, asked back as `If-Modified-Since`.
    public var ifModifiedSince: String?
    /// The location's offset from UTC, when known (MET Norway's days are cut at it).
    public var utcOffsetSeconds: Int?

    /// What the source is asked.
    public var query: ForecastQuery {
        ForecastQuery(
            location: location,
            units: units,
            blocks: blocks,
            altitude: altitude,
            ifModifiedSince: ifModifiedSince,
            utcOffsetSeconds: utcOffsetSeconds
        )
    }
}
