/// The forecast's share of the planner (docs/forecast.md): rain episodes, dropped blocks, and the window of
/// coming hours, days and steps a snapshot shows.
extension Planner {
    /// Starts a rain episode for each location whose nowcast reads wet now or within 30 minutes (one
    /// ``PlannerEvent/rainSoon(location:summary:)`` per episode) and ends the episode of each whose
    /// whole window reads dry again.
    mutating func noticeRain(at now: Moment, events: inout [PlannerEvent]) {
        guard settings.forecast.nowcast else { return }
        let apiNow = apiTime(at: now)
        for record in records {
            let id = record.location.id
            let unit = record.weather?.units.precipitation ?? settings.units.precipitation
            // Only when an episode starts is the whole summary (its sentence) made: every tick asks, and
            // making it was most of this check (callgrind).
            switch NowcastSummary.rainStart(of: record.forecast.nowcast, unit: unit, at: apiNow) {
            case .noStepsComing:
                continue
            case .at(let startsAt) where NowcastSummary.isSoon(startsAt, at: apiNow):
                guard !rainEpisodes.contains(id),
                    let summary = NowcastSummary(
                        steps: record.forecast.nowcast,
                        hourly: record.forecast.hourly,
                        unit: unit,
                        at: apiNow
                    )
                else { continue }
                rainEpisodes.insert(id)
                events.append(.rainSoon(location: record.location, summary: summary))
            case .at:
                continue
            case .dry:
                if rainEpisodes.remove(id) != nil { events.append(.rainEnded(location: id)) }
            }
        }
    }

    /// Logs each bad-input condition of `forecast`'s blocks once per location (docs/forecast.md "Bad input").
    mutating func noticeDroppedBlocks(of forecast: Forecast, at location: Location, events: inout [PlannerEvent]) {
        for reason in forecast.droppedBlocks where reportedDrops.insert("\(location.id): \(reason)").inserted {
            events.append(.forecastBlockDropped(location: location, reason: reason))
        }
    }
}

extension LocationForecast {
    /// What a snapshot at `apiNow` shows of this forecast under `settings`: the next `hours` hours, the
    /// days from the local date on (at most `days`), the steps still coming; parts switched off are
    /// empty.
    public func window(at apiNow: Timestamp, settings: ForecastSettings, utcOffsetSeconds: Int?) -> LocationForecast {
        var shown = self
        shown.hourly = settings.hours > 0 ? Array(comingHours(at: apiNow).prefix(settings.hours)) : []
        if settings.hours == 0 { shown.hourlyFetchedAt = nil }
        let days = utcOffsetSeconds.map { comingDays(at: apiNow, utcOffsetSeconds: $0) } ?? daily
        shown.daily = Array(days.prefix(settings.days))
        shown.nowcast = settings.nowcast ? comingSteps(at: apiNow) : []
        if !settings.nowcast { shown.nowcastFetchedAt = nil }
        return shown
    }
}
