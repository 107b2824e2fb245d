/// Everything the state file holds (SPEC §6, schema_version 1). Pure data; encoding lives in StateStore.
public struct StateSnapshot: Sendable, Hashable {
    /// The schema version this model writes.
    public static let currentSchemaVersion = 1

    /// The schema version of the file.
    public var schemaVersion: Int
    /// When the file was written.
    public var generatedAt: Timestamp
    /// The writing daemon.
    public var daemon: DaemonInfo
    /// The id of the location the last tick showed.
    public var currentLocation: String?
    /// The index *k* of the last tick that showed a location.
    public var rotationIndex: Int?
    /// Every configured location, in configuration order.
    public var locations: [LocationState]

    /// Creates a snapshot.
    public init(
        schemaVersion: Int = StateSnapshot.currentSchemaVersion,
        generatedAt: Timestamp,
        daemon: DaemonInfo,
        currentLocation: String?,
        rotationIndex: Int?,
        locations: [LocationState]
    ) {
        self.schemaVersion = schemaVersion
        self.generatedAt = generatedAt
        self.daemon = daemon
        self.currentLocation = currentLocation
        self.rotationIndex = rotationIndex
        self.locations = locations
    }
}

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

/// One entry of the state file's `locations`.
public struct LocationState: Sendable, Hashable {
    /// The location.
    public var location: Location
    /// Its status.
    public var status: LocationStatus
    /// When weather was last fetched successfully.
    public var fetchedAt: Timestamp?
    /// The last good weather, if any.
    public var weather: Weather?
    /// The last failure, cleared by the next success.
    public var lastError: ErrorRecord?

    /// Creates a location entry.
    public init(
        location: Location,
        status: LocationStatus,
        fetchedAt: Timestamp? = nil,
        weather: Weather? = nil,
        lastError: ErrorRecord? = nil
    ) {
        self.location = location
        self.status = status
        self.fetchedAt = fetchedAt
        self.weather = weather
        self.lastError = lastError
    }
}
