import Logging
import StateStore
import WeatherConfiguration
import WeatherCore

extension WeatherLoop {
    /// Restores what the previous run left (the cache, else an earlier version's state file, as the runner
    /// read it), writes the first state file, logs the start, sends `READY=1` once the file is written, and
    /// starts ticking (the first tick at once) and the watchdog.
    func start(_ previous: PreviousRun) {
        guard lifecycle == .created else { return }
        lifecycle = .starting
        startedAt = now.wall
        places = previous.places
        applyCachedPlaces()
        let takenOver = restorePreviousState(previous, at: now)
        alertMemory = previous.alertMemory
        if alertPoller != nil { loadAlertMemoryOnce() }
        let summary =
            "\(count(configuration.locations.count, "location")) every \(DurationParser.format(configuration.interval)), "
            + "refresh \(configuration.refresh)"
        journal(
            .notice,
            "weatherd \(environment.version) started: \(summary)",
            metadata: [
                "message_id": "\(MessageID.started)",
                "weather.version": "\(environment.version)",
                "weather.interval_seconds": "\(NumberFormat.json(configuration.interval.seconds))",
                "weather.locations": "\(configuration.locations.count)",
                "weather.refresh": "\(configuration.refresh)",
                "weather.state_file": "\(stateFile?.path ?? "")",
                "weather.cache_file": "\(cacheFile?.path ?? "")",
            ]
        )
        for warning in configuration.warnings { journal(.warning, "\(warning)") }
        configureAlerts()
        if let stateFile, previous.stateFileIsInMemory == false {
            let text =
                "the state file \(stateFile.path) is not on tmpfs: every tick writes it to the disk "
                + "(the default, in the runtime directory, is in memory)"
            journal(
                .notice,
                "\(text)",
                metadata: ["weather.state_file": "\(stateFile.path)"]
            )
        }
        // An earlier version's data goes into the cache before its file becomes a link (at once, before the
        // first tick: ``tookOver(_:error:)``). The link is made after the first state file written, so it
        // never points at nothing.
        if let takenOver, let cacheFile {
            effects.append(.takeOver(takeSnapshot(at: now), into: cacheFile, from: takenOver))
        }
        publish(at: now)
        startWatchdog()
        startTicking()
    }

    /// Stops ticking, has the fetch in flight cancelled, and writes the final state file and the cache, which
    /// then say when the daemon stopped (a cache that does not was left by a run that was killed: the next
    /// start counts the request it may have had in flight); the cache write
    /// in progress, if any, ends on its own (``WeatherLoop/isFinished`` says when). A cache write that
    /// hangs on a dead disk is waited for until ``WeatherService``'s task is cancelled: the
    /// `ServiceGroup`'s maximum graceful shutdown duration. Before ``start(_:)`` there is nothing to stop.
    func stop() {
        switch lifecycle {
        case .stopping, .stopped:
            return
        case .created:
            lifecycle = .stopped
            return
        case .starting, .running:
            lifecycle = .stopping
        }
        planner.cancelQueue()
        notify(.stopping)
        journal(.notice, "stopping", metadata: ["message_id": "\(MessageID.stopping)"])
        effects.append(.stopTimers)
        if planner.inFlight != nil || alertPlanner.isPolling { effects.append(.cancelRequests) }
        stoppedAt = now.wall
        let final = takeSnapshot(at: now)
        effects.append(.writeState(final, textfile: configuration.prometheusTextfile))
        saveCache(at: now, published: final)
    }

    /// SIGHUP: the configuration read again (or why it was refused), with the alerts cache when it turns
    /// alerts on for the first time. Ignored while the loop does not tick.
    func reload(_ read: Result<Configuration, ConfigError>, alertMemory memory: AlertPlanner.Memory?) {
        guard isTicking else { return }
        if let memory, !alertMemoryLoaded { alertMemory = memory }
        notify(.reloading)
        switch read {
        case .success(let configuration): apply(configuration)
        case .failure(let error): rejectReload(error)
        }
    }

