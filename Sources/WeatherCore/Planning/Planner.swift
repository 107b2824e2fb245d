/// Decides, without I/O and without reading a clock, what every tick does and what every finished fetch
/// changes (docs/fetching.md "When"): the rotation, the due times, the retry delays, the spread, the quota
/// windows, the 429/503 pauses and the queue of fetches waiting for the one connection. The daemon owns
/// one planner, gives it the time, and carries out its answers.
public struct Planner: Sendable {
    /// The settings in force.
    public internal(set) var settings: PlannerSettings
    /// One record per configured location, in configuration order.
    public internal(set) var records: [LocationRecord]
    /// The counters since start.
    public internal(set) var counters = Counters()
    /// The weighted calls counted in the current UTC windows.
    public internal(set) var ledger = QuotaLedger()
    /// The daemon-wide pause after a 429 or 503.
    public internal(set) var backoff = Backoff()
    /// The API's clock against the host's (docs/fetching.md), from the `Date` of answered requests.
    public internal(set) var apiClock = APIClock()
    /// The offset last reported as beyond ±30 s (nil: none reported).
    var reportedOffset: Double?
    /// The fetch in flight, if any (at most one request of either kind: ``isConnectionBusy``).
    public internal(set) var inFlight: FetchOrder?
    /// The air quality request in flight, if any (docs/air.md).
    public internal(set) var airInFlight: AirOrder?
    /// The air quality requests' own pause after a 429 or 503 of theirs.
    public internal(set) var airBackoff = Backoff()
    /// The id of the location the last tick showed.
    public private(set) var currentLocation: String?
    /// The rotation index of the last tick.
    public private(set) var rotationIndex: Int?

    /// Due locations waiting for the connection, by id.
    var queue: [String: QueueEntry] = [:]
    /// Numbers the locations as they join the queue.
    var joined = 0
    private var nextTick = 0
    /// Numbers the fetches as they start.
    var nextJob = 0
    /// No request before this: the end of a full quota window and its resume spread.
    var quotaHold: QuotaHold?
    /// The end of the last window of each kind reported full (once per window).
    var reportedFull: [QuotaWindow: Timestamp] = [:]
    /// Open-Meteo's data period as its last answer said (900 s until one did): how often a location on a
    /// later source asks it again.
    var openMeteoPeriod = DataInterval.standard
    /// The sources whose deprecated product was reported (once each).
    var reportedDeprecated: Set<WeatherSource> = []
    /// Locations whose missing UTC offset was reported.
    var reportedNoOffset: Set<String> = []
    /// Locations whose unusual data interval was reported.
    var reportedIntervals: Set<String> = []
    /// Bad-input conditions of forecast blocks already logged (docs/forecast.md: once per condition).
    var reportedDrops: Set<String> = []  // "location id: sentence"
    /// Locations whose rain episode was announced (docs/forecast.md), kept across restarts in the cache.
    public internal(set) var rainEpisodes: Set<String> = []
    /// Wall minus uptime at the last look, to notice clock steps.
    var clockOffset: Double?
    /// Draws the spread delays.
    var random: SplitMix64

    /// How far the wall clock may move against the uptime clock before it counts as a step.
    public static let clockStepTolerance: Double = 2

