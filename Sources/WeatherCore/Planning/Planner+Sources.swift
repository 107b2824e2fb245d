/// Which source serves each location (docs/sources.md): Open-Meteo first, a later source (MET Norway)
/// when the first fails in a way that will not heal before the location would turn stale, the first asked
/// again once per its data period, and the later source asked on its own terms (no request before its
/// `Expires`, a pause after it refuses the location).
extension Planner {
    /// What a due location's fetch would be now.
    enum Decision: Sendable, Hashable {
        /// Ask `source`; `probe`: the first source, asked again while a later one serves the location.
        case fetch(WeatherSource, probe: Bool)
        /// Nothing is asked now: why (nil: nothing is due after all).
        case blocked(Waiting?)
    }

    /// How long before a location would turn stale its failover must happen: a rotation to reach it on the
    /// next source and a minute for that request.
    var failoverMargin: Double { Double(records.count) * settings.interval + 60 }

    /// Decides the fetch of the due location `records[index]`: its first source asked again when that is
    /// due (and not paused or over a limit), else the source serving it. A first source held back by a
    /// pause or a full quota window past the time the location would turn stale hands it to the next
    /// source at once.
    mutating func decide(_ index: Int, at now: Moment, events: inout [PlannerEvent]) -> Decision {
        let record = records[index]
        if record.isOnFallback, let first = record.sources.first, let retry = record.firstSourceRetryAt,
            retry <= now.wall
        {
            if enforceLimits(for: record, source: first, at: now, events: &events) == nil {
                return .fetch(first, probe: true)
            }
            // The first source is held back: asked again after its pause; the later one goes on.
            records[index].firstSourceRetryAt = nextFirstSourceRetry(after: now)
            guard isDue(records[index], at: now) else { return .blocked(nil) }
        }
        if let pause = record.sourcePause, pause.source == record.source, pause.until > now.wall {
            return .blocked(.backoff)
        }
        guard let waiting = enforceLimits(for: record, source: record.source, at: now, events: &events) else {
            return .fetch(record.source, probe: false)
        }
        guard let next = record.nextSource, let heldUntil = heldUntil(record.source, at: now),
            heldUntil.adding(seconds: failoverMargin) >= staleDeadline(of: record, at: now)
        else { return .blocked(waiting) }
        let reason =
            waiting == .quota
            ? "a quota window of \(record.source.rawValue) is full until \(heldUntil.rfc3339)"
            : "requests to \(record.source.rawValue) are paused until \(heldUntil.rfc3339)"
        failOver(index, to: next, reason: reason, at: now, events: &events)
        return .fetch(next, probe: false)
    }

    /// Until when `source` is held back for every location (a 429's or 503's pause, a full quota window),
    /// nil when it is not.
    func heldUntil(_ source: WeatherSource, at now: Moment) -> Timestamp? {
        guard source == .openMeteo else { return nil }
        var until: Timestamp?
        if let pause = backoff.until, !pause.hasPassed(at: now) { until = pause.wall(at: now) }
        if let hold = quotaHold, hold.holds(at: now) { until = max(until ?? now.wall, hold.resumption(at: now)) }
        return until
    }

    /// When `record`'s weather turns stale (now plus `stale_after` for a location without weather).
    func staleDeadline(of record: LocationRecord, at now: Moment) -> Timestamp {
        guard let weather = record.weather else { return now.wall.adding(seconds: settings.staleAfter) }
        return apiClock.hostTime(LocationStatus.staleAt(weather, staleAfter: settings.staleAfter))
    }

    /// When a location on a later source asks its first source again: one data period of Open-Meteo's (as
    /// its answers last said) on.
    func nextFirstSourceRetry(after now: Moment) -> Timestamp {
        now.wall.adding(seconds: openMeteoPeriod)
    }

    /// Whether `error`, a failure of `source`, will not heal by itself: server errors, timeouts, refused
    /// or reset connections, answers that are not the source's (HTML, truncated), 429 and 503, and MET
    /// Norway refusing the client (403).
    static func isLasting(_ error: FetchError, of source: WeatherSource) -> Bool {
        switch error.kind {
        case .timeout, .network, .invalidResponse, .rateLimited, .unavailable: true
        case .http: (error.httpStatus ?? 0) >= 500 || (source == .metNorway && error.httpStatus == 403)
        case .notFound: false
        }
    }

