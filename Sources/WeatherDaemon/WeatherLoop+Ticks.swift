import Logging
import StateStore
import WeatherCore

extension WeatherLoop {
    /// One tick, after `missed` ticks the process could not run (skipped, not replayed): the planner
    /// decides, the loop carries it out.
    func tick(missed: Int = 0) {
        guard isTicking else { return }
        lastTickAt = now.uptime
        tickAlerts(at: now)
        guard let plan = planner.tick(at: now, missed: missed) else { return }
        log(plan.events)
        if plan.events.contains(where: \.changesDurableState) { saveCache(at: now) }
        switch plan.action {
        case .fetch(let order):
            // Logged, written and told to systemd when it ends.
            startFetch(order)
        case .queued(let waiting):
            // The state file (and STATUS=, or READY=1 after the first) before the journal entry: journald,
            // woken by the entry on this thread's CPU, preempted the rest of the tick. Whether the reader of
            // the notify socket then preempts it instead depends on that reader (bench/README.md).
            publish(at: now)
            logShown(plan.record, tick: plan.tick, waiting: waiting)
        case .cache(let waiting):
            publish(at: now)
            logShown(plan.record, tick: plan.tick, waiting: waiting)
            if let order = plan.queuedFetch { startFetch(order) }
        }
    }

    /// Has `order` fetched; its end comes back as ``ServiceEvent/fetched(_:_:)``. The request is counted
    /// in the quota ledger now and reaches the cache with its result. A kill -9 before that loses it from
    /// the cache, and the next start counts it, because the cache does not say that the daemon stopped.
    /// Until a write of this run has ended without error, the cache on the disk may still say so (an
    /// earlier run's stop), so a request then asks for a write first. It does not wait for it: a disk
    /// that hangs must not stop the fetching. A kill in the few milliseconds before that write lands
    /// loses the count of that request.
    private func startFetch(_ order: FetchOrder) {
        if cacheWriter?.hasWritten == false { saveCache(at: now) }
        effects.append(.fetch(order, provider: provider, geocoder: geocoder))
    }

    /// Records how `order` ended, logs it, writes the state, and starts the queued fetch that is next.
    func finish(_ order: FetchOrder, outcome: FetchOutcome) {
        guard planner.inFlight?.job == order.job else { return }
        // Stopping cancels the request: its failure says nothing about the API and is not recorded.
        if lifecycle == .stopping, case .failure = outcome.result {
            planner.abandonFetch()
            return
        }
        guard let plan = planner.finish(outcome, at: now) else { return }
        if let place = outcome.place, plan.change != .discarded { remember(place, for: order.location) }
        switch plan.change {
        case .weather:
            if let weather = plan.record.weather {
                logWeather(
                    plan.record,
                    weather: weather,
                    tick: order.tick,
                    source: .network(outcome.elapsed, queued: order.queued)
                )
            }
        case .failed(let error):
            logFailure(
                plan.record.location,
                error: error,
                tick: order.tick,
                elapsed: outcome.elapsed,
                queued: order.queued
            )
        case .discarded:
            journal(
                .info,
                "\(order.location.name): a fetch ended after a reload removed or moved the location; not used",
                metadata: [
                    "weather.location": "\(order.location.id)", "weather.fetch_ms": "\(outcome.elapsed.milliseconds)",
                ]
            )
        }
        log(plan.events)
        // One snapshot for the state file and the cache (made twice, it was a tenth of a fetch's work; the
        // snapshot does not show the fetch in flight, so abandoning the next one leaves it as it is).
        let shown = takeSnapshot(at: now)
        publish(shown)
        saveCache(at: now, published: shown)
        if let next = plan.next, isTicking {
            startFetch(next)
        } else if plan.next != nil {
            planner.abandonFetch()
        }
    }

    /// Records a place geocoding found: in the journal, and in the geocoding cache through an effect (a
    /// durable write, off the loop's thread).
    private func remember(_ place: Place, for location: Location) {
        places[GeocodingCache.Query(location)] = place
        let country = place.country.map { ", \($0)" } ?? ""
        journal(
            .notice,
            "\(location.name) resolved to \(place.latitude), \(place.longitude) (\(place.name)\(country))",
            metadata: [
                "weather.location": "\(location.id)",
                "weather.location_name": "\(location.name)",
                "weather.latitude": "\(place.latitude)",
                "weather.longitude": "\(place.longitude)",
                "weather.resolved_name": "\(place.name)",
            ]
        )
        if let geocodingCache { effects.append(.saveGeocoding(places, to: geocodingCache)) }
        configureAlerts()
    }