    /// A planner for `locations`, all pending; `seed` seeds the spread delays.
    public init(locations: [Location], settings: PlannerSettings, seed: UInt64) {
        self.settings = settings
        self.records = locations.map { LocationRecord(location: $0, sources: settings.sources) }
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
    /// in flight, or served from the cache. `missed` ticks before it could not run (the process was
    /// stopped or frozen): they are skipped, not replayed, and counted (docs/fetching.md), so *k* is the tick the
    /// clock says.
    public mutating func tick(at now: Moment, missed: Int = 0) -> TickPlan? {
        guard !records.isEmpty else { return nil }
        var events = endPauseAndNoticeClockStep(at: now)
        counters.ticksMissed += max(0, missed)
        nextTick += max(0, missed)
        let tick = nextTick
        nextTick += 1
        counters.ticks += 1
        noticeRain(at: now, events: &events)
        let index = tick % records.count
        let record = records[index]
        currentLocation = record.location.id
        rotationIndex = tick
        let action: TickPlan.Action
        var queuedFetch: FetchOrder?
        if !isDue(record, at: now) {
            counters.ticksFromCache += 1
            action = .cache(waiting: record.weather == nil ? .retry : nil)
            // The connection is free: a queued fetch a limit held back is checked again.
            if !isConnectionBusy, !queue.isEmpty { queuedFetch = dequeue(at: now, events: &events) }
        } else if isConnectionBusy {
            counters.ticksSkipped += 1
            action = .queued(enqueue(record, tick: tick))
        } else {
            switch decide(index, at: now, events: &events) {
            case .blocked(let waiting):
                counters.ticksFromCache += 1
                action = .cache(waiting: waiting ?? (record.weather == nil ? .retry : nil))
            case .fetch(let source, let probe):
                counters.ticksFetched += 1
                action = .fetch(
                    dispatch(index, source: source, probe: probe, at: now, queued: false, tick: tick, events: &events)
                )
            }
        }
        var airFetch: AirOrder?
        if case .cache = action, queuedFetch == nil { airFetch = startAir(at: now) }
        return TickPlan(
            tick: tick,
            record: record,
            action: action,
            events: events,
            queuedFetch: queuedFetch,
            airFetch: airFetch
        )
    }

    // MARK: - Finished fetches

    /// Forgets a pause a 429 or 503 began: `weatherd once` asks every location once whatever the API
    /// answered before (it refuses to start during a pause the daemon recorded instead).
    public mutating func forgetPause() {
        backoff = Backoff()
        airBackoff = Backoff()
    }

    /// Forgets the fetch in flight without recording how it ended: the daemon is stopping and the
    /// request was cancelled, which says nothing about the API.
    public mutating func abandonFetch() {
        inFlight = nil
    }

    /// Records how the fetch in flight ended and picks the queued fetch to start next, if any.
    public mutating func finish(_ outcome: FetchOutcome, at now: Moment) -> FinishPlan? {
        guard let order = inFlight else { return nil }
        inFlight = nil
        var events = endPauseAndNoticeClockStep(at: now)
        let isOpenMeteo = order.source == .openMeteo
        // The response's own time first: what follows reads the API's clock (Open-Meteo's: another
        // source's `Date` says nothing of it).
        if isOpenMeteo, let sample = outcome.apiClockSample { recordClockSample(sample, events: &events) }
        if order.geocode && !outcome.forecastSent {
            counters.requests -= 1
            counters.sourceRequests[order.source, default: 1] -= 1
            ledger.refund(order.weight, chargedAt: order.chargedAt, at: apiTime(at: now))
        }
        // The daemon-wide part comes first: it holds also for a location removed or moved meanwhile.
        switch outcome.result {
        case .success(let answer):
            counters.fetchesOK += 1
            if isOpenMeteo { backoff.recordSuccess() }
            if case .forecast(let forecast) = answer, forecast.deprecatedProduct,
                reportedDeprecated.insert(order.source).inserted
            {
                events.append(.deprecatedProduct(order.source))
            }
        case .failure(let error):
            counters.fetchesFailed += 1
            if isOpenMeteo, Backoff.pauses(error) { beginPause(after: error, at: now, events: &events) }
        }
        let change: FinishPlan.Change
        let record: LocationRecord
        if let index = records.firstIndex(where: { $0.isTarget(of: order, units: settings.units) }) {
            change = recordOutcome(outcome, of: order, index: index, at: now, events: &events)
            record = records[index]
        } else {
            change = .discarded
            record = LocationRecord(location: order.location)
        }
        noticeRain(at: now, events: &events)
        let next = dequeue(at: now, events: &events)
        var plan = FinishPlan(order: order, record: record, change: change, events: events, next: next)
        if next == nil { plan.nextAir = startAir(at: now) }
        return plan
    }

    /// A 429 or 503: no request until the pause (plus a spread) is over; the queue empties.
    private mutating func beginPause(after error: FetchError, at now: Moment, events: inout [PlannerEvent]) {
        queue.removeAll()
        guard let pause = backoff.pause(for: error, at: now, interval: settings.interval, apiClock: apiClock)
        else { return }
        let until = pause.until.adding(
            seconds: resumeSpread(after: pause.until.wall(at: now).seconds(since: now.wall))
        )
        if backoff.begin(until: until, cause: pause.cause, at: now) {
            events.append(
                .backoffBegan(
                    until: until.wall(at: now),
                    cause: error.kind,
                    reason: error.message,
                    clampedRetryAfter: pause.clampedRetryAfter
                )
            )
        }
    }

    /// Takes the API clock sample of an answered request; reports an offset beyond ±30 s once (again
    /// when it moves by more than 30 s).
    private mutating func recordClockSample(_ sample: Double, events: inout [PlannerEvent]) {
        apiClock.record(sample)
        let offset = apiClock.offset
        let threshold = APIClock.noticeThreshold
        if let reported = reportedOffset {
            guard abs(offset - reported) > threshold else { return }
        } else {
            guard abs(offset) > threshold else { return }
        }
        reportedOffset = offset
        events.append(.apiClockOffset(seconds: offset))
    }
}
