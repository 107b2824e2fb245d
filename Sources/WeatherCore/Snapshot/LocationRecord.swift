/// What the daemon knows about one location, and when it may be fetched again.
public struct LocationRecord: Sendable, Hashable {
    /// The location, with coordinates once resolved.
    public var location: Location
    /// The location as configured (without coordinates when given by name).
    public private(set) var configured: Location
    /// The last good weather.
    public var weather: Weather?
    /// The source that answered ``weather``: another source's answer replaces it whatever its time (MET
    /// Norway's weather counts as observed when it answered, after the start of Open-Meteo's period).
    var weatherSource: WeatherSource?
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
    /// The sources it is asked from, in order: its own `sources:`, else the configuration's.
    public internal(set) var sources: [WeatherSource]
    /// The source serving it: the first of ``sources``, or a later one after a failover (docs/sources.md).
    public internal(set) var source: WeatherSource
    /// Since when a later source serves it; nil while the first does.
    public internal(set) var fallbackSince: Timestamp?
    /// Failures in a row of ``source``, whatever their class (the failover rule).
    var sourceFailures = 0
    /// While a later source serves it: when the first is asked again (once per its data period).
    public internal(set) var firstSourceRetryAt: Timestamp?
    /// A source that refused the location (403, 429) is not asked for it before this.
    public internal(set) var sourcePause: SourcePause?
    /// Its height above sea level in metres, from the last answer that said (Open-Meteo's `elevation`).
    public internal(set) var elevation: Double?
    /// Its air quality (docs/air.md), whether or not it asks for it now: a reload that turns it off and on
    /// again keeps what is known.
    public internal(set) var air = AirRecord()
    /// When its last two guarded requests were answered, on the uptime clock, oldest first (docs/fetching.md: at
    /// most two answered requests within one data interval).
    var answered: [Double] = []

    /// A location nothing is known about yet, asked from its own sources, else `sources`.
    public init(location: Location, sources: [WeatherSource] = WeatherSource.defaultOrder) {
        self.location = location
        self.configured = location
        self.sources = location.sources ?? sources
        self.source = self.sources.first ?? .openMeteo
    }

    /// Whether a later source serves it.
    public var isOnFallback: Bool { source != sources.first }

    /// The source after the one serving it, if any.
    var nextSource: WeatherSource? {
        guard let index = sources.firstIndex(of: source), index + 1 < sources.count else { return nil }
        return sources[index + 1]
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
    func reconfigured(as other: Location, sources: [WeatherSource]) -> LocationRecord {
        var record = self
        record.configured = other
        if record.sources != sources {
            record.sources = sources
            if !sources.contains(record.source) || record.source == sources.first {
                record.source = sources.first ?? .openMeteo
                record.fallbackSince = nil
                record.firstSourceRetryAt = nil
            }
        }
        record.location =
            other.hasCoordinates || !location.hasCoordinates
            ? other : other.resolved(latitude: location.latitude, longitude: location.longitude)
        return record
    }
}
