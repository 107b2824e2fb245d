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
        switch outcome.result {
        case .success(.forecast(let forecast)):
            return .weather(news: record(forecast, of: order, index: index, at: now, events: &events))
        case .success(.notModified):
            // Nothing changed since the answer held: a fresh answer, no news.
            records[index].fetchedAt = now.wall
            records[index].lastError = nil
            records[index].failures = 0
            records[index].retryAt = nil
            return .weather(news: false)
        case .failure(let error):
            records[index].lastError = ErrorRecord(error, at: now.wall)
            // 429 and 503 leave k alone: their daemon-wide pause comes instead.
            if !Backoff.pauses(error) { scheduleRetry(index, at: now) }
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
        if DataInterval.isOutOfRange(sent), let sent, reportedIntervals.insert(record.location.id).inserted {
            events.append(.unusualDataInterval(location: record.location.id, seconds: sent))
        }
        // Blocks of an answer older than the weather held (the server went back in time) or not asked for
        // do not replace newer ones. The blocks are stamped with the time the request was sent (on the
        // API's clock): an answer that arrives in the next hour leaves that hour's block due.
        if record.weather.map({ forecast.weather.observedAt >= $0.observedAt }) ?? true {
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
        guard case .auto = settings.refresh, let old = record.weather, forecast.weather.observedAt <= old.observedAt
        else {
            record.weather = forecast.weather
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