    // MARK: - Outputs

    /// The end of every tick and fetch: the state file (and textfile) replaced, as an effect; the runner
    /// tells at once whether it was written (``stateWritten(_:)``).
    func publish(at now: Moment) {
        publish(takeSnapshot(at: now))
    }

    /// Asks for the state file (and the textfile) to hold `snapshot`, the state at this event.
    func publish(_ snapshot: StateSnapshot) {
        effects.append(.writeState(snapshot, textfile: configuration.prometheusTextfile))
    }

    /// After a state write: an earlier version's file taken over becomes a link to it; `READY=1` (with the
    /// status line) after the first state file written, `STATUS=` after the others. Nothing is told while
    /// stopping (the final state file).
    func stateWritten(_ written: Bool) {
        if written, let pendingLink, let stateFile {
            self.pendingLink = nil
            effects.append(.linkPreviousStateFile(pendingLink, to: stateFile.path, cache: cacheFile?.path ?? ""))
        }
        switch lifecycle {
        case .starting where written: becomeReady()
        case .starting, .running: notify(.status(statusLine()))
        case .created, .stopping, .stopped: break
        }
    }

    /// Hands the current state to the cache writer (docs/state-file.md: on a request's result, a pause's
    /// or a rain episode's start or end, a reload that drops locations, the stop, a request before the
    /// run's first write landed; never because time passed); `published`: the snapshot the state file was
    /// just asked to hold, whose bytes the runner then has.
    func saveCache(at now: Moment, published: StateSnapshot? = nil) {
        guard let file = cacheFile, let next = cacheWriter?.submit(published ?? takeSnapshot(at: now), at: now.uptime)
        else { return }
        effects.append(.writeCache(next, to: file, sameAsStateFile: published != nil))
    }

    /// The end of the cache write at start that took over an earlier version's state file at `path`: once
    /// written, that file becomes a link after the first state file is written.
    func tookOver(_ path: String, error: FileSystemError?) {
        if let entry = cacheWriter?.record(error) { effects.append(entry) }
        if error == nil { pendingLink = path }
    }

    /// The end of a durable write of the cache: the one that waited for it, if any, starts now.
    func cacheWritten(_ error: FileSystemError?) {
        if let entry = cacheWriter?.finishWrite(error) { effects.append(entry) }
        guard let file = cacheFile, let next = cacheWriter?.startWaitingWrite(at: now.uptime) else {
            return
        }
        effects.append(.writeCache(next, to: file, sameAsStateFile: false))
    }

    /// The state file's content at `now`; each location's forecast window it shows is kept
    /// (``shownForecasts``), so the next snapshot reuses it while it holds.
    func takeSnapshot(at now: Moment) -> StateSnapshot {
        var snapshot = planner.snapshot(
            at: now,
            identity: Planner.Identity(
                pid: environment.pid,
                version: environment.version,
                startedAt: startedAt,
                timeout: configuration.timeout.seconds,
                display: configuration.display,
                cacheFile: cacheFile?.path
            ),
            shown: &shownForecasts
        )
        snapshot.daemon.stoppedAt = stoppedAt
        addAlerts(to: &snapshot, at: now)
        return snapshot
    }

    /// The current snapshot (what the state file holds), taken now.
    public func takeCurrentSnapshot() -> StateSnapshot {
        takeSnapshot(at: environment.now())
    }

    /// The one-line `STATUS=`: `Berlin 2.0 °C Slight rain · 4 locations · 0 failing`.
    func statusLine() -> String {
        // By index: a loop over the records (or `filter`) copied every record, two thirds of the line's work.
        let records = planner.records
        let currentID = planner.currentLocation
        var failing = 0
        var current: Int?
        for index in records.indices {
            if records[index].lastError != nil { failing += 1 }
            if current == nil && records[index].location.id == currentID { current = index }
        }
        var line = ""
        if let current {
            let record = records[current]
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
        line += "\(count(records.count, "location")) · \(failing) failing"
        if let until = planner.backoff.until {
            line += " · paused until \(until.wall(at: now).rfc3339)"
        }
        return line
    }
}
