import Dispatch
import Synchronization
import Logging
import StateStore
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// The daemon: on every tick it rotates to the next location, fetches its weather (or serves the cache
/// during a backoff), logs one journal entry, replaces the state file and tells systemd.
///
/// All mutable state lives on one serial queue; fetches run as tasks and report back to that queue.
/// A tick that finds the previous fetch still running is skipped and counted.
public final class WeatherService: @unchecked Sendable {
    /// What the service needs from the outside world.
    public struct Environment: Sendable {
        /// Builds the weather provider for a configuration (again on reload).
        public var makeProvider: @Sendable (Configuration) -> any WeatherProviding
        /// The systemd notifier.
        public var notifier: any ServiceNotifying
        /// The tick source.
        public var ticks: any TickSource
        /// The wall clock.
        public var now: @Sendable () -> Timestamp
        /// Process id and version for the state file.
        public var pid: Int
        /// weatherd's version.
        public var version: String
        /// Builds the geocoder for locations configured by name; nil: such locations fail.
        public var makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)?

        /// Creates an environment.
        public init(
            makeProvider: @escaping @Sendable (Configuration) -> any WeatherProviding,
            notifier: any ServiceNotifying,
            ticks: any TickSource,
            now: @escaping @Sendable () -> Timestamp,
            pid: Int,
            version: String,
            makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)? = nil
        ) {
            self.makeGeocoder = makeGeocoder
            self.makeProvider = makeProvider
            self.notifier = notifier
            self.ticks = ticks
            self.now = now
            self.pid = pid
            self.version = version
        }
    }

    /// The serial queue all state is confined to.
    public let queue = DispatchQueue(label: "weatherd.ticks")

    let environment: Environment
    let logger: Logger
    let stateFile: StateFile?
    var configuration: Configuration
    var pendingConfiguration: Configuration?
    var provider: any WeatherProviding
    var geocoder: (any GeocodingProviding)?
    let geocodingCache: GeocodingCache?
    var places: [String: Place] = [:]
    var state: WeatherState
    var backoff = Backoff()
    var nextTick = 0
    /// The fetch in flight, if any; only one at a time.
    var inFlight: FetchHandle?
    /// Entered when a fetch starts, left when its outcome is recorded and its state file write
    /// submitted: what ``stop(grace:)`` and ``drain()`` wait for.
    let fetches = DispatchGroup()
    var stopped = false
    var startedAt: Timestamp
    var lastTickAt: ContinuousClock.Instant?
    var sentReady = false
    /// Writes the state file (nil without one); snapshots are numbered in the order they are made.
    private(set) var writer: StateWriter?
    var snapshotSequence = 0
    var textfileWriteFailure: FileSystemError?
    var watchdogTimer: (any DispatchSourceTimer)?

    /// Creates a service for `configuration`, writing `stateFile` (nil: no state file, e.g. tests).
    public init(configuration: Configuration, stateFile: StateFile?, environment: Environment, logger: Logger) {
        self.configuration = configuration
        self.stateFile = stateFile
        self.environment = environment
        self.logger = logger
        self.provider = environment.makeProvider(configuration)
        self.geocoder = environment.makeGeocoder?(configuration)
        self.geocodingCache = stateFile.map { GeocodingCache(besideStateFile: $0) }
        self.state = WeatherState(locations: configuration.locations)
        self.startedAt = environment.now()
        self.writer = nil
        if let stateFile {
            // A write that succeeds after failures (or first) may be the one READY=1 waited for.
            self.writer = StateWriter(file: stateFile, logger: logger) { [weak self] in
                guard let self else { return }
                self.queue.async { self.notifyReadyOnce() }
            }
        }
    }

    // MARK: - Lifecycle

    /// Loads the previous state, writes the first state file, logs the start, sends `READY=1` and
    /// starts ticking (the first tick at once).
    public func start() {
        queue.sync {
            startedAt = environment.now()
            places = geocodingCache?.load() ?? [:]
            applyCachedPlaces()
            restorePreviousState()
            if configuration.exceedsFreeQuota {
                logger.warning(
                    "interval \(DurationParser.format(configuration.interval)) means \(Int(configuration.callsPerDay)) calls a day, above the public API's free 10,000",
                    metadata: ["weather.calls_per_day": "\(Int(configuration.callsPerDay))"]
                )
            }
            logger.notice(
                "weatherd \(environment.version) started: \(configuration.locations.count) locations every \(DurationParser.format(configuration.interval))",
                metadata: [
                    "message_id": "\(MessageID.started)",
                    "weather.version": "\(environment.version)",
                    "weather.interval_seconds": "\(NumberFormat.json(configuration.interval.seconds))",
                    "weather.locations": "\(configuration.locations.count)",
                    "weather.state_file": "\(stateFile?.path ?? "")",
                ]
            )
            writeState()
            startWatchdog()
            environment.ticks.start(interval: configuration.interval, queue: queue) { [weak self] in self?.tick() }
        }
    }

    /// Stops ticking, cancels a fetch in flight, writes the final state. Waits at most `grace` for the
    /// cancelled fetch to return.
    public func stop(grace: Duration = .milliseconds(500)) async {
        let cancelled: Bool = queue.sync {
            guard !stopped else { return false }
            environment.notifier.stopping()
            logger.notice("stopping", metadata: ["message_id": "\(MessageID.stopping)"])
            stopped = true
            environment.ticks.stop()
            watchdogTimer?.cancel()
            watchdogTimer = nil
            guard let inFlight else { return false }
            // The tick whose fetch is abandoned counts as skipped, so the counters still add up.
            state.ticksSkipped += 1
            inFlight.cancel()
            return true
        }
        if cancelled {
            // Whichever comes first: the cancelled fetch returning, or the grace period. A fetch that
            // ignores cancellation must not hold up the exit. Dispatch, not tasks: a busy cooperative
            // pool must not delay the exit.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumed = Mutex(false)
                let resumeOnce: @Sendable () -> Void = {
                    if resumed.withLock({ done in
                        defer { done = true }
                        return !done
                    }) {
                        continuation.resume()
                    }
                }
                fetches.notify(queue: .global(), execute: resumeOnce)
                DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(grace.seconds * 1e9))) {
                    resumeOnce()
                }
            }
        }
        queue.sync { writeState() }
    }

    /// Accepts a new configuration (SIGHUP): logged now, applied at the next tick; a changed interval
    /// restarts the timer. Locations that stay keep their data.
    public func reload(_ newConfiguration: Configuration) {
        queue.async { [self] in
            guard !stopped else { return }
            pendingConfiguration = newConfiguration
            logger.notice(
                "configuration reloaded: \(newConfiguration.locations.count) locations every \(DurationParser.format(newConfiguration.interval))",
                metadata: [
                    "message_id": "\(MessageID.reloaded)",
                    "weather.locations": "\(newConfiguration.locations.count)",
                    "weather.interval_seconds": "\(NumberFormat.json(newConfiguration.interval.seconds))",
                ]
            )
            if newConfiguration.interval != configuration.interval {
                applyPendingConfiguration()
                environment.ticks.start(interval: configuration.interval, queue: queue) { [weak self] in self?.tick() }
            }
        }
    }

    /// Logs a rejected reload; the running configuration stays.
    public func rejectReload(_ error: ConfigError) {
        logger.error(
            "configuration not reloaded, keeping the running one: \(error)",
            metadata: ["message_id": "\(MessageID.reloadRejected)", "weather.error": "\(error)"]
        )
    }

    // MARK: - Ticks

    /// One tick. Runs on ``queue``; public so tests can drive ticks without a timer.
    public func tick() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !stopped else { return }
        let now = environment.now()
        lastTickAt = .now
        let index = nextTick
        nextTick += 1
        state.ticks += 1
        if inFlight != nil {
            state.ticksSkipped += 1
            logger.debug("tick \(index) skipped: the previous fetch is still running")
            return
        }
        applyPendingConfiguration()
        guard let location = state.rotation.location(forTick: index) else { return }
        state.currentLocation = location.id
        state.rotationIndex = index
        if backoff.expire(at: now) {
            logger.notice(
                "API requests resume",
                metadata: ["message_id": "\(MessageID.backoffEnded)"]
            )
        }
        if backoff.isPaused(at: now) {
            state.ticksFromCache += 1
            logFromCache(location, index: index)
            if let write = finishTick() { writer?.submit(write.snapshot, sequence: write.sequence) }
            return
        }
        let provider = self.provider
        let geocoder = self.geocoder
        let units = configuration.units
        let started = ContinuousClock.now
        let handle = FetchHandle()
        inFlight = handle
        fetches.enter()
        let finish: @Sendable (Location, Result<Weather, FetchError>, Place?) -> Void = {
            [weak self] shown, result, found in
            let elapsed = ContinuousClock.now - started
            guard let service = self else { return }
            // On a worker thread: the state is updated on the queue (`sync` runs it here when the queue
            // is free), the state file is written after leaving it, so ticks go on during a slow fsync.
            DispatchQueue.global().async {
                let write = service.queue.sync {
                    service.complete(shown, index: index, result: result, elapsed: elapsed, place: found)
                }
                if let write { service.writer?.submit(write.snapshot, sequence: write.sequence) }
                service.fetches.leave()
            }
        }
        if location.hasCoordinates {
            // The common case: the provider completes from its own I/O thread, straight back to the queue.
            provider.fetchCurrentWeather(at: location, units: units, handle: handle) { finish(location, $0, nil) }
            return
        }
        let task = Task {
            do throws(FetchError) {
                let place = try await Self.resolve(location, with: geocoder)
                let target = location.resolved(latitude: place.latitude, longitude: place.longitude)
                provider.fetchCurrentWeather(at: target, units: units, handle: handle) { finish(target, $0, place) }
            } catch {
                finish(location, .failure(error), nil)
            }
        }
        handle.onCancel { task.cancel() }
    }

    private static func resolve(
        _ location: Location,
        with geocoder: (any GeocodingProviding)?
    ) async throws(FetchError)
        -> Place
    {
        guard let geocoder else {
            throw FetchError(kind: .notFound, message: "\"\(location.name)\" has no coordinates and no geocoder")
        }
        return try await geocoder.place(named: location.name, countryCode: location.countryCode)
    }

    /// Records a fetch's outcome; returns the state file write it calls for, for the caller to submit
    /// once off the queue.
    private func complete(
        _ location: Location,
        index: Int,
        result: Result<Weather, FetchError>,
        elapsed: Duration,
        place: Place?
    ) -> PendingWrite? {
        inFlight = nil
        guard !stopped else { return nil }
        if let place { remember(place, for: location) }
        let now = environment.now()
        switch result {
        case .success(let weather):
            state.recordSuccess(id: location.id, weather: weather, at: now)
            backoff.recordSuccess()
            logWeather(location, weather: weather, index: index, source: "network", elapsed: elapsed)
        case .failure(let error):
            state.recordFailure(id: location.id, error: error, at: now)
            logFailure(location, error: error, index: index, elapsed: elapsed)
            if backoff.record(error, at: now, interval: configuration.interval.seconds), let until = backoff.until {
                logger.notice(
                    "API requests paused until \(until.rfc3339) (\(error.kind.rawValue))",
                    metadata: [
                        "message_id": "\(MessageID.backoffBegan)",
                        "weather.backoff_until": "\(until.rfc3339)",
                        "weather.error_kind": "\(error.kind.rawValue)",
                    ]
                )
            }
        }
        return finishTick()
    }

    /// A snapshot for the state file and its number.
    struct PendingWrite {
        var snapshot: StateSnapshot
        var sequence: Int
    }

    /// The end of every tick that got an outcome: the textfile, `STATUS=`, and the snapshot the state
    /// file needs (written by the caller: off the queue after a fetch, at once after a cached tick).
    private func finishTick() -> PendingWrite? {
        let snapshot = makeSnapshot()
        writeTextfile(snapshot)
        environment.notifier.status(statusLine())
        guard writer != nil else {
            notifyReadyOnce()
            return nil
        }
        snapshotSequence += 1
        return PendingWrite(snapshot: snapshot, sequence: snapshotSequence)
    }

    private func applyPendingConfiguration() {
        guard let pending = pendingConfiguration else { return }
        pendingConfiguration = nil
        let providerChanged =
            pending.api != configuration.api || pending.timeout != configuration.timeout
        configuration = pending
        state.configure(locations: pending.locations)
        if providerChanged {
            provider = environment.makeProvider(pending)
            geocoder = environment.makeGeocoder?(pending)
        }
        applyCachedPlaces()
    }

    /// Gives locations configured by name the coordinates already in the geocoding cache.
    private func applyCachedPlaces() {
        for record in state.records where !record.location.hasCoordinates {
            let key = GeocodingCache.key(name: record.location.name, countryCode: record.location.countryCode)
            if let place = places[key] {
                state.resolve(id: record.location.id, latitude: place.latitude, longitude: place.longitude)
            }
        }
    }

    /// Records a place geocoding found: in the state, in the cache file, in the journal.
    private func remember(_ place: Place, for location: Location) {
        state.resolve(id: location.id, latitude: place.latitude, longitude: place.longitude)
        places[GeocodingCache.key(name: location.name, countryCode: location.countryCode)] = place
        let country = place.country.map { ", \($0)" } ?? ""
        logger.notice(
            "\(location.name) resolved to \(place.latitude), \(place.longitude) (\(place.name)\(country))",
            metadata: [
                "weather.location": "\(location.id)",
                "weather.location_name": "\(location.name)",
                "weather.latitude": "\(place.latitude)",
                "weather.longitude": "\(place.longitude)",
                "weather.resolved_name": "\(place.name)",
            ]
        )
        do {
            try geocodingCache?.save(places)
        } catch {
            logger.error("cannot cache the resolved place: \(error)")
        }
    }

    private func restorePreviousState() {
        guard let stateFile else { return }
        switch stateFile.loadPrevious(now: environment.now()) {
        case .missing:
            break
        case .loaded(let previous):
            state.restore(from: previous)
            logger.info("previous state loaded", metadata: ["weather.state_file": "\(stateFile.path)"])
        case .corrupt(let reason, let movedTo):
            logger.error(
                "state file was corrupt (\(reason)); moved aside to \(movedTo ?? "nowhere: could not rename it")",
                metadata: ["weather.state_file": "\(stateFile.path)"]
            )
        case .unreadable(let error):
            logger.error(
                "cannot read the previous state: \(error)",
                metadata: ["weather.state_file": "\(stateFile.path)"]
            )
        }
    }

    // MARK: - Outputs

    /// The current snapshot (what the state file holds).
    public func snapshot() -> StateSnapshot {
        queue.sync { makeSnapshot() }
    }

    func makeSnapshot() -> StateSnapshot {
        state.snapshot(
            now: environment.now(),
            pid: environment.pid,
            version: environment.version,
            startedAt: startedAt,
            interval: configuration.interval.seconds,
            timeout: configuration.timeout.seconds,
            staleAfter: configuration.staleAfter.seconds,
            backoffUntil: backoff.until
        )
    }

    /// Writes the state file now, after any write in progress (start, stop): the file holds this state
    /// when it returns, unless the write failed.
    func writeState() {
        let snapshot = makeSnapshot()
        writeTextfile(snapshot)
        guard let writer else {
            notifyReadyOnce()
            return
        }
        snapshotSequence += 1
        if writer.writeNow(snapshot, sequence: snapshotSequence) { notifyReadyOnce() }
    }

    /// Rewrites the node_exporter textfile, when configured (atomic; no fsync: it is re-made every tick).
    private func writeTextfile(_ snapshot: StateSnapshot) {
        guard let path = configuration.prometheusTextfile else { return }
        do {
            try AtomicFile.write(PrometheusText.render(snapshot), to: path, durable: false)
            textfileWriteFailure = nil
        } catch {
            if textfileWriteFailure?.condition != error.condition {
                logger.error("\(error)", metadata: ["weather.textfile": "\(path)", "weather.error": "\(error)"])
            }
            textfileWriteFailure = error
        }
    }

    private func notifyReadyOnce() {
        guard !sentReady else { return }
        sentReady = true
        environment.notifier.ready(status: statusLine())
    }

    /// The one-line `STATUS=`: `Berlin 2.0 °C Slight rain · 4 locations · 0 failing`.
    func statusLine() -> String {
        let failing = state.records.filter { $0.lastError != nil }.count
        var line = ""
        if let id = state.currentLocation, let record = state.record(id: id) {
            line = record.location.name
            if let weather = record.weather {
                if let temperature = weather.temperature {
                    line += " \(NumberFormat.oneDecimal(temperature)) \(weather.units.temperature.symbol)"
                }
                line += " \(weather.description)"
            } else {
                line += " (no data yet)"
            }
            line += " · "
        }
        line += "\(state.records.count) locations · \(failing) failing"
        if let until = backoff.until { line += " · paused until \(until.rfc3339)" }
        return line
    }

    // MARK: - Watchdog

    private func startWatchdog() {
        guard let timeout = environment.notifier.watchdogTimeout else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let period = timeout / 2
        timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(period.seconds * 1e9)), leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.watchdogCheck(timeout: timeout) }
        timer.resume()
        watchdogTimer = timer
    }

    /// Pings the watchdog only while ticks keep coming: the timer runs on the tick queue, so a wedged
    /// queue sends nothing, and a tick source that stopped firing is noticed by the tick age.
    private func watchdogCheck(timeout: Duration) {
        guard !stopped else { return }
        let allowed = configuration.interval + configuration.timeout + timeout / 2
        if let lastTickAt, ContinuousClock.now - lastTickAt > allowed {
            logger.warning(
                "no tick for \(DurationParser.formatForPeople(ContinuousClock.now - lastTickAt)); not pinging the watchdog"
            )
            return
        }
        // Ticks go on while a write hangs; a write that hangs is still a daemon that does not work.
        if let writing = writer?.currentWriteDuration, writing > allowed {
            logger.warning(
                "the state file write has taken \(DurationParser.formatForPeople(writing)); not pinging the watchdog"
            )
            return
        }
        environment.notifier.watchdog()
    }

    /// Waits until no fetch is in flight and the queue has processed its completion (tests, benchmark).
    public func drain() async {
        repeat {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                fetches.notify(queue: .global()) { continuation.resume() }
            }
        } while queue.sync(execute: { inFlight != nil })
        if let writer {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    writer.waitUntilIdle()
                    continuation.resume()
                }
            }
        }
    }
}
