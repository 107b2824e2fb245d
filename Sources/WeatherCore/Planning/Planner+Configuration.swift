/// Changes from outside the rotation: a reload, places found by geocoding, SIGUSR1, a previous run.
extension Planner {
    /// Applies a reloaded configuration. Locations that stay at the same place in the same units keep
    /// what is known about them; a new or moved location, or new units, starts without weather and is due
    /// at once. The rotation goes on counting.
    public mutating func reconfigure(locations: [Location], settings: PlannerSettings) {
        let known = Dictionary(records.map { ($0.configured.id, $0) }, uniquingKeysWith: { first, _ in first })
        records = locations.map { location in
            guard let record = known[location.id], record.canServe(location, units: settings.units) else {
                return LocationRecord(location: location, sources: settings.sources)
            }
            return record.reconfigured(as: location, sources: location.sources ?? settings.sources)
        }
        if settings.limits != self.settings.limits { quotaHold = nil }
        self.settings = settings
        let ids = Set(locations.map(\.id))
        dropFromQueue { !ids.contains($0) }
    }

    /// Gives the location `id` (configured by name) the coordinates geocoding found.
    public mutating func resolve(id: String, to place: Place) {
        guard let index = records.firstIndex(where: { $0.configured.id == id }) else { return }
        records[index].location = records[index].location.resolved(latitude: place.latitude, longitude: place.longitude)
    }

    /// SIGUSR1: every location is due at once (pauses and limits still apply).
    public mutating func refreshAll() {
        for index in records.indices { records[index].forced = true }
    }

    /// Takes what a previous run's state file knew: the API clock's samples, the announced rain
    /// episodes, weather and the forecast of locations still at the same place in the same units, their failure count, the quota
    /// windows that are still the current ones (on the API's clock), and a pause that lies ahead within
    /// its cause's limit. Counters start anew. Returns what is worth a journal entry (a dropped pause).
    @discardableResult
    public mutating func restore(from previous: StateSnapshot, at now: Moment) -> [PlannerEvent] {
        let daemon = previous.daemon
        apiClock = daemon.apiClock
        if abs(apiClock.offset) > APIClock.noticeThreshold { reportedOffset = apiClock.offset }
        // An episode announced before the restart is not announced again (docs/forecast.md).
        rainEpisodes = Set(daemon.rainEpisodes ?? []).intersection(records.map(\.location.id))
        for entry in previous.locations {
            guard let index = records.firstIndex(where: { $0.configured.id == entry.location.id }) else { continue }
            var record = records[index]
            // A location given by name that the previous run resolved (and the geocoding cache did not
            // resolve now).
            if !record.location.hasCoordinates, entry.location.hasCoordinates,
                entry.location.name == record.configured.name
            {
                record.location = record.location.resolved(
                    latitude: entry.location.latitude,
                    longitude: entry.location.longitude
                )
            }
            guard record.location.hasCoordinates, entry.location.hasCoordinates,
                record.location.isSamePlace(as: entry.location),
                entry.weather.map({ $0.units == settings.units }) ?? true
            else { continue }
            record.weather = entry.weather
            record.forecast = entry.weather == nil ? LocationForecast() : entry.restoredForecast
            record.fetchedAt = entry.fetchedAt
            record.refreshedAt = entry.fetchedAt.map(Deadline.wall)
            record.lastError = entry.lastError
            record.failures = entry.consecutiveFailures
            if record.failures > 0 {
                // Never later than now: a time written while the clock was wrong does not hold it back.
                let attempt = min([entry.lastError?.at, entry.fetchedAt].compactMap { $0 }.max() ?? now.wall, now.wall)
                record.retryAt = .wall(attempt.adding(seconds: retryDelay(failures: record.failures, for: record)))
            }
            if let weather = entry.weather { record.spread = freshSpread(forPeriodOf: weather) }
            record.weatherSource = entry.weather == nil ? nil : entry.source ?? .openMeteo
            if let source = entry.source, record.sources.contains(source) {
                record.source = source
                record.fallbackSince = record.isOnFallback ? entry.fallbackSince ?? now.wall : nil
                record.firstSourceRetryAt = record.isOnFallback ? entry.firstSourceRetryAt ?? now.wall : nil
            }
            record.sourcePause = entry.sourcePause
            if let air = entry.air {
                record.air.air = air
                record.air.spread = Double.random(
                    in: 0...DataInterval.maximumSpread(AirRecord.standardInterval),
                    using: &random
                )
            }
            record.elevation = entry.elevation
            if record.source != .openMeteo, let validUntil = record.weather?.validUntil {
                record.spread = validitySpread(until: apiClock.hostTime(validUntil), at: now)
            }
            records[index] = record
        }
        let quota = previous.daemon.quota
        for window in QuotaWindow.allCases {
            ledger.restore(
                window,
                usedTenths: Weight.tenths(quota[window].used),
                resetsAt: quota[window].resetsAt,
                at: apiTime(at: now)
            )
        }
        guard let until = daemon.backoffUntil else { return [] }
        let cause = daemon.backoffCause
        if case .dropped(let until, let cause) = backoff.restore(
            until: until,
            cause: cause,
            at: now,
            apiClock: apiClock
        ) {
            return [.pauseDropped(until: until, cause: cause)]
        }
        return []
    }
}
