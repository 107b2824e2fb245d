/// The `daemon` object of the state file.
public struct DaemonInfo: Sendable, Hashable {
    /// Process id.
    public var pid: Int
    /// weatherd's version.
    public var version: String
    /// When the daemon started.
    public var startedAt: Timestamp
    /// The rotation period in seconds.
    public var intervalSeconds: Double
    /// The fetch deadline in seconds (an addition to the first schema's fields, for `weatherd status`).
    public var timeoutSeconds: Double
    /// The staleness threshold in seconds (an addition).
    public var staleAfterSeconds: Double
    /// The refresh policy as configured: `auto`, `every_tick` or a duration.
    public var refresh: String
    /// Ticks so far: ``ticksFetched`` + ``ticksSkipped`` + ``ticksFromCache``.
    public var ticks: Int
    /// Ticks that started a fetch.
    public var ticksFetched: Int
    /// Ticks whose due fetch found another one running (and was queued).
    public var ticksSkipped: Int
    /// Ticks that served the cached weather.
    public var ticksFromCache: Int
    /// Ticks skipped, not replayed, because the process could not run at their time (docs/fetching.md):
    /// `rotation_index` + 1 = `ticks` + `ticks_missed`.
    public var ticksMissed: Int
    /// Successful fetches.
    public var fetchesOK: Int
    /// Failed fetches.
    public var fetchesFailed: Int
    /// API requests sent since start (forecast and geocoding).
    public var requests: Int
    /// No request goes to the API before this time; nil when not paused.
    public var backoffUntil: Timestamp?
    /// Why requests are paused (an addition: the durable state keeps a pause's cause); nil when not.
    public var backoffCause: PauseCause?
    /// The weighted calls counted in the current UTC minute, hour and day.
    public var quota: QuotaReport
    /// The API's clock minus the host's, in seconds (docs/fetching.md; 0 until a response carried a `Date`).
    public var apiClockOffsetSeconds: Double?
    /// The samples the offset is the median of, oldest first (an addition, kept across restarts).
    public var apiClockSamples: [Double]?
    /// The `display` settings (docs/forecast.md), for readers that cannot read the configuration; nil in files of
    /// earlier versions.
    public var display: DisplaySettings?
    /// Where the daemon's durable cache is (docs/state-file.md), so that a reader given the state file
    /// alone finds the alerts cache beside it; nil without a cache, and in files of earlier versions.
    public var cacheFile: String?
    /// Locations whose rain episode has been announced (docs/forecast.md "Nowcast"), kept across restarts.
    public var rainEpisodes: [String]?
    /// Weather requests sent to each source since start (docs/sources.md); nil before any.
    public var sourceRequests: [WeatherSource: Int]?
    /// When the daemon stopped (SIGTERM, SIGINT), in the files written from then on; nil while it runs. A
    /// cache without it was left by a run that did not stop (docs/state-file.md "The durable cache").
    public var stoppedAt: Timestamp?

    /// The API's clock as this record left it: its samples, else its offset alone (none: the host's).
    public var apiClock: APIClock {
        APIClock(samples: apiClockSamples ?? apiClockOffsetSeconds.map { [$0] } ?? [])
    }

    /// Creates the daemon record.
    public init(
        pid: Int,
        version: String,
        startedAt: Timestamp,
        intervalSeconds: Double,
        timeoutSeconds: Double,
        staleAfterSeconds: Double,
        refresh: String = "auto",
        ticks: Int = 0,
        ticksFetched: Int = 0,
        ticksSkipped: Int = 0,
        ticksFromCache: Int = 0,
        ticksMissed: Int = 0,
        fetchesOK: Int = 0,
        fetchesFailed: Int = 0,
        requests: Int = 0,
        backoffUntil: Timestamp? = nil,
        backoffCause: PauseCause? = nil,
        quota: QuotaReport? = nil,
        apiClockOffsetSeconds: Double? = nil,
        apiClockSamples: [Double]? = nil
    ) {
        self.pid = pid
        self.version = version
        self.startedAt = startedAt
        self.intervalSeconds = intervalSeconds
        self.timeoutSeconds = timeoutSeconds
        self.staleAfterSeconds = staleAfterSeconds
        self.refresh = refresh
        self.ticks = ticks
        self.ticksFetched = ticksFetched
        self.ticksSkipped = ticksSkipped
        self.ticksFromCache = ticksFromCache
        self.ticksMissed = ticksMissed
        self.fetchesOK = fetchesOK
        self.fetchesFailed = fetchesFailed
        self.requests = requests
        self.backoffUntil = backoffUntil
        self.backoffCause = backoffCause
        self.apiClockOffsetSeconds = apiClockOffsetSeconds
        self.apiClockSamples = apiClockSamples
        self.quota = quota ?? QuotaReport(QuotaLedger(), limits: .none, at: startedAt)
    }
}
