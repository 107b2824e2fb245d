/// Decides, without I/O and without reading a clock, what every tick does and what every finished fetch
/// changes (SPEC §4 "When"): the rotation, the due times, the retry delays, the spread, the quota
/// windows, the 429/503 pauses and the queue of fetches waiting for the one connection. The daemon owns
/// one planner, gives it the time, and carries out its answers.
public struct Planner: Sendable {
    /// The settings in force.
    public internal(set) var settings: PlannerSettings
    /// One record per configured location, in configuration order.
    public internal(set) var records: [LocationRecord]
    /// The counters since start.
    public private(set) var counters = Counters()
    /// The weighted calls counted in the current UTC windows.
    public internal(set) var ledger = QuotaLedger()
    /// The daemon-wide pause after a 429 or 503.
    public internal(set) var backoff = Backoff()
    /// The fetch in flight, if any (at most one).
    public private(set) var inFlight: FetchOrder?
    /// The id of the location the last tick showed.
    public private(set) var currentLocation: String?
    /// The rotation index of the last tick.
    public private(set) var rotationIndex: Int?

    /// A due location waiting for the connection.
    struct QueueEntry: Sendable, Hashable {
        /// The order it joined in (ties of due time go to the first).
        var joined: Int
        /// The rotation index of the tick that queued it.
        var tick: Int
    }

    /// Due locations waiting for the connection, by id.
    private(set) var queue: [String: QueueEntry] = [:]
    private var joined = 0
    private var nextTick = 0
    private var nextJob = 0
    /// No request before this point on the uptime clock: a full quota window and its resume spread.
    private(set) var quotaHold: Double?
    /// The end of the last window of each kind reported full (once per window).
    private var reportedFull: [QuotaWindow: Timestamp] = [:]
    /// Locations whose unusual data interval was reported.
    private var reportedIntervals: Set<String> = []
    /// Wall minus uptime at the last look, to notice clock steps.
    private var clockOffset: Double?
    private var random: SplitMix64

    /// How far the wall clock may move against the uptime clock before it counts as a step.
    public static let clockStepTolerance: Double = 2

    /// A planner for `locations`, all pending; `seed` seeds the spread delays.
    public init(locations: [Location], settings: PlannerSettings, seed: UInt64) {
        self.settings = settings
        self.records = locations.map(LocationRecord.init)
        self.random = SplitMix64(seed: seed)
    }

    /// The record of `id`.
    public func record(id: String) -> LocationRecord? {
        records.first { $0.location.id == id }
    }

    /// Whether any location waits in the queue.
    public var hasQueued: Bool { !queue.isEmpty }

    // MARK: - Ticks

    /// Tick *k*: shows location *k* mod N and decides whether it is fetched now, queued behind the fetch
    /// in flight, or served from the cache.
    public mutating func tick(at now: Moment) -> TickPlan? {
        guard !records.isEmpty else { return nil }
        var events = look(at: now)
        let tick = nextTick
        nextTick += 1
        counters.ticks += 1
        let index = tick % records.count
        let record = records[index]
        currentLocation = record.location.id
        rotationIndex = tick
        let action: TickPlan.Action
        if !isDue(record, at: now) {
            counters.ticksFromCache += 1
            action = .cache(waiting: record.weather == nil ? .retry : nil)
        } else if let inFlight {
            counters.ticksSkipped += 1
            if inFlight.location.id != record.location.id, queue[record.location.id] == nil {
                joined += 1
                queue[record.location.id] = QueueEntry(joined: joined, tick: tick)
            }
            action = .queued(waitingBehindInFlight(record))
        } else if let blocked = gate(for: record, at: now, events: &events) {
            counters.ticksFromCache += 1
            action = .cache(waiting: blocked)
        } else {
            counters.ticksFetched += 1
            action = .fetch(dispatch(index, at: now, queued: false, tick: tick))
        }
        return TickPlan(tick: tick, record: record, action: action, events: events)
    }

    // MARK: - Finished fetches

