/// The daemon's counters since start (docs/state-file.md): `ticks` = `ticks_fetched` + `ticks_skipped` +
/// `ticks_from_cache`.
public struct Counters: Sendable, Hashable {
    /// Ticks so far.
    public var ticks = 0
    /// Ticks that started a fetch.
    public var ticksFetched = 0
    /// Ticks whose due fetch found another one running.
    public var ticksSkipped = 0
    /// Ticks that served the cached weather.
    public var ticksFromCache = 0
    /// Ticks skipped because the process could not run at their time (not in `ticks`).
    public var ticksMissed = 0
    /// Successful fetches.
    public var fetchesOK = 0
    /// Failed fetches.
    public var fetchesFailed = 0
    /// API requests sent to Open-Meteo and the later sources: forecast, geocoding and air quality.
    public var requests = 0
    /// Weather requests sent to each source.
    public var sourceRequests: [WeatherSource: Int] = [:]

    /// All zero.
    public init() {}
}