    /// Whether the failure of `records[index]`'s source, just recorded, moves it to the next source: a
    /// lasting failure, the second in a row or one whose next try would come too close to the time the
    /// location turns stale. One failure that heals at its retry (a lone 500) does not move it.
    func shouldFailOver(_ index: Int, after error: FetchError, at now: Moment) -> Bool {
        let record = records[index]
        guard record.nextSource != nil, Self.isLasting(error, of: record.source) else { return false }
        if record.sourceFailures >= 2 { return true }
        var nextTry = record.retryAt?.wall(at: now) ?? now.wall
        if let held = heldUntil(record.source, at: now) { nextTry = max(nextTry, held) }
        if let pause = record.sourcePause, pause.source == record.source { nextTry = max(nextTry, pause.until) }
        return nextTry.adding(seconds: failoverMargin) >= staleDeadline(of: record, at: now)
    }

    /// Moves `records[index]` to `next`: due there at once, its first source asked again a data period later.
    mutating func failOver(
        _ index: Int,
        to next: WeatherSource,
        reason: String,
        at now: Moment,
        events: inout [PlannerEvent]
    ) {
        let from = records[index].source
        records[index].source = next
        if records[index].fallbackSince == nil { records[index].fallbackSince = now.wall }
        records[index].sourceFailures = 0
        records[index].failures = 0
        records[index].retryAt = nil
        records[index].firstSourceRetryAt = nextFirstSourceRetry(after: now)
        queue.removeValue(forKey: records[index].location.id)
        events.append(.sourceChanged(location: records[index].location, from: from, to: next, reason: reason))
    }

    /// Moves every location whose last fetch failed in a lasting way to its next source at once, whatever
    /// the time left before it turns stale: `weatherd once` asks each location once, and asks the next
    /// source of those its first failed. Returns whether any moved.
    public mutating func failOverFailedLocations(at now: Moment) -> Bool {
        var events: [PlannerEvent] = []
        for index in records.indices {
            let record = records[index]
            guard let error = record.lastError, let next = record.nextSource,
                Self.isLasting(
                    FetchError(kind: error.kind, message: error.message, httpStatus: error.httpStatus),
                    of: record.source
                )
            else { continue }
            failOver(index, to: next, reason: error.message, at: now, events: &events)
        }
        return !events.isEmpty
    }

    /// The first source answered again: `records[index]` is back on it.
    mutating func returnToFirstSource(_ index: Int, events: inout [PlannerEvent]) {
        let record = records[index]
        guard record.isOnFallback, let first = record.sources.first else { return }
        records[index].source = first
        records[index].fallbackSince = nil
        records[index].firstSourceRetryAt = nil
        records[index].sourceFailures = 0
        events.append(.sourceReturned(location: record.location, from: record.source, to: first))
    }

    /// The due time of a location served by a source that says until when its answer holds (MET Norway):
    /// that time plus the period's spread; nil when it has no such answer yet (due now).
    func validityDueTime(_ record: LocationRecord) -> Timestamp? {
        guard let validUntil = record.weather?.validUntil else { return nil }
        return apiClock.hostTime(validUntil).adding(seconds: record.spread)
    }

    /// A fresh spread after a source's `Expires` `validUntil` (host time): up to a fifth of the time to it,
    /// at most a minute, so requests spread over the minute and never all come on the full hour.
    mutating func validitySpread(until validUntil: Timestamp, at now: Moment) -> Double {
        let bound = min(max(0, validUntil.seconds(since: now.wall)) / 5, 60)
        return Double.random(in: 1...max(1, bound), using: &random)
    }

    /// A pause of `source` for `records[index]` after it refused the location (403, 429): at least an hour,
    /// longer when its `Retry-After` says so (at most six hours).
    mutating func pauseSource(_ index: Int, after error: FetchError, at now: Moment, events: inout [PlannerEvent]) {
        let source = records[index].source
        guard source == .metNorway, error.httpStatus == 403 || error.httpStatus == 429 else { return }
        let seconds = min(max(3600, error.retryAfterSeconds ?? 3600), 6 * 3600)
        let until = now.wall.adding(seconds: seconds)
        records[index].sourcePause = SourcePause(source: source, until: until)
        events.append(
            .sourcePaused(location: records[index].location, source: source, until: until, reason: error.message)
        )
    }

    /// Records the answer of `order` (a source with caching headers): the weather holds until its `Expires`
    /// (on the API's clock, from the answer's own clock sample), counts as observed now, and keeps its
    /// `Last-Modified`.
    func stamped(_ weather: Weather, validity: AnswerValidity?, sample: Double?, at now: Moment) -> Weather {
        var weather = weather
        weather.observedAt = apiTime(at: now)
        if let expires = validity?.expires {
            weather.validUntil = apiClock.apiTime(expires.adding(seconds: -(sample ?? 0)))
        }
        if let lastModified = validity?.lastModified { weather.lastModified = lastModified }
        return weather
    }
}
