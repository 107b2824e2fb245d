/// Which blocks a location's next request carries, and taking a response's blocks (docs/forecast.md "Requests"):
/// on slots of the API's clock, so every host asks the same URL at the same time.
extension LocationForecast {
    /// The length of the `daily` slot, in seconds: 6 hours of UTC.
    public static let dailySlot = 6 * 3600.0

    /// The blocks the next request carries at `apiNow` (the API's clock) for a location
    /// `utcOffsetSeconds` ahead of UTC (nil: not known yet): `hourly` on the first request in each UTC
    /// hour or when the hours are missing; `daily` on the first in each 6-hour UTC slot, after the local
    /// date changed, or when the days are missing; the nowcast on every request while it is on. Hours or
    /// days are missing when fewer are known than wanted (none yet, a previous run's `today` alone, a
    /// reload that asks for more).
    public func blocks(wanted: ForecastSettings, utcOffsetSeconds: Int?, at apiNow: Timestamp) -> ForecastBlocks {
        var blocks = ForecastBlocks(nowcast: wanted.nowcast)
        // A block dropped as bad input in this slot is not missing: asked for again on its next slot.
        let hourlyTried = Self.later(hourlyFetchedAt, hourlyDroppedAt)
        let hoursDroppedNow = Self.sameSlot(hourlyDroppedAt, apiNow, length: 3600)
        if wanted.hours > 0,
            (hourly.count < wanted.hours && !hoursDroppedNow) || !Self.sameSlot(hourlyTried, apiNow, length: 3600)
        {
            blocks.hours = wanted.requestedHours
        }
        let dailyTried = Self.later(dailyFetchedAt, dailyDroppedAt)
        let daysDroppedNow = Self.sameSlot(dailyDroppedAt, apiNow, length: Self.dailySlot)
        let dateChanged = utcOffsetSeconds.map { daily.first?.date != LocalDate(at: apiNow, utcOffsetSeconds: $0) }
        if ((daily.count < wanted.days || dateChanged ?? true) && !daysDroppedNow)
            || !Self.sameSlot(dailyTried, apiNow, length: Self.dailySlot)
        {
            blocks.days = wanted.days
        }
        return blocks
    }

    /// The later of two times, either of which may be unknown. Every snapshot asks for every location's
    /// blocks (its next request's weight): two arrays a call, made and dropped, were nine tenths of the call's
    /// cost (callgrind: 4 calls a tick, 6,200 instructions, 680 without them).
    private static func later(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
        guard let a, let b else { return a ?? b }
        return max(a, b)
    }

    /// Whether `earlier` lies in the same UTC slot of `length` seconds as `now`.
    static func sameSlot(_ earlier: Timestamp?, _ now: Timestamp, length: Double) -> Bool {
        guard let earlier else { return false }
        return (earlier.secondsSinceEpoch / length).rounded(.down) == (now.secondsSinceEpoch / length).rounded(.down)
    }

    /// Takes the blocks `forecast` brought, fetched at `apiNow` on the API's clock (`wall` on the
    /// host's, for the day's `fetchedAt`); a block not asked for or dropped keeps what was known, and a
    /// block `asked` for that did not come (dropped as bad input) is noted as tried.
    public mutating func take(
        _ forecast: Forecast,
        asked: ForecastBlocks = .none,
        at apiNow: Timestamp,
        wall: Timestamp
    ) {
        if asked.hours != nil, forecast.hourly == nil { hourlyDroppedAt = apiNow }
        if asked.days != nil, forecast.daily == nil { dailyDroppedAt = apiNow }
        if let hours = forecast.hourly {
            hourly = hours
            hourlyFetchedAt = apiNow
        }
        if let days = forecast.daily {
            daily = days.map { day in
                var day = day
                day.fetchedAt = wall
                return day
            }
            dailyFetchedAt = apiNow
        }
        if let steps = forecast.nowcast {
            nowcast = steps
            nowcastFetchedAt = apiNow
        }
    }
}

extension LocationState {
    /// The forecast a previous run left for this location: its `forecast`, else its `today` alone.
    public var restoredForecast: LocationForecast {
        if let forecast { return forecast }
        var restored = LocationForecast()
        if let today {
            restored.daily = [today]
            restored.dailyFetchedAt = today.fetchedAt
        }
        return restored
    }
}
