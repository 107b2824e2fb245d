import Logging
import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

extension WeatherLoop {
    /// Restores what the previous run left (the cache, else an earlier version's state file, as the runner
    /// read it), asks for the first state file, logs the start, and starts ticking (the first tick at once)
    /// and the watchdog.
    mutating func start(_ previous: PreviousRun) {
        guard lifecycle == .created else { return }
        lifecycle = .running
        startedAt = now.wall
        places = previous.places
        applyCachedPlaces()
        alertPlanner = AlertPlanner(memory: previous.alertMemory, seed: seed)
        let restored = restorePreviousState(previous)
        journal(
            .notice,
            Catalogue.text(
                "weatherd {version} started: {summary}",
                ["version": identity.version, "summary": Self.summary(of: configuration)]
            ),
            metadata: [
                "message_id": "\(MessageID.started)",
                "weather.version": "\(identity.version)",
                "weather.interval_seconds": "\(NumberFormat.json(configuration.interval.seconds))",
                "weather.locations": "\(configuration.locations.count)",
                "weather.refresh": "\(configuration.refresh)",
                "weather.state_file": "\(identity.files.stateFile ?? "")",
                "weather.cache_file": "\(identity.files.cacheFile ?? "")",
            ]
        )
        for warning in configuration.warnings { journal(.warning, "\(warning)") }
        noticeMissingSourceContact()
        configureAlerts()
        if let stateFile = identity.files.stateFile, previous.stateFileIsInMemory == false {
            let text = Catalogue.text(
                "the state file {path} is not on tmpfs: every tick writes it to the disk (the default, in the runtime directory, is in memory)",
                ["path": stateFile]
            )
            journal(.notice, text, metadata: ["weather.state_file": "\(stateFile)"])
        }
        // An earlier version's data goes into the cache; its file becomes a link to the state file once the
        // cache holds it (``written(_:error:)``).
        if case .takenOver(let path) = restored, identity.files.cacheFile != nil {
            pendingLink = path
            saveCache()
        } else if restored == .changed {
            saveCache()
        }
        publish()
        startWatchdog()
        startTicking()
    }

    /// Stops ticking, has the requests in flight cancelled, and asks for the final state file and cache, which
    /// then say when the daemon stopped (a cache that does not was left by a run that was killed: the next
    /// start counts the request it may have had in flight). What still runs ends on its own; the loop is
    /// stopped when nothing does (``Effect/finished``). A cache write that hangs on a dead disk is waited
    /// for until the runner's task is cancelled (the `ServiceGroup`'s maximum graceful shutdown duration).
    mutating func stop() {
        switch lifecycle {
        case .stopping, .stopped:
            return
        case .created:
            lifecycle = .stopped
            effects.append(.finished)
            return
        case .running:
            lifecycle = .stopping(since: now.wall)
        }
        planner.cancelQueue()
        notify(.stopping)
        journal(.notice, Catalogue.text("stopping"), metadata: ["message_id": "\(MessageID.stopping)"])
        effects.append(.stopTimers)
        if planner.isConnectionBusy || alertPlanner.isPolling { effects.append(.cancelRequests) }
        let final = takeSnapshot()
        publish(final)
        saveCache(published: final)
    }

    /// SIGHUP: the configuration read again, or why it was refused. Ignored while the loop does not run.
    mutating func reload(_ read: Result<Configuration, ConfigError>) {
        guard isRunning else { return }
        notify(.reloading)
        switch read {
        case .success(let configuration): apply(configuration)
        case .failure(let error): rejectReload(error)
        }
    }

