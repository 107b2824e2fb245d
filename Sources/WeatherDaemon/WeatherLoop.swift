import Logging
import StateStore
import WeatherConfiguration
import WeatherCore

/// The daemon's state and what it does with each event: every tick it rotates to the next location, has
/// a fetch started when the planner says so (or serves the cache), logs one journal entry, writes the
/// state file and tells systemd.
///
/// A state machine in the async-http-client style: `handle(event) -> [Effect]`. One owner, on the main
/// actor, no lock: its ``LoopRunner`` hands it every event in order and carries out what it returns —
/// timers, journal entries, the state file, notify messages at once, in order; durable writes on a thread of
/// the blocking-I/O pool and requests as child tasks, whose ends come back as events. The loop does no
/// I/O itself: it reads and writes no file, sends no request and logs nothing (every journal entry is an
/// effect); it asks for what the previous run left and, on SIGHUP, the configuration as effects, and
/// they come back read, in its events (``PreviousRun``). Its life is ``Lifecycle``: created, starting,
/// running, stopping, stopped. Tests drive the same runner with manual timers (a tick is the tick timer
/// firing) and an injected clock.
///
/// Where each event goes (`take`): the requests to start and to reload in `take` itself; start, reload,
/// watchdog and shutdown in `WeatherLoop+Lifecycle`;
/// ticks, fetches' ends and the state and cache writes' ends in `WeatherLoop+Ticks`; alert polls and their
/// saves in `WeatherLoop+Alerts`; what the previous run left in `WeatherLoop+PreviousState`; the journal
/// entries in `WeatherLoop+Journal`.
@MainActor
public final class WeatherLoop {
    /// What the service needs from the outside world.
    public struct Environment: Sendable {
        /// Builds the weather provider for a configuration (again on reloads that change the API).
        public var makeProvider: @Sendable (Configuration) -> any WeatherProviding
        /// Builds the geocoder for locations configured by name; nil: such locations fail.
        public var makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)?
        /// Builds the poller of the official warnings for a configuration (again on reloads that change
        /// `alerts` or `timeout`); nil: no warnings are polled.
        public var makeAlertPoller: (@Sendable (Configuration) -> any AlertPolling)?
        /// The systemd notifier.
        public var notifier: any ServiceNotifying
        /// The tick source.
        public var ticks: any TickSource
        /// The source of the watchdog's deadlines (every half `WatchdogSec`).
        public var watchdogTicks: any TickSource
        /// Both clocks.
        public var now: @Sendable () -> Moment
        /// Process id, for the state file.
        public var pid: Int
        /// weatherd's version.
        public var version: String
        /// Seeds the spread delays.
        public var seed: UInt64
        /// Reads the configuration again (SIGHUP); the runner calls it when the loop asks
        /// (``Effect/readConfiguration(alertCache:)``).
        public var reloadConfiguration: @Sendable () throws(ConfigError) -> Configuration

