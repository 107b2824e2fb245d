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
    /// The fetch deadline in seconds (an addition to the SPEC's fields, for `weatherd status`).
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
    /// Successful fetches.
    public var fetchesOK: Int
    /// Failed fetches.
    public var fetchesFailed: Int
    /// API requests sent since start (forecast and geocoding).
    public var requests: Int
    /// No request goes to the API before this time; nil when not paused.
    public var backoffUntil: Timestamp?
    /// The weighted calls counted in the current UTC minute, hour and day.
    public var quota: QuotaReport

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
        fetchesOK: Int = 0,
        fetchesFailed: Int = 0,
        requests: Int = 0,
        backoffUntil: Timestamp? = nil,
        quota: QuotaReport? = nil
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
        self.fetchesOK = fetchesOK
        self.fetchesFailed = fetchesFailed
        self.requests = requests
        self.backoffUntil = backoffUntil
        self.quota = quota ?? QuotaReport(QuotaLedger(), limits: .none, at: startedAt)
    }
}