    /// Applies a new configuration at once: locations that stay at the same place keep their data; new API
    /// settings build a new provider; a new interval restarts the timer.
    private func apply(_ newConfiguration: Configuration) {
        let old = configuration
        configuration = newConfiguration
        weatherEntries = [:]
        planner.reconfigure(locations: newConfiguration.locations, settings: newConfiguration.plannerSettings)
        if newConfiguration.api != old.api || newConfiguration.timeout != old.timeout {
            provider = environment.makeProvider(newConfiguration)
            geocoder = environment.makeGeocoder?(newConfiguration)
        }
        applyCachedPlaces()
        if newConfiguration.alerts != old.alerts || newConfiguration.timeout != old.timeout { reconfigureAlertPoller() }
        configureAlerts()
        // What the cache holds of a dropped location must not come back at the next start.
        if old.locations.contains(where: { location in !newConfiguration.locations.contains { $0.id == location.id } })
        {
            saveCache(at: now)
        }
        let summary =
            "\(count(newConfiguration.locations.count, "location")) every "
            + "\(DurationParser.format(newConfiguration.interval)), refresh \(newConfiguration.refresh)"
        journal(
            .notice,
            "configuration reloaded: \(summary)",
            metadata: [
                "message_id": "\(MessageID.reloaded)",
                "weather.locations": "\(newConfiguration.locations.count)",
                "weather.interval_seconds": "\(NumberFormat.json(newConfiguration.interval.seconds))",
                "weather.refresh": "\(newConfiguration.refresh)",
            ]
        )
        for warning in newConfiguration.warnings { journal(.warning, "\(warning)") }
        if newConfiguration.interval != old.interval { startTicking() }
        notifyReadyAfterReload()
    }

    /// Logs a rejected reload; the running configuration stays.
    private func rejectReload(_ error: ConfigError) {
        journal(
            .error,
            "configuration not reloaded, keeping the running one: \(error)",
            metadata: ["message_id": "\(MessageID.reloadRejected)", "weather.error": "\(error)"]
        )
        notifyReadyAfterReload()
    }

    /// `READY=1` that ends a reload's `RELOADING=1`; before the first `READY=1` (the state file not
    /// written yet) nothing: that one comes with the first successful write.
    private func notifyReadyAfterReload() {
        if lifecycle == .running { notify(.ready(status: statusLine())) }
    }

    /// SIGUSR1: every location is due at once (pauses and limits still apply).
    func refreshAll() {
        planner.refreshAll()
        journal(.notice, "refresh requested: every location is due (limits and pauses still apply)")
    }

    // MARK: - Timers

    private func startTicking() {
        effects.append(.startTicks(interval: configuration.interval))
    }

    private func startWatchdog() {
        guard let timeout = watchdogTimeout else { return }
        effects.append(.startWatchdog(interval: timeout / 2))
    }

    /// Pings the watchdog, only while ticks keep coming: the deadline is an event of the loop, so a wedged
    /// loop sends nothing, and a tick source that stopped firing is noticed by the tick age (said instead).
    func pingWatchdog() {
        guard isTicking, let timeout = watchdogTimeout else { return }
        let allowed = configuration.interval + timeout / 2
        let uptime = now.uptime
        if let lastTickAt, uptime - lastTickAt > allowed.seconds {
            journal(
                .warning,
                "no tick for \(DurationParser.formatForPeople(.seconds(uptime - lastTickAt))); not pinging the watchdog"
            )
            return
        }
        // A cache write that hangs (a dying SD card) stalls neither the ticks nor the watchdog: the state
        // file goes on; only what a restart would find is older. Said once per such write.
        if let since = cacheWriter?.writingSince, uptime - since > allowed.seconds {
            let writing = Duration.seconds(uptime - since)
            if !warnedSlowCacheWrite {
                warnedSlowCacheWrite = true
                let text =
                    "the cache write has taken \(DurationParser.formatForPeople(writing)) so far; "
                    + "ticks and the state file go on"
                journal(
                    .warning,
                    "\(text)",
                    metadata: ["weather.cache_file": "\(cacheFile?.path ?? "")"]
                )
            }
        } else {
            warnedSlowCacheWrite = false
        }
        notify(.watchdog)
    }

    // MARK: - Start

    /// Starting becomes running, with `READY=1`, at the first state file written (once).
    func becomeReady() {
        guard lifecycle == .starting else { return }
        lifecycle = .running
        notify(.ready(status: statusLine()))
    }

    /// Gives locations configured by name the coordinates already in the geocoding cache.
    private func applyCachedPlaces() {
        for location in configuration.locations where !location.hasCoordinates {
            if let place = places[GeocodingCache.Query(location)] { planner.resolve(id: location.id, to: place) }
        }
    }
}

/// "1 location", "4 locations".
func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