    /// Applies a new configuration at once: locations that stay at the same place keep their data; a new
    /// interval restarts the timer.
    private mutating func apply(_ newConfiguration: Configuration) {
        let old = configuration
        configuration = newConfiguration
        weatherEntries = [:]
        planner.reconfigure(locations: newConfiguration.locations, settings: newConfiguration.plannerSettings)
        applyCachedPlaces()
        noticeMissingSourceContact()
        configureAlerts()
        // What the cache holds of a dropped location must not come back at the next start.
        if old.locations.contains(where: { location in !newConfiguration.locations.contains { $0.id == location.id } })
        {
            saveCache()
        }
        journal(
            .notice,
            Catalogue.text("configuration reloaded: {summary}", ["summary": Self.summary(of: newConfiguration)]),
            metadata: [
                "message_id": "\(MessageID.reloaded)",
                "weather.locations": "\(newConfiguration.locations.count)",
                "weather.interval_seconds": "\(NumberFormat.json(newConfiguration.interval.seconds))",
                "weather.refresh": "\(newConfiguration.refresh)",
            ]
        )
        for warning in newConfiguration.warnings { journal(.warning, "\(warning)") }
        if newConfiguration.language != old.language {
            // The catalogue is chosen once, before any other thread runs (docs/language.md).
            journal(
                .notice,
                Catalogue.text(
                    "language changed from {old} to {new}: it takes effect at the next restart",
                    ["old": old.language, "new": newConfiguration.language]
                ),
                metadata: ["weather.language": "\(newConfiguration.language)"]
            )
        }
        if newConfiguration.interval != old.interval { startTicking() }
        notify(.ready(status: statusLine()))
    }

    /// Logs a rejected reload; the running configuration stays.
    private mutating func rejectReload(_ error: ConfigError) {
        journal(
            .error,
            Catalogue.text("configuration not reloaded, keeping the running one: {error}", ["error": "\(error)"]),
            metadata: ["message_id": "\(MessageID.reloadRejected)", "weather.error": "\(error)"]
        )
        notify(.ready(status: statusLine()))
    }

    /// SIGUSR1: every location is due at once (pauses and limits still apply).
    mutating func refreshAll() {
        guard isRunning else { return }
        planner.refreshAll()
        journal(.notice, Catalogue.text("refresh requested: every location is due (limits and pauses still apply)"))
    }

    // MARK: - Timers

    private mutating func startTicking() {
        effects.append(.startTicks(every: configuration.interval))
    }

    private mutating func startWatchdog() {
        guard let timeout = identity.watchdogTimeout else { return }
        effects.append(.startWatchdog(every: timeout / 2))
    }

    /// Pings the watchdog, only while ticks keep coming: the deadline is an event of the loop, so a wedged
    /// loop sends nothing, and a tick source that stopped firing is noticed by the tick age (said instead).
    mutating func pingWatchdog() {
        guard isRunning, let timeout = identity.watchdogTimeout else { return }
        let allowed = configuration.interval + timeout / 2
        let uptime = now.uptime
        if let lastTickAt, uptime - lastTickAt > allowed.seconds {
            let since = DurationParser.formatForPeople(.seconds(uptime - lastTickAt))
            journal(.warning, Catalogue.text("no tick for {duration}; not pinging the watchdog", ["duration": since]))
            return
        }
        // A cache write that hangs (a dying SD card) stalls neither the ticks nor the watchdog: the state
        // file goes on; only what a restart would find is older. Said once per such write.
        if let since = cacheWrites.writingSince, uptime - since > allowed.seconds {
            if !warnedSlowCacheWrite {
                warnedSlowCacheWrite = true
                let text = Catalogue.text(
                    "the cache write has taken {duration} so far; ticks and the state file go on",
                    ["duration": DurationParser.formatForPeople(.seconds(uptime - since))]
                )
                journal(.warning, text, metadata: ["weather.cache_file": "\(identity.files.cacheFile ?? "")"])
            }
        } else {
            warnedSlowCacheWrite = false
        }
        notify(.watchdog)
    }

    /// Gives locations configured by name the coordinates already in the geocoding cache.
    mutating func applyCachedPlaces() {
        for location in configuration.locations where !location.hasCoordinates {
            if let place = places[GeocodingCache.Query(location)] { planner.resolve(id: location.id, to: place) }
        }
    }
}

extension WeatherLoop {
    /// `4 locations every 10s, refresh auto`: what the start and a reload say of a configuration.
    static func summary(of configuration: Configuration) -> String {
        Catalogue.text(
            "{locations} every {interval}, refresh {refresh}",
            [
                "locations": Words.locations(configuration.locations.count),
                "interval": DurationParser.format(configuration.interval),
                "refresh": "\(configuration.refresh)",
            ]
        )
    }
}
