import WeatherCore

extension Configuration {
    /// What the configuration may cost, and whether data can turn stale between refreshes (SPEC §3):
    /// logged at start and printed by `check-config`.
    public var warnings: [String] {
        var warnings: [String] = []
        let perSecond = callsPerSecond
        for window in QuotaWindow.allCases where limits[window] > 0 {
            let calls = perSecond * window.length
            let limit = Weight.calls(limits[window])
            if calls > limit {
                warnings.append(
                    "refresh \(refresh) with \(locations.count) location\(locations.count == 1 ? "" : "s") every "
                        + "\(DurationParser.format(interval)) can spend about \(NumberFormat.fixed(calls, decimals: 0)) "
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

    /// About how many calls a second the refresh policy spends: weight / interval under `every_tick`,
    /// else N / max(P, N × interval), P the data interval (900 s) or the duration.
    public var callsPerSecond: Double {
        let count = Double(locations.count)
        guard let period = refreshPeriod else {
            return Weight.calls(Forecast.weight(includingToday: false)) / interval.seconds
        }
        return count / max(period, count * interval.seconds)
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