    /// Records how the fetch in flight ended and picks the queued fetch to start next, if any.
    public mutating func finish(_ outcome: FetchOutcome, at now: Moment) -> FinishPlan? {
        guard let order = inFlight else { return nil }
        inFlight = nil
        var events = look(at: now)
        if order.geocode && !outcome.forecastSent {
            counters.requests -= 1
            ledger.refund(order.weight, chargedAt: order.chargedAt, at: now.wall)
        }
        guard let index = records.firstIndex(where: { $0.isTarget(of: order, units: settings.units) }) else {
            let next = dequeue(at: now, events: &events)
            return FinishPlan(
                order: order,
                record: LocationRecord(location: order.location),
                change: .discarded,
                events: events,
                next: next
            )
        }
        if let place = outcome.place {
            records[index].location = records[index].location.resolved(
                latitude: place.latitude,
                longitude: place.longitude
            )
        }
        let change: FinishPlan.Change
        switch outcome.result {
        case .success(let forecast):
            counters.fetchesOK += 1
            backoff.recordSuccess()
            change = .weather(news: record(index, forecast, at: now, events: &events))
        case .failure(let error):
            counters.fetchesFailed += 1
            records[index].lastError = ErrorRecord(error, at: now.wall)
            if Backoff.pauses(error) {
                let pause = backoff.pause(for: error, at: now.wall, interval: settings.interval) ?? 0
                if backoff.record(error, at: now, interval: settings.interval, spread: resumeSpread(after: pause)),
                    let until = backoff.until
                {
                    events.append(
                        .backoffBegan(until: now.wallTime(ofUptime: until), cause: error.kind, reason: error.message)
                    )
                }
                queue.removeAll()
            } else {
                scheduleRetry(index, at: now)
            }
            change = .failed(error)
        }
        let next = dequeue(at: now, events: &events)
        return FinishPlan(order: order, record: records[index], change: change, events: events, next: next)
    }

    /// Stores a successful forecast; returns whether it brought news (a newer `observed_at`, or any
    /// weather where there was none, or any fetch under `every_tick` and durations).
    private mutating func record(
        _ index: Int,
        _ forecast: Forecast,
        at now: Moment,
        events: inout [PlannerEvent]
    ) -> Bool {
        var record = records[index]
        let sent = forecast.weather.dataInterval
        if DataInterval.isOutOfRange(sent), let sent, reportedIntervals.insert(record.location.id).inserted {
            events.append(.unusualDataInterval(location: record.location.id, seconds: sent))
        }
        if var today = forecast.today {
            today.fetchedAt = now.wall
            record.today = today
        }
        record.fetchedAt = now.wall
        record.fetchedUptime = now.uptime
        let news: Bool
        if case .auto = settings.refresh, let old = record.weather, forecast.weather.observedAt <= old.observedAt {
            // The period is one already known. Its values may have been revised; a server that went back in
            // time does not replace newer weather.
            if forecast.weather.observedAt == old.observedAt { record.weather = forecast.weather }
            records[index] = record
            let periodEnded = old.observedAt.adding(seconds: DataInterval.effective(old.dataInterval)) <= now.wall
            if periodEnded {
                // No news where news was due (the API lags behind its period): retried like a failure.
                scheduleRetry(index, at: now)
            } else {
                // Fetched before the period could change (SIGUSR1): nothing was missed; due as before.
                records[index].failures = 0
                records[index].retryAt = nil
                records[index].lastError = nil
            }
            news = false
        } else {
            record.weather = forecast.weather
            record.lastError = nil
            record.failures = 0
            record.retryAt = nil
            record.spread = freshSpread(forPeriodOf: forecast.weather)
            records[index] = record
            news = true
        }
        return news
    }

    // MARK: - The queue

    /// The queued fetch to start now that the connection is free: the longest-due first; pauses and
    /// limits are checked again (a blocked one leaves the queue: it is fetched at a later visit).
    private mutating func dequeue(at now: Moment, events: inout [PlannerEvent]) -> FetchOrder? {
        while inFlight == nil, let id = longestDue(at: now), let entry = queue.removeValue(forKey: id) {
            guard let index = records.firstIndex(where: { $0.location.id == id }), isDue(records[index], at: now)
            else { continue }
            if gate(for: records[index], at: now, events: &events) != nil {
                queue.removeAll()
                return nil
            }
            return dispatch(index, at: now, queued: true, tick: entry.tick)
        }
        return nil
    }

    /// The queued location that has been due the longest (ties: the one queued first).
    private func longestDue(at now: Moment) -> String? {
        queue.min { lhs, rhs in
            let left = dueTime(of: lhs.key, at: now)
            let right = dueTime(of: rhs.key, at: now)
            return left == right ? lhs.value.joined < rhs.value.joined : left < right
        }?.key
    }

