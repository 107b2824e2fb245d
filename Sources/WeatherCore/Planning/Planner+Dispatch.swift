/// Dispatching a fetch: the blocks it carries, what it costs, and whether a pause or a quota window holds it.
extension Planner {
    /// The forecast blocks the next fetch of `record` carries (docs/forecast.md "Requests").
    func blocks(forNextFetchOf record: LocationRecord, at now: Moment) -> ForecastBlocks {
        record.forecast.blocks(
            wanted: settings.forecast,
            utcOffsetSeconds: record.weather?.utcOffsetSeconds,
            at: apiTime(at: now)
        )
    }

    /// What the next fetch of `record` weighs in tenths of a call: the forecast, and a geocoding request
    /// first for a location given by name and not resolved yet.
    func weight(ofNextFetchOf record: LocationRecord, at now: Moment) -> Int {
        blocks(forNextFetchOf: record, at: now).weight
            + (record.location.hasCoordinates ? 0 : Forecast.geocodingWeight)
    }

    /// Marks the fetch of `records[index]` from `source` as in flight and counts its requests (in the quota
    /// ledger, Open-Meteo's only). A source that answers in UTC gets the location's UTC offset, when known,
    /// to cut its days at; its first order without one says so once.
    mutating func dispatch(
        _ index: Int,
        source: WeatherSource,
        probe: Bool,
        at now: Moment,
        queued: Bool,
        tick: Int,
        events: inout [PlannerEvent]
    ) -> FetchOrder {
        let record = records[index]
        let isOpenMeteo = source == .openMeteo
        // The same blocks whichever source answers. MET Norway's answer always carries nine days, but reading
        // all of them was a quarter of a MET fetch's CPU (perf, bench-planner-day): its decoder reads what is
        // due. MET has no nowcast.
        var blocks = blocks(forNextFetchOf: record, at: now)
        if !isOpenMeteo { blocks.nowcast = false }
        nextJob += 1
        var order = FetchOrder(
            job: nextJob,
            location: record.configured.hasCoordinates ? record.configured : record.location,
            units: settings.units,
            blocks: blocks,
            queued: queued,
            tick: tick,
            weight: isOpenMeteo ? blocks.weight : 0,
            chargedAt: apiTime(at: now),
            startedUptime: now.uptime,
            guarded: isOpenMeteo && isGuarded(record)
        )
        order.source = source
        order.probe = probe
        if !isOpenMeteo {
            order.altitude = record.elevation
            order.utcOffsetSeconds = record.weather?.utcOffsetSeconds
            if record.source == source { order.ifModifiedSince = record.weather?.lastModified }
            if order.utcOffsetSeconds == nil, reportedNoOffset.insert(record.location.id).inserted {
                events.append(.noUTCOffset(location: record.location, source: source))
            }
        }
        records[index].forced = false
        queue.removeValue(forKey: record.location.id)
        inFlight = order
        counters.requests += order.geocode ? 2 : 1
        counters.sourceRequests[source, default: 0] += order.geocode ? 2 : 1
        if isOpenMeteo { ledger.charge(weight(ofNextFetchOf: record, at: now), at: apiTime(at: now)) }
        return order
    }

    /// Counts one request of the largest weight a location's next fetch has, in the current quota windows:
    /// at start, for the request that a run which did not stop (kill -9, a crash, a power cut) may have
    /// had in flight, which its cache could not hold (docs/state-file.md "The durable cache").
    public mutating func chargeRequestLostInFlight(at now: Moment) {
        let largest = records.map { weight(ofNextFetchOf: $0, at: now) }.max() ?? 0
        ledger.charge(largest, at: apiTime(at: now))
    }

    /// Enforces the pause and the quota limits on a fetch of `record` at `now`: returns why it must wait
    /// (nil: it may go). A quota window the fetch would take over its limit starts a hold of every request
    /// until the window resets, plus a random spread, and is reported once per window.
    /// Only Open-Meteo's requests are held back so: another source's terms are the location's
    /// (``SourcePause``).
    mutating func enforceLimits(
        for record: LocationRecord,
        source: WeatherSource = .openMeteo,
        at now: Moment,
        events: inout [PlannerEvent]
    ) -> Waiting? {
        guard source == .openMeteo else { return nil }
        if backoff.isPaused(at: now) { return .backoff }
        quotaHold?.noticeWindowEnd(at: now)
        if quotaHold?.holds(at: now) == true { return .quota }
        quotaHold = nil
        let weight = weight(ofNextFetchOf: record, at: now)
        let apiNow = apiTime(at: now)
        guard let window = ledger.fullWindow(for: weight, limits: settings.limits, at: apiNow) else { return nil }
        let count = ledger.count(window, at: apiNow)
        // The window is the API's; the hold is on the host's wall clock.
        quotaHold = QuotaHold(
            windowEnd: apiClock.hostTime(count.resetsAt),
            spread: resumeSpread(after: window.length)
        )
        if reportedFull[window] != count.resetsAt {
            reportedFull[window] = count.resetsAt
            events.append(
                .quotaWindowFull(
                    window,
                    used: Weight.calls(count.usedTenths),
                    limit: Weight.calls(settings.limits[window]),
                    until: apiClock.hostTime(count.resetsAt)
                )
            )
        }
        return .quota
    }
}
