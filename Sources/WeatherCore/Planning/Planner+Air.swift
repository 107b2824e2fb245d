/// Air quality (docs/air.md "When"): each location that asks for it is asked at most once per data hour, after
/// the hour plus a spread, over the one connection while the weather does not need it, and counted in the
/// same quota ledger. Its failures back off as the weather's do, on a record of their own.
extension Planner {
    /// Whether a request of either kind is in flight.
    public var isConnectionBusy: Bool { inFlight != nil || airInFlight != nil }

    /// Whether `record`'s location asks for air quality: its own `air_quality`, else `air_quality.enabled`.
    public func wantsAir(_ record: LocationRecord) -> Bool {
        record.configured.wantsAirQuality(enabledByDefault: settings.airQuality)
    }

    /// When `record`'s air is due (the host's wall clock), or nil when it is due whatever the time: none
    /// known yet. The hour after the one it holds plus the hour's spread (on the API's clock), or after a
    /// failure or "no news", its retry time.
    func airDueTime(_ record: LocationRecord, at now: Moment) -> Timestamp? {
        let air = record.air
        if air.failures > 0, let retryAt = air.retryAt { return retryAt.adding(seconds: -tickTolerance).wall(at: now) }
        guard let known = air.air else { return nil }
        return apiClock.hostTime(known.time.adding(seconds: air.interval + air.spread))
    }

    /// The delay before the next try after the k-th failure in a row: one rotation, doubled with each
    /// failure, at most the data interval.
    func airRetryDelay(failures: Int, interval: Double) -> Double {
        let rotation = Double(records.count) * settings.interval
        var delay = rotation
        for _ in 1..<min(max(failures, 1), 64) where delay < interval { delay *= 2 }
        return min(interval, delay)
    }

    /// The air quality request to start now, if any: the connection free, no weather fetch waiting for it,
    /// no pause (the weather's daemon-wide one or the air's own), the quota allowing it, and a location whose
    /// weather was asked for and whose air is due (the one due the longest). Counted at once, as a weather
    /// fetch is.
    mutating func startAir(at now: Moment) -> AirOrder? {
        guard !isConnectionBusy, queue.isEmpty, !backoff.isPaused(at: now), !airBackoff.isPaused(at: now) else {
            return nil
        }
        if let quotaHold, quotaHold.holds(at: now) { return nil }
        var chosen: (index: Int, due: Double)?
        // A location's weather first: its air once its weather was asked for (answered or failed).
        for index in records.indices
        where wantsAir(records[index]) && records[index].location.hasCoordinates
            && (records[index].weather != nil || records[index].lastError != nil)
        {
            let due = airDueTime(records[index], at: now)
            if let due, due > now.wall { continue }
            let seconds = due?.secondsSinceEpoch ?? -.infinity
            if chosen.map({ seconds < $0.due }) ?? true { chosen = (index, seconds) }
        }
        guard let index = chosen?.index else { return nil }
        let location = records[index].location
        let weight = AirQualityRequest(location: location).weight
        let apiNow = apiTime(at: now)
        // A full window holds the weather's requests too; the weather's own check reports it.
        guard ledger.fullWindow(for: weight, limits: settings.limits, at: apiNow) == nil else { return nil }
        nextJob += 1
        let order = AirOrder(
            job: nextJob,
            location: location,
            weight: weight,
            chargedAt: apiNow,
            startedUptime: now.uptime
        )
        airInFlight = order
        counters.requests += 1
        ledger.charge(weight, at: apiNow)
        return order
    }

    /// Forgets the air quality request in flight without recording how it ended (stopping).
    public mutating func abandonAirFetch() {
        airInFlight = nil
    }

