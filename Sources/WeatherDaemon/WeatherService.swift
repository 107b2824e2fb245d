import Dispatch
import Logging
import ServiceLifecycle
import StateStore
import WeatherCore

/// The daemon (SPEC §4, §7, §8): every tick it rotates to the next location, fetches its weather when
/// the planner says so (or serves the cache), logs one journal entry, writes the state file and tells
/// systemd. A swift-service-lifecycle `Service`: `run()` starts it and stops it on graceful shutdown.
///
/// An actor: the one owner of the mutable state. Its executor is the serial queue its Dispatch timers
/// (ticks, watchdog) fire on, so a tick enters it without a hop. The decisions are the ``Planner``'s;
/// this type carries them out: fetch tasks, journal entries, the state file, `sd_notify`.
public actor WeatherService: Service {
    /// What the service needs from the outside world.
    public struct Environment: Sendable {
        /// Builds the weather provider for a configuration (again on reloads that change the API).
        public var makeProvider: @Sendable (Configuration) -> any WeatherProviding
        /// Builds the geocoder for locations configured by name; nil: such locations fail.
        public var makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)?
        /// The systemd notifier.
        public var notifier: any ServiceNotifying
        /// The tick source.
        public var ticks: any TickSource
        /// Both clocks.
        public var now: @Sendable () -> Moment
        /// Process id, for the state file.
        public var pid: Int
        /// weatherd's version.
        public var version: String
        /// Seeds the spread delays.
        public var seed: UInt64

        /// Creates an environment.
        public init(
            makeProvider: @escaping @Sendable (Configuration) -> any WeatherProviding,
            makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)? = nil,
            notifier: any ServiceNotifying,
            ticks: any TickSource,
            now: @escaping @Sendable () -> Moment,
            pid: Int,
            version: String,
            seed: UInt64
        ) {
            self.makeProvider = makeProvider
            self.makeGeocoder = makeGeocoder
            self.notifier = notifier
            self.ticks = ticks
            self.now = now
            self.pid = pid
            self.version = version
            self.seed = seed
        }
    }

    /// The executor the actor runs on: the queue of its timers.
    public nonisolated let executor = QueueExecutor(label: "weatherd.ticks")
    /// Runs the actor on ``executor``.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let environment: Environment
    let logger: Logger
    let stateFile: StateFile?
    /// The durable cache (nil: none, e.g. tests; the state file is then read back at start).
    let cacheFile: StateFile?
    /// Where an earlier run's state file may be taken over from when there is no cache.
    let previousStateFiles: [String]
    /// The state file and the textfile, rewritten every tick on this queue.
    var output: StateOutput?
    let cacheWriter: CacheWriter?
    let geocodingCache: GeocodingCache?

    var configuration: Configuration
    var planner: Planner
    var provider: any WeatherProviding
    var geocoder: (any GeocodingProviding)?
    var places: [GeocodingCache.Query: Place] = [:]
    var startedAt: Timestamp
    /// The fetch in flight and its task.
    var fetchTask: Task<Void, Never>?
    var cacheWriterTask: Task<Void, Never>?
    var watchdogTimer: (any DispatchSourceTimer)?
    var ticker: (any Ticker)?
    var lastTickAt: ContinuousClock.Instant?
    var sentReady = false
    /// An earlier version's state file, taken over, to become a link once the state file is written.
    var pendingLink: String?
    /// Whether the cache write in progress was said to be slow.
    var warnedSlowCacheWrite = false
    var started = false
    var stopping = false

    /// Creates a service for `configuration`, writing `stateFile` every tick (nil: no state file, e.g.
    /// tests) and `cacheFile` when what must survive a restart changes (nil: no cache; the geocoding cache
    /// then sits beside the state file). Without a cache at start, the previous state is taken over from
    /// the first of `previousStateFiles` that holds one (default: the state file).
    public init(
        configuration: Configuration,
        stateFile: StateFile?,
        cacheFile: StateFile? = nil,
        previousStateFiles: [String]? = nil,
        environment: Environment,
        logger: Logger
    ) {
        self.configuration = configuration
        self.stateFile = stateFile
        self.cacheFile = cacheFile
        self.previousStateFiles = previousStateFiles ?? stateFile.map { [$0.path] } ?? []
        self.environment = environment
        self.logger = logger
        self.provider = environment.makeProvider(configuration)
        self.geocoder = environment.makeGeocoder?(configuration)
        self.geocodingCache = (cacheFile ?? stateFile).map { GeocodingCache(besideCache: $0) }
        self.planner = Planner(
            locations: configuration.locations,
            settings: configuration.plannerSettings,
            seed: environment.seed
        )
        self.startedAt = environment.now().wall
        self.output = stateFile.map {
            StateOutput(file: $0, textfile: configuration.prometheusTextfile, logger: logger)
        }
        self.cacheWriter = cacheFile.map { CacheWriter(file: $0, logger: logger) }
    }

    // MARK: - Service

    /// Starts the daemon, runs it until graceful shutdown (SIGTERM/SIGINT through a `ServiceGroup`), then
    /// stops it.
    public func run() async throws {
        start()
        try? await gracefulShutdown()
        await stop()
    }
}
