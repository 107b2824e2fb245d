/// Something the planner noticed that the daemon logs (docs/journal.md lifecycle entries).
public enum PlannerEvent: Sendable, Hashable {
    /// Requests are paused after a 429 or 503, until `until`; `reason` is the error's message;
    /// `clampedRetryAfter` the `Retry-After` (seconds) the cause's limit cut short, if it did.
    case backoffBegan(until: Timestamp, cause: FetchErrorKind, reason: String, clampedRetryAfter: Double? = nil)
    /// A pause read at start lay beyond its cause's limit, or had no cause: dropped.
    case pauseDropped(until: Timestamp, cause: PauseCause?)
    /// The API's clock differs from the host's by this many seconds (beyond ±30 s; once, and again when
    /// it moves by more than 30 s).
    case apiClockOffset(seconds: Double)
    /// A pause ended: requests resume.
    case backoffEnded
    /// A quota window is full: no request until it resets (once per window).
    case quotaWindowFull(QuotaWindow, used: Double, limit: Double, until: Timestamp)
    /// The wall clock stepped by this many seconds (NTP at boot, a manual change).
    case clockStepped(seconds: Double)
    /// A response's `current.interval` lay outside 60 s–3 h; 900 s is used (once per location).
    case unusualDataInterval(location: String, seconds: Double)
    /// A location's nowcast turned from dry to rain (or snow) due within 30 minutes: once per episode.
    case rainSoon(location: Location, summary: NowcastSummary)
    /// A location's nowcast read dry for its whole window again: the episode ended (not logged).
    case rainEnded(location: String)
    /// A forecast block was dropped as bad input (once per condition); `reason` says which and why.
    case forecastBlockDropped(location: Location, reason: String)
    /// A location moved to a later source because its source failed in a way that would not heal before it
    /// turned stale (docs/sources.md); `reason` says how.
    case sourceChanged(location: Location, from: WeatherSource, to: WeatherSource, reason: String)
    /// A location's first source answered again: it is back on it.
    case sourceReturned(location: Location, from: WeatherSource, to: WeatherSource)
    /// The first source, asked again while a later one serves the location, failed again: it stays.
    case firstSourceStillFailing(location: Location, source: WeatherSource, reason: String)
    /// A source refused the location (403, 429): not asked for it before `until`.
    case sourcePaused(location: Location, source: WeatherSource, until: Timestamp, reason: String)
    /// A source said its product is deprecated or in beta (MET Norway's 203): once per source.
    case deprecatedProduct(WeatherSource)
    /// A source that answers in UTC cuts the location's days in UTC: no offset is known for it yet.
    case noUTCOffset(location: Location, source: WeatherSource)
    /// A location's air entered poor or worse on the configured scale (`reading.level.isPoorOrWorse`), or
    /// left it: one event each way (docs/air.md).
    case airLevelChanged(location: Location, reading: AirQualityReading)
    /// The air quality requests pause after a 429 or 503 of theirs, until `until`.
    case airPaused(until: Timestamp, reason: String)
}

extension PlannerEvent {
    /// Whether the event changes what a restart must know (docs/state-file.md): a pause's start, end or drop, or
    /// a rain episode's start or end.
    public var changesDurableState: Bool {
        switch self {
        case .backoffBegan, .backoffEnded, .pauseDropped, .rainSoon, .rainEnded, .sourceChanged, .sourceReturned,
            .sourcePaused:
            true
        default: false
        }
    }
}
