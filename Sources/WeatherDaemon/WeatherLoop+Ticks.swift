import Logging
import StateStore
import WeatherCore
import WeatherDisplay

extension WeatherLoop {
    /// One tick, after `missed` ticks the process could not run (skipped, not replayed): the planner
    /// decides, the loop asks for what it decided.
    mutating func tick(missed: Int = 0) {
        guard isRunning else { return }
        lastTickAt = now.uptime
        tickAlerts()
        guard let plan = planner.tick(at: now, missed: missed) else { return }
        log(plan.events)
        if plan.events.contains(where: \.changesDurableState) { saveCache() }
        switch plan.action {
        case .fetch(let order):
            // Logged, written and told to systemd when it ends.
            startFetch(order)
        case .queued(let waiting):
            // The state file (and STATUS=) before the journal entry: journald, woken by the entry on this
            // thread's CPU, preempted the rest of the tick. Whether the reader of the notify socket then
            // preempts it instead depends on that reader (bench/README.md).
            publish()
            logShown(plan.record, tick: plan.tick, waiting: waiting)
        case .cache(let waiting):
            publish()
            logShown(plan.record, tick: plan.tick, waiting: waiting)
            if let order = plan.queuedFetch { startFetch(order) }
        }
        if let order = plan.airFetch { startAirFetch(order) }
    }

    /// Asks for `order`; its end comes back as ``Event/airFetched(_:_:elapsed:)``. Counted in the quota ledger
    /// now, as a weather fetch is.
    private mutating func startAirFetch(_ order: AirOrder) {
        if !cacheWrites.landed { saveCache() }
        effects.append(.fetchAir(order))
    }

    /// Records how the air quality request `order` ended: a failure in the journal, the state file and the
    /// cache written with a new hour (a restart then costs no request), and the next request started.
    mutating func finishAir(_ order: AirOrder, _ result: Result<AirQualityAnswer, FetchError>, elapsed: Duration) {
        guard planner.airInFlight?.job == order.job else { return }
        if !isRunning, case .failure = result {
            planner.abandonAirFetch()
            return
        }
        guard let plan = planner.finishAir(result, at: now) else { return }
        if case .failed(let error) = plan.change {
            var metadata: Logger.Metadata = [
                "weather.location": "\(order.location.id)",
                "weather.location_name": "\(order.location.name)",
                "weather.error_kind": "\(error.kind.rawValue)",
                "weather.error": "\(error.message)",
                "weather.fetch_ms": "\(elapsed.milliseconds)",
                "weather.air_failures": "\(plan.record.air.failures)",
            ]
            if let status = error.httpStatus { metadata["weather.http_status"] = "\(status)" }
            journal(
                .warning,
                Catalogue.text(
                    "{location}: air quality request failed: {error}",
                    ["location": order.location.name, "error": error.message]
                ),
                metadata: metadata
            )
        }
        log(plan.events)
        if plan.change == .air(news: true) || plan.events.contains(where: \.changesDurableState) {
            let shown = takeSnapshot()
            publish(shown)
            saveCache(published: shown)
        }
        startNext(plan.next, air: plan.nextAir)
    }

    /// Starts what a finished request leaves next (a queued weather fetch, else an air quality request), or,
    /// stopping, forgets it.
    private mutating func startNext(_ next: FetchOrder?, air: AirOrder?) {
        guard isRunning else {
            if next != nil { planner.abandonFetch() }
            if air != nil { planner.abandonAirFetch() }
            return
        }
        if let next { startFetch(next) }
        if let air { startAirFetch(air) }
    }

    /// Asks for `order`; its end comes back as ``Event/fetched(_:_:)``. The request is counted in the quota
    /// ledger now and reaches the cache with its result. A kill -9 before that loses it from the cache, and
    /// the next start counts it, because the cache does not say that the daemon stopped. Until a cache write
    /// of this run has landed, the cache on the disk may still say so (an earlier run's stop), so a request
    /// then asks for a write first. It does not wait for it: a disk that hangs must not stop the fetching.
    private mutating func startFetch(_ order: FetchOrder) {
        if !cacheWrites.landed { saveCache() }
        effects.append(.fetch(order))
    }