        /// Creates a value from each of its properties.
        public init(
            makeProvider: @escaping @Sendable (Configuration) -> any WeatherProviding,
            makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)? = nil,
            makeAlertPoller: (@Sendable (Configuration) -> any AlertPolling)? = nil,
            notifier: any ServiceNotifying,
            ticks: any TickSource,
            watchdogTicks: any TickSource,
            now: @escaping @Sendable () -> Moment,
            pid: Int,
            version: String,
            seed: UInt64,
            reloadConfiguration: @escaping @Sendable () throws(ConfigError) -> Configuration
        ) {
            self.makeProvider = makeProvider
            self.makeGeocoder = makeGeocoder
            self.makeAlertPoller = makeAlertPoller
            self.notifier = notifier
            self.ticks = ticks
            self.watchdogTicks = watchdogTicks
            self.now = now
            self.pid = pid
            self.version = version
            self.seed = seed
            self.reloadConfiguration = reloadConfiguration
        }
    }

    /// What the loop asks its runner (``LoopRunner``) to do: start or stop its timers, and run what must
    /// not run on the loop's thread (requests, durable writes), whose ends come back as events.
    public enum Effect: Sendable {
        /// Tick every `interval`, the first tick at once (replacing the running timer, if any).
        case startTicks(interval: Duration)
        /// A watchdog deadline every `interval`.
        case startWatchdog(interval: Duration)
        /// Stop both timers (stopping).
        case stopTimers
        /// Read what the previous run left (``PreviousRun/read(for:at:)``, at `at`); it comes back at once as
        /// ``ServiceEvent/start(_:)``.
        case readPreviousRun(at: Timestamp)
        /// Read the configuration again, and `alertCache` too when what is read turns alerts on (nil: the
        /// loop holds the warnings already); it comes back at once as ``ServiceEvent/reload(_:alertMemory:)``.
        case readConfiguration(alertCache: AlertCache?)
        /// Tell systemd.
        case notify(ServiceNotification)
        /// One journal entry.
        case log(Logger.Level, String, metadata: Logger.Metadata)
        /// Replace the state file (and the Prometheus textfile at `textfile`) with `snapshot`, without
        /// `fsync` (tmpfs); whether the state file holds it comes back at once as
        /// ``ServiceEvent/stateWritten(_:)``.
        case writeState(StateSnapshot, textfile: String?)
        /// Replace an earlier version's state file, taken over into the cache, with a link to the state file.
        case linkPreviousStateFile(String, to: String, cache: String)
        /// A request (and a geocoding first, when the order says so); its end comes back as ``ServiceEvent/fetched(_:_:)``.
        case fetch(FetchOrder, provider: any WeatherProviding, geocoder: (any GeocodingProviding)?)
        /// A durable write of the cache; its end comes back as ``ServiceEvent/cacheWritten(_:)``.
        /// `sameAsStateFile`: the snapshot is the one of the ``writeState(_:textfile:)`` just before, whose
        /// bytes the cache takes as they are (encoded once, not twice).
        case writeCache(StateSnapshot, to: StateFile, sameAsStateFile: Bool)
        /// A durable write of the cache at start, at once, on the loop's thread: an earlier version's state
        /// file at the path `from` was taken over into `snapshot`. Its end comes back at once as
        /// ``ServiceEvent/tookOver(_:error:)``, before the first state file is written.
        case takeOver(StateSnapshot, into: StateFile, from: String)
        /// A durable write of the places geocoding found (its failure is logged by whoever runs it).
        case saveGeocoding([GeocodingCache.Query: Place], to: GeocodingCache)
        /// Cancel the forecast request in flight and the alert polls (stopping).
        case cancelRequests
        /// An alert poll; its end comes back as ``ServiceEvent/alertsPolled(_:_:)``.
        case pollAlerts(AlertPollOrder, poller: any AlertPolling)
        /// A durable write of what is known of the warnings; its end comes back as
        /// ``ServiceEvent/alertsSaved``.
        case saveAlerts(AlertPlanner.Memory, to: AlertCache)
    }

    let environment: Environment
    let stateFile: StateFile?
    /// The durable cache (nil: none, e.g. tests; the state file is then read back at start).
    let cacheFile: StateFile?
    /// Where an earlier run's state file may be taken over from when there is no cache.
    let previousStateFiles: [String]
    var cacheWriter: CacheWriter?
    let geocodingCache: GeocodingCache?
    /// Where what is known of the warnings survives a restart (beside the cache).
    let alertCache: AlertCache?
    /// systemd's `WatchdogSec` (nil: no watchdog), asked of the notifier once, when the loop is made: it is
    /// the process's environment, fixed for its life.
    let watchdogTimeout: Duration?

    /// The clocks as read when the event being handled arrived: every decision of one event sees one time.
    private(set) var now: Moment
    var configuration: Configuration
    var planner: Planner
    /// Each location's forecast window as the last snapshot showed it, reused while it holds.
    var shownForecasts = ShownForecasts()
    /// Each location's last weather entry, by location id, reused while its location and weather hold.
    var weatherEntries: [String: WeatherEntry] = [:]
    var provider: any WeatherProviding
    var geocoder: (any GeocodingProviding)?
    var places: [GeocodingCache.Query: Place] = [:]
    var alertPlanner: AlertPlanner
    var alertPoller: (any AlertPolling)?
    /// Whether a save of the alerts cache runs, and whether another must follow it.
    var alertSave = (running: false, again: false)
    /// The locations said to have no alert source.
    var noSourceAnnounced: Set<String> = []
    /// Whether the empty `alerts.contact` was said.
    var contactNoticed = false
    /// Whether what the alerts cache held went to the planner (once, when alerts are first on).
    var alertMemoryLoaded = false
    /// What the alerts cache held (read at start or at the reload that turns alerts on), until the planner
    /// takes it.
    var alertMemory = AlertPlanner.Memory()
    var startedAt: Timestamp
    /// When the loop stopped (nil: it runs); the files written from then on say so.
    var stoppedAt: Timestamp?
    var effects: [Effect] = []
    /// The last tick, on the uptime clock.
    var lastTickAt: Double?
    /// An earlier version's state file, taken over, to become a link once the state file is written.
    var pendingLink: String?
    /// Whether the cache write in progress was said to be slow.
    var warnedSlowCacheWrite = false
    /// Where the loop is in its life.
    var lifecycle = Lifecycle.created

    /// A loop's life: created; starting (ticking, `READY=1` not sent until the first state file is
    /// written); running (ready); stopping (ticks stopped, what it started ends on its own); stopped
    /// (nothing it started still runs: its runner can return). A loop stopped before it started goes from
    /// created to stopped at once.
    enum Lifecycle {
        case created
        case starting
        case running
        case stopping
        case stopped
    }

    /// Whether ticks, reloads and watchdog deadlines are carried out (started and not stopping).
    var isTicking: Bool { lifecycle == .starting || lifecycle == .running }

    /// Creates the loop for `configuration`, writing `stateFile` every tick (nil: no state file) and
    /// `cacheFile` when what must survive a restart changes (nil: no cache; the geocoding cache then sits
    /// beside the state file). Without a cache at start, the previous state is taken over from the first
    /// of `previousStateFiles` that holds one (default: the state file).
    public nonisolated init(
        configuration: Configuration,
        stateFile: StateFile?,
        cacheFile: StateFile? = nil,
        previousStateFiles: [String]? = nil,
        environment: Environment
    ) {
        self.configuration = configuration
        self.stateFile = stateFile
        self.cacheFile = cacheFile
        self.previousStateFiles = previousStateFiles ?? stateFile.map { [$0.path] } ?? []
        self.environment = environment
        self.watchdogTimeout = environment.notifier.watchdogTimeout
        self.provider = environment.makeProvider(configuration)
        self.geocoder = environment.makeGeocoder?(configuration)
        self.geocodingCache = (cacheFile ?? stateFile).map { GeocodingCache(besideCache: $0) }
        self.alertCache = (cacheFile ?? stateFile).map { AlertCache(besideCache: $0) }
        self.alertPoller = configuration.alerts.enabled ? environment.makeAlertPoller?(configuration) : nil
        self.alertPlanner = AlertPlanner(seed: environment.seed)
        self.planner = Planner(
            locations: configuration.locations,
            settings: configuration.plannerSettings,
            seed: environment.seed
        )
        self.now = environment.now()
        self.startedAt = now.wall
        self.cacheWriter = cacheFile.map { CacheWriter(file: $0) }
    }

    /// Carries out one event; returns what it asks its runner to do, in order.
    public func handle(_ event: ServiceEvent) -> [Effect] {
        defer { effects.removeAll() }
        now = environment.now()
        take(event)
        stopIfIdle()
        return effects
    }

    private func take(_ event: ServiceEvent) {
        switch event {
        case .startRequested:
            if lifecycle == .created { effects.append(.readPreviousRun(at: now.wall)) }
        case .start(let previous):
            start(previous)
        case .tick(let missed):
            tick(missed: missed)
        case .watchdog:
            pingWatchdog()
        case .reloadRequested:
            if isTicking { effects.append(.readConfiguration(alertCache: alertMemoryLoaded ? nil : alertCache)) }
        case .reload(let read, let memory):
            reload(read, alertMemory: memory)
        case .refreshRequested:
            refreshAll()
        case .fetched(let order, let outcome):
            finish(order, outcome: outcome)
        case .cacheWritten(let error):
            cacheWritten(error)
        case .tookOver(let path, let error):
            tookOver(path, error: error)
        case .stateWritten(let written):
            stateWritten(written)
        case .alertsPolled(let order, let outcome):
            finishAlertPoll(order, outcome)
        case .alertsSaved:
            alertsSaved()
        case .shutdown:
            stop()
        }
    }

    /// Asks for one journal entry.
    func journal(_ level: Logger.Level, _ message: String, metadata: Logger.Metadata = [:]) {
        effects.append(.log(level, message, metadata: metadata))
    }

    /// Asks for a notification to systemd.
    func notify(_ notification: ServiceNotification) {
        effects.append(.notify(notification))
    }

    /// Stopping becomes stopped once nothing the loop started still runs: no fetch or alert poll in
    /// flight, no cache or alerts cache write.
    private func stopIfIdle() {
        guard lifecycle == .stopping, planner.inFlight == nil, cacheWriter?.isIdle ?? true,
            !alertPlanner.isPolling, !alertSave.running
        else { return }
        lifecycle = .stopped
    }

    /// Whether the loop has stopped and nothing it started still runs: its owner can return.
    public var isFinished: Bool { lifecycle == .stopped }
}

