/// Due times and retry delays (docs/fetching.md "When").
extension Planner {
    /// When `record` is due (the host's wall clock), or nil when it is due whatever the time: no weather
    /// yet, SIGUSR1, `every_tick`, or weather observed "in the future" (the clock was behind).
    ///
    /// - `auto`: `observed_at` + the data interval + the period's spread, on the API's clock; never
    ///   before the guard allows a third answered request within a data interval;
    /// - a duration: the last successful fetch + the duration;
    /// - after a failure or "no news": the retry time, whatever the policy.
    ///
    /// A location served by a source that says until when its answer holds (MET Norway) is due at that
    /// time plus a spread, never before; a source that refused it is not asked before its pause ends; a
    /// location on a later source is due too when its first source is to be asked again.
    func dueTime(_ record: LocationRecord, at now: Moment) -> Timestamp? {
        if record.forced { return nil }
        var due: Timestamp?
        if record.source == .openMeteo {
            due = scheduledTime(record, at: now)
            if let guardTime = guardTime(record, at: now) { due = max(due ?? guardTime, guardTime) }
        } else {
            due =
                record.failures > 0
                ? record.retryAt.map { $0.adding(seconds: -tickTolerance).wall(at: now) } : validityDueTime(record)
            if let pause = record.sourcePause, pause.source == record.source, pause.until > now.wall {
                due = max(due ?? pause.until, pause.until)
            }
        }
        guard record.isOnFallback, let retry = record.firstSourceRetryAt, let due else { return due }
        return min(due, retry)
    }

    /// ``dueTime(_:at:)`` before the guard.
    private func scheduledTime(_ record: LocationRecord, at now: Moment) -> Timestamp? {
        if record.failures > 0, let retryAt = record.retryAt {
            return retryAt.adding(seconds: -tickTolerance).wall(at: now)
        }
        guard let weather = record.weather else { return nil }
        switch settings.refresh {
        case .auto:
            if weather.observedAt > apiTime(at: now) { return nil }
            let due = weather.observedAt.adding(seconds: DataInterval.effective(weather.dataInterval) + record.spread)
            return apiClock.hostTime(due)
        case .everyTick:
            return nil
        case .every(let duration):
            guard let refreshedAt = record.refreshedAt else { return nil }
            return refreshedAt.adding(seconds: duration.seconds - tickTolerance).wall(at: now)
        }
    }

    /// How much earlier than its retry time (or its duration) a location counts as due: half a tick, at
    /// most a second. A retry is measured from when the failed fetch ended, a little after its tick, and
    /// ticks come a few milliseconds early or late: without this, the tick one rotation later would miss
    /// it, and a delay of one rotation would become two.
    var tickTolerance: Double { min(settings.interval / 2, 1) }

    /// The API's wall time at `now` (docs/fetching.md: the host's wall clock plus the API clock's offset).
    public func apiTime(at now: Moment) -> Timestamp {
        apiClock.apiTime(now.wall)
    }

    /// Whether the next fetch of `record` counts towards its two answered requests within a data
    /// interval: under `auto`, once it has weather, unless SIGUSR1 forced it.
    func isGuarded(_ record: LocationRecord) -> Bool {
        guard case .auto = settings.refresh else { return false }
        return record.weather != nil && !record.forced
    }

    /// The earliest time (host wall clock) a third answered request of `record` may start: one data
    /// interval (on the uptime clock) after the older of its last two; nil when the guard does not hold.
    func guardTime(_ record: LocationRecord, at now: Moment) -> Timestamp? {
        guard isGuarded(record), record.answered.count >= 2 else { return nil }
        let interval = DataInterval.effective(record.weather?.dataInterval)
        let allowed = record.answered[record.answered.count - 2] + interval
        return allowed > now.uptime ? now.wallTime(ofUptime: allowed) : nil
    }

    /// Whether `record` is due at `now`.
    func isDue(_ record: LocationRecord, at now: Moment) -> Bool {
        guard let due = dueTime(record, at: now) else { return true }
        return due <= now.wall
    }

    /// The delay before the next try after the k-th failure in a row: min(cap, R × 2^(k−1)), R one
    /// rotation (N × interval); the cap is the data interval (900 s while none is known) under `auto`,
    /// the duration under a duration, and R under `every_tick`.
    public func retryDelay(failures: Int, for record: LocationRecord) -> Double {
        let rotation = Double(records.count) * settings.interval
        let cap: Double =
            switch settings.refresh {
            case .auto: DataInterval.effective(record.weather?.dataInterval)
            case .everyTick: rotation
            case .every(let duration): duration.seconds
            }
        guard failures > 0 else { return 0 }
        var delay = rotation
        for _ in 1..<min(failures, 64) where delay < cap { delay *= 2 }
        return min(cap, delay)
    }

    /// Counts one more failure (or "no news") of `records[index]` and sets its retry time.
    mutating func scheduleRetry(_ index: Int, at now: Moment) {
        records[index].failures += 1
        records[index].retryAt = .uptime(
            now.uptime + retryDelay(failures: records[index].failures, for: records[index])
        )
    }

    /// What a due location whose tick finds a fetch running waits for: its own fetch (`geocoding` while a
    /// name is being resolved), or its turn in the queue.
    func waitingBehindInFlight(_ record: LocationRecord) -> Waiting {
        guard let inFlight, inFlight.location.id == record.location.id, inFlight.geocode else { return .queued }
        return .geocoding
    }

    /// The earliest time `record` can be fetched: the latest of its due time, the end of a pause and the
    /// end of a full quota window; nil when that time has passed (docs/state-file.md `next_refresh_at`).
    public func nextRefresh(of record: LocationRecord, at now: Moment) -> Timestamp? {
        var earliest = dueTime(record, at: now) ?? now.wall
        if let until = backoff.until { earliest = max(earliest, until.wall(at: now)) }
        let apiNow = apiTime(at: now)
        if let window = ledger.fullWindow(
            for: weight(ofNextFetchOf: record, at: now),
            limits: settings.limits,
            at: apiNow
        ) {
            earliest = max(earliest, apiClock.hostTime(ledger.count(window, at: apiNow).resetsAt))
        }
        if let hold = quotaHold { earliest = max(earliest, hold.resumption(at: now)) }
        return earliest > now.wall ? earliest : nil
    }
}
