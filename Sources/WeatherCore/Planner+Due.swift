/// Due times and retry delays (SPEC §4 "When").
extension Planner {
    /// When `record` is due (wall clock), or nil when it is due whatever the time: no weather yet,
    /// SIGUSR1, `every_tick`, or weather observed "in the future" (the clock was behind).
    ///
    /// - `auto`: `observed_at` + the data interval + the period's spread;
    /// - a duration: the last successful fetch + the duration;
    /// - after a failure or "no news": the retry time, whatever the policy.
    func dueTime(_ record: LocationRecord, at now: Moment) -> Timestamp? {
        if record.forced { return nil }
        if record.failures > 0, let retryAt = record.retryAt {
            return now.wallTime(ofUptime: retryAt - tickTolerance)
        }
        guard let weather = record.weather else { return nil }
        switch settings.refresh {
        case .auto:
            if weather.observedAt > now.wall { return nil }
            return weather.observedAt.adding(seconds: DataInterval.effective(weather.dataInterval) + record.spread)
        case .everyTick:
            return nil
        case .every(let duration):
            guard let fetchedUptime = record.fetchedUptime else { return nil }
            return now.wallTime(ofUptime: fetchedUptime + duration.seconds - tickTolerance)
        }
    }

    /// How much earlier than its retry time (or its duration) a location counts as due: half a tick.
    /// Both are measured from when the last fetch ended, a little after its tick; without this, the
    /// tick one rotation later would come a few milliseconds too early, and a delay of one rotation
    /// would become two.
    var tickTolerance: Double { settings.interval / 2 }

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
        records[index].retryAt = now.uptime + retryDelay(failures: records[index].failures, for: records[index])
    }

    /// What a due location whose tick finds a fetch running waits for: its own fetch (`geocoding` while a
    /// name is being resolved), or its turn in the queue.
    func waitingBehindInFlight(_ record: LocationRecord) -> Waiting {
        guard let inFlight, inFlight.location.id == record.location.id, inFlight.geocode else { return .queued }
        return .geocoding
    }

    /// The earliest time `record` can be fetched: the latest of its due time, the end of a pause and the
    /// end of a full quota window; nil when that time has passed (SPEC §6 `next_refresh_at`).
    public func nextRefresh(of record: LocationRecord, at now: Moment) -> Timestamp? {
        var earliest = dueTime(record, at: now) ?? now.wall
        if let until = backoff.until { earliest = max(earliest, now.wallTime(ofUptime: until)) }
        if let window = ledger.fullWindow(
            for: weight(ofNextFetchOf: record, at: now),
            limits: settings.limits,
            at: now.wall
        ) {
            earliest = max(earliest, ledger.count(window, at: now.wall).resetsAt)
        }
        if let hold = quotaHold { earliest = max(earliest, now.wallTime(ofUptime: hold)) }
        return earliest > now.wall ? earliest : nil
    }
}