    private func dueTime(of id: String, at now: Moment) -> Double {
        guard let record = record(id: id) else { return .infinity }
        return dueTime(record, at: now).map { $0.secondsSinceEpoch } ?? -.infinity
    }

    /// Removes the queued locations whose id matches.
    mutating func dropFromQueue(where shouldDrop: (String) -> Bool) {
        queue = queue.filter { !shouldDrop($0.key) }
    }

    // MARK: - Sending

    /// Marks the fetch of `records[index]` as in flight and counts its requests.
    private mutating func dispatch(_ index: Int, at now: Moment, queued: Bool, tick: Int) -> FetchOrder {
        let record = records[index]
        let includeToday = Today.isWanted(
            record.today,
            utcOffsetSeconds: record.weather?.utcOffsetSeconds,
            at: now.wall
        )
        nextJob += 1
        let order = FetchOrder(
            job: nextJob,
            location: record.configured.hasCoordinates ? record.configured : record.location,
            units: settings.units,
            includeToday: includeToday,
            queued: queued,
            tick: tick,
            weight: Forecast.weight(includingToday: includeToday),
            chargedAt: now.wall
        )
        records[index].forced = false
        inFlight = order
        counters.requests += order.geocode ? 2 : 1
        ledger.charge(order.weight + (order.geocode ? Forecast.geocodingWeight : 0), at: now.wall)
        return order
    }

    /// Why `record` cannot be fetched at `now` although due: a pause, or a quota window it would take
    /// over its limit (which holds every request until the window resets, plus a spread). Nil when it can.
    private mutating func gate(for record: LocationRecord, at now: Moment, events: inout [PlannerEvent]) -> Waiting? {
        if backoff.isPaused(at: now) { return .backoff }
        if let quotaHold, now.uptime < quotaHold { return .quota }
        quotaHold = nil
        let includeToday = Today.isWanted(
            record.today,
            utcOffsetSeconds: record.weather?.utcOffsetSeconds,
            at: now.wall
        )
        var weight = Forecast.weight(includingToday: includeToday)
        if !record.location.hasCoordinates { weight += Forecast.geocodingWeight }
        guard let window = ledger.fullWindow(for: weight, limits: settings.limits, at: now.wall) else { return nil }
        let count = ledger.count(window, at: now.wall)
        quotaHold = now.uptime(ofWall: count.resetsAt) + resumeSpread(after: window.length)
        if reportedFull[window] != count.resetsAt {
            reportedFull[window] = count.resetsAt
            events.append(
                .quotaWindowFull(
                    window,
                    used: Weight.calls(count.usedTenths),
                    limit: Weight.calls(settings.limits[window]),
                    until: count.resetsAt
                )
            )
        }
        return .quota
    }

    // MARK: - Clocks

    /// Ends a pause whose time has come and notices a wall-clock step.
    private mutating func look(at now: Moment) -> [PlannerEvent] {
        var events: [PlannerEvent] = []
        let offset = now.wall.secondsSinceEpoch - now.uptime
        if let clockOffset, abs(offset - clockOffset) > Self.clockStepTolerance {
            // Due times are computed from observed_at each time, and the ledger drops windows that lie
            // too far ahead when it reads them; the hold computed from a window's end is dropped here.
            events.append(.clockStepped(seconds: offset - clockOffset))
            quotaHold = nil
        }
        clockOffset = offset
        if backoff.expire(at: now) { events.append(.backoffEnded) }
        return events
    }

    // MARK: - Randomness

    /// A fresh spread delay for the period of `weather`: up to a fifteenth of its data interval.
    mutating func freshSpread(forPeriodOf weather: Weather) -> Double {
        Double.random(
            in: 0...DataInterval.maximumSpread(DataInterval.effective(weather.dataInterval)),
            using: &random
        )
    }

    /// A fresh spread delay for requests resuming after a pause (or a full window) of `pause` seconds:
    /// up to a fifteenth of the pause, and at most a fifteenth of the longest data interval known.
    private mutating func resumeSpread(after pause: Double) -> Double {
        let longest = records.map { DataInterval.effective($0.weather?.dataInterval) }.max() ?? DataInterval.standard
        let bound = min(DataInterval.maximumSpread(longest), max(0, pause) / 15)
        return bound > 0 ? Double.random(in: 0...bound, using: &random) : 0
    }
}
