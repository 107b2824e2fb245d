/// What the daemon knows about one location, and when it may be fetched again.
public struct LocationRecord: Sendable, Hashable {
    /// The location, with coordinates once resolved.
    public var location: Location
    /// The location as configured (without coordinates when given by name).
    public private(set) var configured: Location
    /// The last good weather.
    public var weather: Weather?
    /// The coming hours, days and nowcast, each block as last fetched (docs/forecast.md).
    public var forecast = LocationForecast()
    /// The outlook for the location's local day: the first day of the forecast.
    public var today: DayForecast? { forecast.daily.first }
    /// When weather was last fetched successfully.
    public var fetchedAt: Timestamp?
    /// When the last successful fetch started (for `refresh: <duration>`): on the uptime clock, or the
    /// wall-clock `fetchedAt` of a previous run.
    var refreshedAt: Deadline?
    /// The last failure, cleared by a success.
    public var lastError: ErrorRecord?
    /// Failed (or "no news") fetches in a row: k of the retry delay.
    public var failures = 0
    /// Not due before this (after a failure or "no news").
    var retryAt: Deadline?
    /// The spread delay of the current data period, in seconds.
    var spread: Double = 0
    /// Due at once (SIGUSR1), whatever its due time.
    var forced = false
    /// When its last two guarded requests were answered, on the uptime clock, oldest first (docs/fetching.md: at
    /// most two answered requests within one data interval).
    var answered: [Double] = []

    /// A location nothing is known about yet.
    public init(location: Location) {
        self.location = location
        self.configured = location
    }

    /// Whether this record's weather may be served for the configured location `other` in `units`: the
    /// same id, the same coordinates (or the same name query for a location given by name) and units.
    func canServe(_ other: Location, units: Units) -> Bool {
        configured.id == other.id && configured.hasCoordinates == other.hasCoordinates
            && configured.isSamePlace(as: other) && (weather?.units ?? units) == units
    }

    /// Whether `order` fetched this location as it is now configured.
    func isTarget(of order: FetchOrder, units: Units) -> Bool {
        configured.id == order.location.id && order.units == units && configured.isSamePlace(as: order.location)
            && (!configured.hasCoordinates || order.location.hasCoordinates)
    }

    /// This record for `other`, the same place as now configured (a new name keeps the data): a place
    /// found by name keeps its coordinates.
    func reconfigured(as other: Location) -> LocationRecord {
        var record = self
        record.configured = other
        record.location =
            other.hasCoordinates || !location.hasCoordinates
            ? other : other.resolved(latitude: location.latitude, longitude: location.longitude)
        return record
    }
}
