import Dispatch
import Logging
import StateStore
import Synchronization
import WeatherCore

extension WeatherService {
    /// Loads the previous state, writes the first state file, logs the start, sends `READY=1` once the
    /// file is written, and starts ticking (the first tick at once) and the watchdog.
    public func start() {
        guard !started else { return }
        started = true
        let now = environment.now()
        startedAt = now.wall
        places = geocodingCache?.load() ?? [:]
        applyCachedPlaces()
        restorePreviousState(at: now)
        let summary =
            "\(count(configuration.locations.count, "location")) every \(DurationParser.format(configuration.interval)), "
            + "refresh \(configuration.refresh)"
        logger.notice(
            "weatherd \(environment.version) started: \(summary)",
            metadata: [
                "message_id": "\(MessageID.started)",
                "weather.version": "\(environment.version)",
                "weather.interval_seconds": "\(NumberFormat.json(configuration.interval.seconds))",
                "weather.locations": "\(configuration.locations.count)",
                "weather.refresh": "\(configuration.refresh)",
                "weather.state_file": "\(stateFile?.path ?? "")",
            ]
        )
        for warning in configuration.warnings { logger.warning("\(warning)") }
        if let writer {
            // Straight onto the actor's queue (no task): READY=1 is sent before anything the writer
            // resumes after this write.
            writer.whenRecovered { [weak self, queue = executor.queue] in
                queue.async { [weak self] in self?.assumeIsolated { $0.notifyReadyOnce() } }
            }
            if writer.write(snapshot(at: now)) { notifyReadyOnce() }
            writerTask = Task(executorPreference: writer.executor) { await writer.run() }
        } else {
            notifyReadyOnce()
        }
        startWatchdog()
        startTicking()
    }

    /// Stops ticking, cancels the fetch in flight and waits for it, then has the writer write the final
    /// state after any write in progress and waits for that. A fetch that ignores cancellation, or a
    /// write that hangs on a dead disk, is waited for until the calling task is cancelled: under
    /// ``run()`` that is the `ServiceGroup`'s maximum graceful shutdown duration.
    public func stop() async {
        guard started, !stopping else { return }
        stopping = true
        planner.cancelQueue()
        environment.notifier.stopping()
        logger.notice("stopping", metadata: ["message_id": "\(MessageID.stopping)"])
        ticker?.stop()
        ticker = nil
        watchdogTimer?.cancel()
        watchdogTimer = nil
        if let fetchTask {
            fetchTask.cancel()
            await waitForEnd(of: fetchTask)
        }
        if let writer, let writerTask {
            writer.submit(snapshot(at: environment.now()))
            writer.finish()
            await waitForEnd(of: writerTask)
        }
    }

    /// Applies a new configuration (SIGHUP) at once: locations that stay at the same place keep their
    /// data; new API settings build a new provider; a new interval restarts the timer.
    public func reload(_ newConfiguration: Configuration) {
        guard !stopping else { return }
        let old = configuration
        configuration = newConfiguration
        planner.reconfigure(locations: newConfiguration.locations, settings: newConfiguration.plannerSettings)
        if newConfiguration.api != old.api || newConfiguration.timeout != old.timeout {
            provider = environment.makeProvider(newConfiguration)
            geocoder = environment.makeGeocoder?(newConfiguration)
        }
        applyCachedPlaces()
        writer?.setTextfile(newConfiguration.prometheusTextfile)
        let summary =
            "\(count(newConfiguration.locations.count, "location")) every "
            + "\(DurationParser.format(newConfiguration.interval)), refresh \(newConfiguration.refresh)"
        logger.notice(
            "configuration reloaded: \(summary)",
            metadata: [
                "message_id": "\(MessageID.reloaded)",
                "weather.locations": "\(newConfiguration.locations.count)",
                "weather.interval_seconds": "\(NumberFormat.json(newConfiguration.interval.seconds))",
                "weather.refresh": "\(newConfiguration.refresh)",
            ]
        )
        for warning in newConfiguration.warnings { logger.warning("\(warning)") }
        if started, newConfiguration.interval != old.interval { startTicking() }
        notifyReadyAfterReload()
    }

    /// Logs a rejected reload; the running configuration stays.
    public func rejectReload(_ error: ConfigError) {
        logger.error(
            "configuration not reloaded, keeping the running one: \(error)",
            metadata: ["message_id": "\(MessageID.reloadRejected)", "weather.error": "\(error)"]
        )
        notifyReadyAfterReload()
    }

    /// `READY=1` that ends a reload's `RELOADING=1`; before the first `READY=1` (the state file not
    /// written yet) nothing: that one comes with the first successful write.
    private func notifyReadyAfterReload() {
        if sentReady { environment.notifier.ready(status: statusLine()) }
    }

    /// SIGUSR1: every location is due at once (pauses and limits still apply).
    public func refreshAll() {
        planner.refreshAll()
        logger.notice("refresh requested: every location is due (limits and pauses still apply)")
    }

    /// Waits until no fetch is in flight or queued and every state file write is done (tests, benchmark).
    public func settle() async {
        while let fetchTask { await fetchTask.value }
        await writer?.idle()
    }

    // MARK: - Timers

    private func startTicking() {
        ticker?.stop()
        ticker = environment.ticks.start(interval: configuration.interval, queue: executor.queue) {
            [weak self] missed in
            self?.assumeIsolated { $0.tick(missed: missed) }
        }
    }

    private func startWatchdog() {
        guard let timeout = environment.notifier.watchdogTimeout else { return }
        let timer = DispatchSource.makeTimerSource(queue: executor.queue)
        let period = timeout / 2
        timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(period.seconds * 1e9)), leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.assumeIsolated { $0.watchdogCheck(timeout: timeout) } }
        timer.resume()
        watchdogTimer = timer
    }

    /// Pings the watchdog only while ticks keep coming: the timer fires on the actor's queue, so a wedged
    /// queue sends nothing, and a tick source that stopped firing is noticed by the tick age.
    private func watchdogCheck(timeout: Duration) {
        guard !stopping else { return }
        let allowed = configuration.interval + timeout / 2
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

    // MARK: - Start

    func notifyReadyOnce() {
        guard !sentReady, !stopping else { return }
        sentReady = true
        environment.notifier.ready(status: statusLine())
    }

    /// Gives locations configured by name the coordinates already in the geocoding cache.
    private func applyCachedPlaces() {
        for location in configuration.locations where !location.hasCoordinates {
            if let place = places[GeocodingCache.Query(location)] { planner.resolve(id: location.id, to: place) }
        }
    }

    private func restorePreviousState(at now: Moment) {
        guard let stateFile else { return }
        switch stateFile.loadPrevious(now: now.wall) {
        case .missing:
            break
        case .loaded(let previous):
            let events = planner.restore(from: previous, at: now)
            logger.info("previous state loaded", metadata: ["weather.state_file": "\(stateFile.path)"])
            log(events)
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
}

/// Waits until `task` ends, or until the calling task is cancelled (then `task` goes on, unwaited).
func waitForEnd(of task: Task<Void, Never>) async {
    let waiter = Mutex<(resumed: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))
    let resume: @Sendable () -> Void = {
        let continuation = waiter.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state = (true, nil) }
            return state.resumed ? nil : state.continuation
        }
        continuation?.resume()
    }
    await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumedAlready = waiter.withLock { state in
                if !state.resumed { state.continuation = continuation }
                return state.resumed
            }
            if resumedAlready { continuation.resume() }
            Task {
                await task.value
                resume()
            }
        }
    } onCancel: {
        resume()
    }
}

/// "1 location", "4 locations".
func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
