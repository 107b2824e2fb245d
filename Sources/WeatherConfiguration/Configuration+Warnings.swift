import WeatherCore

extension Configuration {
    /// What the configuration may cost, and whether data can turn stale between refreshes (weatherd.conf(5)):
    /// logged at start and printed by `check-config`.
    public var warnings: [String] {
        var warnings: [String] = []
        let perSecond = callsPerSecond + airQualityCallsPerSecond
        let air = airQualityLocations.count
        for window in QuotaWindow.allCases where limits[window] > 0 {
            let calls = perSecond * window.length
            let limit = Weight.calls(limits[window])
            if calls > limit {
                warnings.append(
                    "refresh \(refresh) with \(locations.count) location\(locations.count == 1 ? "" : "s") every "
                        + "\(DurationParser.format(interval))\(air > 0 ? " and the air quality of \(air)" : "") "
                        + "can spend about \(NumberFormat.fixed(calls, decimals: 0)) "
                        + "calls a \(window.rawValue), above api.limits.\(window.rawValue) (\(NumberFormat.json(limit)))"
                )
            }
        }
        // Weather ages from its observed_at, which lags up to a data interval even when fetched every tick.
        let period = refreshPeriod ?? DataInterval.standard
        let needed = period + 60 + 2 * Double(locations.count) * interval.seconds
        if staleAfter.seconds < needed {
            warnings.append(
                "stale_after \(DurationParser.format(staleAfter)) is shorter than a normal refresh takes "
                    + "(\(DurationParser.format(DurationParser.seconds(needed)))): data would turn stale between refreshes"
            )
        }
        return warnings
    }

    /// About how many calls a second the refresh policy spends: w / interval under `every_tick`, else
    /// w × N / max(P, N × interval), P the data interval (900 s) or the duration, w the average weight
    /// of a request (weatherd.conf(5), docs/forecast.md).
    public var callsPerSecond: Double {
        let count = Double(locations.count)
        guard let period = refreshPeriod else {
            return averageWeight(requestsPerDay: 86_400 / (count * interval.seconds)) / interval.seconds
        }
        let spacing = max(period, count * interval.seconds)
        return averageWeight(requestsPerDay: 86_400 / spacing) * count / spacing
    }

    /// About how many calls a second the air quality requests spend (docs/air.md): one an hour for each
    /// location whose air quality is fetched, of its request's weight; they count in the same budget.
    public var airQualityCallsPerSecond: Double {
        let weights = airQualityLocations.map { location in
            Weight.calls(AirQualityRequest(location: location).weight)
        }
        return weights.reduce(0, +) / 3600
    }

    /// The day's weights of one location divided by its day's requests, at `requestsPerDay` requests:
    /// every request carries the current weather (and the nowcast), `hourly` rides on one request an
    /// hour, `daily` on about five a day (four 6-hour slots and the local date's change).
    func averageWeight(requestsPerDay: Double) -> Double {
        let hours = forecast.requestedHours
        let base = Weight.calls(ForecastBlocks(nowcast: forecast.nowcast).weight)
        let hourly = Weight.calls(ForecastBlocks(hours: hours, nowcast: forecast.nowcast).weight) - base
        let daily = Weight.calls(ForecastBlocks(days: forecast.days, nowcast: forecast.nowcast).weight) - base
        guard requestsPerDay > 0 else { return base }
        return base + (hourly * min(requestsPerDay, 24) + daily * min(requestsPerDay, 5)) / requestsPerDay
    }

    /// The period after which a location is refreshed: the data interval under `auto`, the duration,
    /// nil under `every_tick`.
    private var refreshPeriod: Double? {
        switch refresh {
        case .auto: DataInterval.standard
        case .everyTick: nil
        case .every(let duration): duration.seconds
        }
    }
}
