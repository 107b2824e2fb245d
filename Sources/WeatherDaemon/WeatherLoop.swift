import Logging
import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

/// The daemon's state and what it does with each event, as a value: `handle(event, at: now) -> [Effect]`.
///
/// Every tick it rotates to the next location, asks for a fetch when the ``Planner`` says so (or serves
/// what it holds), asks for one journal entry and for the state file; every fetch, alert poll and durable
/// write that ends comes back as an event. The time comes in with each event; the loop reads no clock,
/// holds no client, file or logger, and does no I/O: its effects are plain data that name locations, feeds
/// and files by value, so a behaviour is a table of events in and effects out
/// (`Tests/WeatherDaemonTests/LoopTable*`). Its runner (``LoopRunner``) owns the live objects, reads what
/// the previous run left and the configuration before it hands them over, and carries the effects out.
///
/// Its life (``Lifecycle``): created, running (from ``Event/start(_:)``), stopping (from
/// ``Event/shutdown``: no more ticks; what it started still ends), stopped (nothing it started still
/// runs: the last effect it returns is ``Effect/finished``).
///
/// Where each event goes: start, reload, watchdog and shutdown in `WeatherLoop+Lifecycle`; ticks, fetches'
/// ends and the outputs in `WeatherLoop+Ticks`; the durable files in `WeatherLoop+Durable`; alert polls in
/// `WeatherLoop+Alerts`; what the previous run left in `WeatherLoop+PreviousState`; the journal entries in
/// `WeatherLoop+Journal`.
public struct WeatherLoop: Sendable {
    /// What the loop knows of its process, fixed for its life.
    public struct Identity: Sendable, Hashable {
        /// Process id, for the state file.
        public var pid: Int
        /// weatherd's version.
        public var version: String
        /// The files, named in the journal and the state file.
        public var files: DaemonFiles
        /// systemd's `WatchdogSec` (nil: no watchdog).
        public var watchdogTimeout: Duration?
    }

    /// Where the loop is in its life.
    public enum Lifecycle: Sendable, Hashable {
        /// Made, not started.
        case created
        /// Ticking.
        case running
        /// Stopped ticking at `since`; what it started still runs.
        case stopping(since: Timestamp)
        /// Nothing it started still runs.
        case stopped
    }

    let identity: Identity
    let seed: UInt64
    var configuration: Configuration
    var planner: Planner
    var alertPlanner: AlertPlanner
    /// Each location's forecast window as the last snapshot showed it, reused while it holds.
    var shownForecasts = ShownForecasts()
    /// Each location's last weather entry, by location id, reused while its location and weather hold.
    var weatherEntries: [String: WeatherEntry] = [:]
    /// The places geocoding found, by what was asked.
    var places: [GeocodingCache.Query: Place] = [:]
    /// The locations said to have no alert source.
    var noSourceAnnounced: Set<String> = []
    /// Whether an empty `contact` was said for the alert sources, and for the weather sources.
    var contactNoticed = false
    var sourceContactNoticed = false
    /// When the loop started.
    var startedAt = Timestamp(secondsSinceEpoch: 0)
    /// Where the loop is in its life.
    public internal(set) var lifecycle = Lifecycle.created
    /// The last tick, on the uptime clock.
    var lastTickAt: Double?
    /// An earlier version's state file, taken over, to become a link once the cache holds its data.
    var pendingLink: String?
    /// The writes of the durable files, one at a time each.
    var cacheWrites = DurableWrites<StateSnapshot>()
    var alertsWrites = DurableWrites<AlertPlanner.Memory>()
    var placesWrites = DurableWrites<[GeocodingCache.Query: Place]>()
    /// Whether the cache write in progress was said to be slow.
    var warnedSlowCacheWrite = false
    /// The time of the event being handled: every decision of one event sees one time.
    var now = Moment(wall: Timestamp(secondsSinceEpoch: 0), uptime: 0)
    /// What the event being handled asks for, in order.
    var effects: [Effect] = []

    /// A loop for `configuration`, created (nothing happens before ``Event/start(_:)``); `seed` seeds the
    /// spread delays and the alert polls' jitter.
    public init(configuration: Configuration, identity: Identity, seed: UInt64) {
        self.configuration = configuration
        self.identity = identity
        self.seed = seed
        self.planner = Planner(locations: configuration.locations, settings: configuration.plannerSettings, seed: seed)
        self.alertPlanner = AlertPlanner(seed: seed)
    }

    /// Carries out `event`, which happened at `now`; returns what the runner is to do, in order.
    public mutating func handle(_ event: Event, at now: Moment) -> [Effect] {
        self.now = now
        take(event)
        finishIfIdle()
        defer { effects.removeAll(keepingCapacity: true) }
        return effects
    }

    private mutating func take(_ event: Event) {
        switch event {
        case .start(let previous): start(previous)
        case .tick(let missed): tick(missed: missed)
        case .watchdog: pingWatchdog()
        case .reload(let read): reload(read)
        case .refresh: refreshAll()
        case .fetched(let order, let outcome): finish(order, outcome: outcome)
        case .airFetched(let order, let result, let elapsed): finishAir(order, result, elapsed: elapsed)
        case .polled(let order, let outcome): finishAlertPoll(order, outcome)
        case .written(let file, let error): written(file, error: error)
        case .shutdown: stop()
        }
    }

    /// Whether ticks, reloads and watchdog deadlines are carried out.
    var isRunning: Bool { lifecycle == .running }

    /// When the loop stopped ticking (nil: it has not).
    var stoppedAt: Timestamp? {
        if case .stopping(let since) = lifecycle { since } else { nil }
    }

    /// Stopping becomes stopped once nothing the loop started still runs: no request or alert poll in flight,
    /// no durable write; the runner is told it may return.
    private mutating func finishIfIdle() {
        guard case .stopping = lifecycle, !planner.isConnectionBusy, !alertPlanner.isPolling, cacheWrites.isIdle,
            alertsWrites.isIdle, placesWrites.isIdle
        else { return }
        lifecycle = .stopped
        effects.append(.finished)
    }

    /// Asks for one journal entry.
    mutating func journal(_ level: Logger.Level, _ message: String, metadata: Logger.Metadata = [:]) {
        effects.append(.log(level, message, metadata: metadata))
    }

    /// Asks for a notification to systemd.
    mutating func notify(_ notification: ServiceNotification) {
        effects.append(.notify(notification))
    }
}