    /// Records how `order` ended, logs it, writes the state, and starts the queued fetch that is next.
    mutating func finish(_ order: FetchOrder, outcome: FetchOutcome) {
        guard planner.inFlight?.job == order.job else { return }
        // Stopping cancels the request: its failure says nothing about the API and is not recorded.
        if !isRunning, case .failure = outcome.result {
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
                    source: .network(outcome.elapsed, queued: order.queued),
                    provider: order.source
                )
            }
        case .failed(let error):
            logFailure(
                plan.record.location,
                error: error,
                tick: order.tick,
                elapsed: outcome.elapsed,
                queued: order.queued,
                provider: order.source
            )
        case .probeFailed:
            break  // said by the planner's event
        case .discarded:
            journal(
                .info,
                Catalogue.text(
                    "{location}: a fetch ended after a reload removed or moved the location; not used",
                    ["location": order.location.name]
                ),
                metadata: [
                    "weather.location": "\(order.location.id)", "weather.fetch_ms": "\(outcome.elapsed.milliseconds)",
                ]
            )
        }
        log(plan.events)
        // One snapshot for the state file and the cache (made twice, it was a tenth of a fetch's work; the
        // snapshot does not show the fetch in flight, so abandoning the next one leaves it as it is).
        let shown = takeSnapshot()
        publish(shown)
        saveCache(published: shown)
        startNext(plan.next, air: plan.nextAir)
    }

    /// Records a place geocoding found: in the journal, and in the geocoding cache.
    private mutating func remember(_ place: Place, for location: Location) {
        places[GeocodingCache.Query(location)] = place
        journal(
            .notice,
            Catalogue.text(
                "{location} resolved to {latitude}, {longitude} ({place})",
                [
                    "location": location.name, "latitude": "\(place.latitude)", "longitude": "\(place.longitude)",
                    "place": place.name + (place.country.map { ", \($0)" } ?? ""),
                ]
            ),
            metadata: [
                "weather.location": "\(location.id)",
                "weather.location_name": "\(location.name)",
                "weather.latitude": "\(place.latitude)",
                "weather.longitude": "\(place.longitude)",
                "weather.resolved_name": "\(place.name)",
            ]
        )
        save(.places(places))
        configureAlerts()
    }

    // MARK: - Outputs

    /// The end of every tick and fetch: the state file (and textfile) replaced with `snapshot` (the state
    /// now, when nil), and systemd told the status line while the loop runs (the files written while it
    /// stops tell nothing).
    mutating func publish(_ snapshot: StateSnapshot? = nil) {
        effects.append(.publish(snapshot ?? takeSnapshot(), status: isRunning ? statusLine() : nil))
    }

    /// The state file's content now; each location's forecast window it shows is kept (``shownForecasts``),
    /// so the next snapshot reuses it while it holds.
    mutating func takeSnapshot() -> StateSnapshot {
        var daemon = Planner.Identity(
            pid: identity.pid,
            version: identity.version,
            startedAt: startedAt,
            timeout: configuration.timeout.seconds
        )
        daemon.display = configuration.display
        daemon.cacheFile = identity.files.cacheFile
        var snapshot = planner.snapshot(at: now, identity: daemon, shown: &shownForecasts)
        snapshot.daemon.stoppedAt = stoppedAt
        addAlerts(to: &snapshot)
        return snapshot
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
                    line += " \(Words.oneDecimal(temperature)) \(weather.units.temperature.symbol)"
                }
                line += " \(Words.description(weather.code))"
            } else {
                line += " " + Catalogue.text("(no data yet)")
            }
            line += " · "
        }
        line += Words.locations(records.count) + " · "
        line += Catalogue.plural("{count} failing", "{count} failing", count: failing)
        if let until = planner.backoff.until {
            line += " · " + Catalogue.text("paused until {time}", ["time": until.wall(at: now).rfc3339])
        }
        return line
    }
}
