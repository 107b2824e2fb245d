/// What a finished fetch changes for its location (docs/fetching.md "When"): news, "no news", or a failure.
extension Planner {
    /// Records `outcome` for `records[index]`.
    mutating func recordOutcome(
        _ outcome: FetchOutcome,
        of order: FetchOrder,
        index: Int,
        at now: Moment,
        events: inout [PlannerEvent]
    ) -> FinishPlan.Change {
        if let place = outcome.place {
            records[index].location = records[index].location.resolved(
                latitude: place.latitude,
                longitude: place.longitude
            )
        }
        if order.probe {
            // The first source, asked again while a later one serves the location: back on it at its first
            // good answer; a failure leaves the location as it is (its status is the later source's).
            guard case .success = outcome.result else {
                records[index].firstSourceRetryAt = nextFirstSourceRetry(after: now)
                if case .failure(let error) = outcome.result {
                    events.append(
                        .firstSourceStillFailing(
                            location: records[index].location,
                            source: order.source,
                            reason: error.message
                        )
                    )
                    return .probeFailed(error)
                }
                return .weather(news: false)
            }
            returnToFirstSource(index, events: &events)
        } else if order.source != records[index].source {
            // Asked before a failover moved the location: what it brought still counts if it is good.
            guard case .success = outcome.result else { return .discarded }
        }
        switch outcome.result {
        case .success(.forecast(let forecast)):
            records[index].sourceFailures = 0
            if let elevation = forecast.elevation { records[index].elevation = elevation }
            if order.source == .openMeteo { openMeteoPeriod = DataInterval.effective(forecast.weather.dataInterval) }
            var forecast = forecast
            if order.source != .openMeteo {
                forecast.weather = stamped(
                    forecast.weather,
                    validity: forecast.validity,
                    sample: forecast.apiClockSample,
                    at: now
                )
                if forecast.weather.utcOffsetSeconds == nil {
                    forecast.weather.utcOffsetSeconds = records[index].weather?.utcOffsetSeconds
                }
            }
            let news = record(forecast, of: order, index: index, at: now, events: &events)
            if let validUntil = records[index].weather?.validUntil, order.source != .openMeteo {
                records[index].spread = validitySpread(until: apiClock.hostTime(validUntil), at: now)
            }
            return .weather(news: news)
        case .success(.notModified(let validity, let sample)):
            // Nothing changed since the answer held: a fresh answer, no news.
            records[index].sourceFailures = 0
            if let weather = records[index].weather {
                records[index].weather = stamped(weather, validity: validity, sample: sample, at: now)
                if let validUntil = records[index].weather?.validUntil {
                    records[index].spread = validitySpread(until: apiClock.hostTime(validUntil), at: now)
                }
            }
            records[index].fetchedAt = now.wall
            records[index].lastError = nil
            records[index].failures = 0
            records[index].retryAt = nil
            return .weather(news: false)
        case .failure(let error):
            records[index].lastError = ErrorRecord(error, at: now.wall)
            records[index].sourceFailures += 1
            // 429 and 503 of Open-Meteo leave k alone: their daemon-wide pause comes instead.
            if !Backoff.pauses(error) || order.source != .openMeteo { scheduleRetry(index, at: now) }
            pauseSource(index, after: error, at: now, events: &events)
            if let next = records[index].nextSource, shouldFailOver(index, after: error, at: now) {
                failOver(index, to: next, reason: error.message, at: now, events: &events)
            }
            return .failed(error)
        }
    }

    /// Stores a successful forecast; returns whether it brought news (a newer `observed_at`, or any
    /// weather where there was none, or any fetch under `every_tick` and durations).
    private mutating func record(
        _ forecast: Forecast,
        of order: FetchOrder,
        index: Int,
        at now: Moment,
        events: inout [PlannerEvent]
    ) -> Bool {
        var record = records[index]
        let sent = forecast.weather.dataInterval
        // Weather of another source is replaced whatever the times say: the two clocks of "observed" differ.
        let replacesAnotherSource = record.weatherSource.map { $0 != order.source } ?? false
        if DataInterval.isOutOfRange(sent), let sent, reportedIntervals.insert(record.location.id).inserted {
            events.append(.unusualDataInterval(location: record.location.id, seconds: sent))
        }
        // Blocks of an answer older than the weather held (the server went back in time) or not asked for
        // do not replace newer ones. The blocks are stamped with the time the request was sent (on the
        // API's clock): an answer that arrives in the next hour leaves that hour's block due.
        if replacesAnotherSource || (record.weather.map({ forecast.weather.observedAt >= $0.observedAt }) ?? true) {
            var answered = forecast
            if order.blocks.hours == nil { answered.hourly = nil }
            if order.blocks.days == nil { answered.daily = nil }
            if !order.blocks.nowcast { answered.nowcast = nil }
            record.forecast.take(answered, asked: order.blocks, at: order.chargedAt, wall: now.wall)
        }
        noticeDroppedBlocks(of: forecast, at: record.location, events: &events)
        record.fetchedAt = now.wall
        record.refreshedAt = .uptime(order.startedUptime)
        if order.guarded { record.answered = Array((record.answered + [now.uptime]).suffix(2)) }
        guard case .auto = settings.refresh, let old = record.weather, !replacesAnotherSource,
            forecast.weather.observedAt <= old.observedAt
        else {
            record.weather = forecast.weather
            record.weatherSource = order.source
            record.lastError = nil
            record.failures = 0
            record.retryAt = nil
            record.spread = freshSpread(forPeriodOf: forecast.weather)
            records[index] = record
            return true
        }
        // The period is one already known. Its values may have been revised; a server that went back in
        // time does not replace newer weather.
        if forecast.weather.observedAt == old.observedAt { record.weather = forecast.weather }
        // The fetch itself succeeded: a location that was failing is no longer in error.
        record.lastError = nil
        records[index] = record
        if old.observedAt.adding(seconds: DataInterval.effective(old.dataInterval)) <= apiTime(at: now) {
            // No news where news was due (the API lags behind its period): retried like a failure, the
            // status unchanged.
            scheduleRetry(index, at: now)
        } else {
            // Fetched before the period could change (SIGUSR1): nothing was missed; due as before.
            records[index].failures = 0
            records[index].retryAt = nil
            records[index].lastError = nil
        }
        return false
    }
}