    /// Records how the air quality request in flight ended and picks what starts next: a queued weather fetch
    /// first, else another location's air.
    public mutating func finishAir(_ result: Result<AirQualityAnswer, FetchError>, at now: Moment) -> AirFinishPlan? {
        guard let order = airInFlight else { return nil }
        airInFlight = nil
        var events = endPauseAndNoticeClockStep(at: now)
        switch result {
        case .success:
            airBackoff.recordSuccess()
        case .failure(let error) where Backoff.pauses(error):
            // The air's own pause: the weather goes on (a 429 of a shared budget reaches it soon enough).
            if let pause = airBackoff.pause(for: error, at: now, interval: settings.interval, apiClock: apiClock) {
                let left = pause.until.wall(at: now).seconds(since: now.wall)
                let until = pause.until.adding(seconds: resumeSpread(after: left))
                if airBackoff.begin(until: until, cause: pause.cause, at: now) {
                    events.append(.airPaused(until: until.wall(at: now), reason: error.message))
                }
            }
        case .failure:
            break
        }
        let change: AirFinishPlan.Change
        let record: LocationRecord
        if let index = records.firstIndex(where: {
            $0.configured.id == order.location.id && $0.location.hasCoordinates
                && $0.location.isSamePlace(as: order.location) && wantsAir($0)
        }) {
            change = recordAir(result, index: index, at: now, events: &events)
            record = records[index]
        } else {
            change = .discarded
            record = LocationRecord(location: order.location)
        }
        let next = dequeue(at: now, events: &events)
        let nextAir = next == nil ? startAir(at: now) : nil
        return AirFinishPlan(order: order, record: record, change: change, events: events, next: next, nextAir: nextAir)
    }

    /// Records `result` for `records[index]`.
    private mutating func recordAir(
        _ result: Result<AirQualityAnswer, FetchError>,
        index: Int,
        at now: Moment,
        events: inout [PlannerEvent]
    ) -> AirFinishPlan.Change {
        let location = records[index].location
        var record = records[index].air
        defer { records[index].air = record }
        switch result {
        case .failure(let error):
            record.lastError = ErrorRecord(error, at: now.wall)
            // A 429 or 503 leaves k alone: the pause comes instead.
            if !Backoff.pauses(error) { scheduleAirRetry(&record, at: now) }
            return .failed(error)
        case .success(let answer):
            for reason in answer.droppedBlocks where reportedDrops.insert("\(location.id) air: \(reason)").inserted {
                events.append(.forecastBlockDropped(location: location, reason: reason))
            }
            let previous = record.air
            record.lastError = nil
            record.fetchedAt = now.wall
            record.dataInterval = answer.dataInterval
            if let previous, answer.airQuality.time <= previous.time {
                // The hour already known (its values may have been revised); an older one does not replace it.
                if answer.airQuality.time == previous.time { record.air = answer.airQuality }
                if previous.time.adding(seconds: record.interval) <= apiTime(at: now) {
                    // No news where news was due (the API lags behind its hour): retried like a failure.
                    scheduleAirRetry(&record, at: now)
                } else {
                    record.failures = 0
                    record.retryAt = nil
                }
                return .air(news: false)
            }
            record.air = answer.airQuality
            record.failures = 0
            record.retryAt = nil
            record.spread = Double.random(in: 0...DataInterval.maximumSpread(record.interval), using: &random)
            noticeAirLevel(from: previous, to: answer.airQuality, at: location, events: &events)
            return .air(news: true)
        }
    }

    /// Counts one more failure (or "no news") of `record` and sets its retry time.
    private func scheduleAirRetry(_ record: inout AirRecord, at now: Moment) {
        record.failures += 1
        record.retryAt = .uptime(now.uptime + airRetryDelay(failures: record.failures, interval: record.interval))
    }

    /// One event when the level on the configured scale enters poor or worse (from a better level, or from
    /// nothing known: the first answer of a run without a cache), one when it leaves; an answer without the
    /// scale's index changes nothing.
    private func noticeAirLevel(
        from previous: AirQuality?,
        to current: AirQuality,
        at location: Location,
        events: inout [PlannerEvent]
    ) {
        let scale = settings.airQualityScale
        guard let reading = current.reading(on: scale) else { return }
        let wasPoor = previous?.reading(on: scale)?.level.isPoorOrWorse ?? false
        if reading.level.isPoorOrWorse != wasPoor {
            events.append(.airLevelChanged(location: location, reading: reading))
        }
    }
}
