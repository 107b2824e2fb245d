/// The forecast window each location showed at the last snapshot, kept for the next one.
///
/// A window changes only when one of its hours or nowcast steps passes, when the local date changes, when
/// a fetch brings new blocks, or when a reload changes the settings (or the place's UTC offset changes);
/// between those moments every tick's snapshot made the same window again, as new arrays. Worked out anew, a window was a tenth of a tick that fetches nothing, and its
/// new arrays made the state encoder compare each entry's hours, days and steps value by value to find
/// it unchanged (callgrind, release build: together about a sixth of such a tick). Kept, a window is
/// the same arrays as before, which `==` recognises at once.
public struct ShownForecasts: Sendable {
    private struct Entry: Sendable {
        /// The record's forecast the window was made from.
        var source: LocationForecast
        var settings: ForecastSettings
        /// The window holds for the API's times from `from` to before `until`, on the local date `date` (nil:
        /// the place's UTC offset was not known, and every day was shown). The days depend on the offset
        /// only through that date.
        var from: Timestamp
        var until: Timestamp
        var date: LocalDate?
        var window: LocationForecast
    }

    private var entries: [String: Entry] = [:]

    /// Nothing shown yet.
    public init() {}

    /// `forecast.window(at:settings:utcOffsetSeconds:)` for the location `id`: the window kept from the
    /// previous call when it still holds at `apiNow`, else a new one, which is kept.
    public mutating func window(
        of id: String,
        _ forecast: LocationForecast,
        at apiNow: Timestamp,
        settings: ForecastSettings,
        utcOffsetSeconds: Int?
    ) -> LocationForecast {
        // A time that is not a number compares as neither before nor after any other: such a window is
        // made and not kept.
        guard apiNow.secondsSinceEpoch.isFinite else {
            return forecast.window(at: apiNow, settings: settings, utcOffsetSeconds: utcOffsetSeconds)
        }
        let date = utcOffsetSeconds.map { LocalDate(at: apiNow, utcOffsetSeconds: $0) }
        if let entry = entries[id], entry.from <= apiNow, apiNow < entry.until, entry.date == date,
            entry.settings == settings, entry.source == forecast
        {
            return entry.window
        }
        let window = forecast.window(at: apiNow, settings: settings, utcOffsetSeconds: utcOffsetSeconds)
        entries[id] = Entry(
            source: forecast,
            settings: settings,
            from: apiNow,
            until: forecast.nextPassing(after: apiNow, settings: settings),
            date: date,
            window: window
        )
        return window
    }

    /// Forgets the windows of locations no longer configured once there are more windows than `records`
    /// (after a reload): a few stale ones may stay until then, and a stale one is never taken for a
    /// location whose forecast differs.
    mutating func forget(allBut records: [LocationRecord]) {
        guard entries.count > records.count else { return }
        let ids = Set(records.map(\.location.id))
        entries = entries.filter { ids.contains($0.key) }
    }
}

extension LocationForecast {
    /// The first time after `now` at which an hour or a nowcast step the window shows passes (its time is
    /// no longer after the API's clock): the window is the same until then, on the same local date.
    func nextPassing(after now: Timestamp, settings: ForecastSettings) -> Timestamp {
        var next = Timestamp(secondsSinceEpoch: .infinity)
        if settings.hours > 0 {
            for hour in hourly where hour.time > now && hour.time < next { next = hour.time }
        }
        if settings.nowcast {
            for step in nowcast where step.time > now && step.time < next { next = step.time }
        }
        return next
    }
}
