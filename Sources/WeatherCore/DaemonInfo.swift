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
    /// Ticks so far.
    public var ticks: Int
    /// Ticks skipped because the previous fetch was still running.
    public var ticksSkipped: Int
    /// Successful fetches.
    public var fetchesOK: Int
    /// Failed fetches.
    public var fetchesFailed: Int
    /// Ticks served from cached data during a backoff (an addition; with the three counters above it
    /// adds up to `ticks`).
    public var ticksFromCache: Int
    /// No request goes to the API before this time; nil when not paused.
    public var backoffUntil: Timestamp?

    /// Creates the daemon record.
    public init(
        pid: Int,
        version: String,
        startedAt: Timestamp,
        intervalSeconds: Double,
        timeoutSeconds: Double,
        staleAfterSeconds: Double,
        ticks: Int = 0,
        ticksSkipped: Int = 0,
        fetchesOK: Int = 0,
        fetchesFailed: Int = 0,
        ticksFromCache: Int = 0,
        backoffUntil: Timestamp? = nil
    ) {
        self.pid = pid
        self.version = version
        self.startedAt = startedAt
        self.intervalSeconds = intervalSeconds
        self.timeoutSeconds = timeoutSeconds
        self.staleAfterSeconds = staleAfterSeconds
        self.ticks = ticks
        self.ticksSkipped = ticksSkipped
        self.fetchesOK = fetchesOK
        self.fetchesFailed = fetchesFailed
        self.ticksFromCache = ticksFromCache
        self.backoffUntil = backoffUntil
    }
}