/// What happens to a running ``WeatherLoop``, in the order it happens.
public enum ServiceEvent: Sendable {
    /// The service starts: read what the previous run left (once).
    case startRequested
    /// Restore what the previous run left (read by the runner: ``WeatherLoop/Effect/readPreviousRun(at:)``),
    /// write the first state file, start the timers.
    case start(PreviousRun)
    /// A tick, after `missed` ticks the process could not run (skipped, not replayed: docs/fetching.md).
    case tick(missed: Int)
    /// A watchdog deadline: ping if ticks keep coming.
    case watchdog
    /// SIGHUP: read the configuration again (while ticking).
    case reloadRequested
    /// The configuration read again by the runner (``WeatherLoop/Effect/readConfiguration(alertCache:)``), or
    /// why it was refused; with the alerts cache when that configuration turns alerts on for the first time.
    case reload(Result<Configuration, ConfigError>, alertMemory: AlertPlanner.Memory?)
    /// SIGUSR1: every location is due at once.
    case refreshRequested
    /// A fetch ended.
    case fetched(FetchOrder, FetchOutcome)
    /// A durable write of the cache ended (nil: written).
    case cacheWritten(FileSystemError?)
    /// The cache write at start that took over the earlier state file at the path ended (nil: written).
    case tookOver(String, error: FileSystemError?)
    /// A state write ended: whether the state file holds the snapshot.
    case stateWritten(Bool)
    /// An alert poll ended.
    case alertsPolled(AlertPollOrder, AlertPollOutcome)
    /// A durable write of the alerts cache ended (its failure logged by whoever ran it).
    case alertsSaved
    /// Graceful shutdown: stop ticking, cancel the fetch, write the final state.
    case shutdown
}
