import WeatherCore

/// A location's forecast as a reader sees it at one moment (docs/forecast.md): only the hours, days and
/// 15-minute steps still coming on the API's clock (the window slides between refreshes), today and
/// tomorrow in the location's local time, and the nowcast summed up anew.
public struct Outlook: Sendable {
    /// The location.
    public let entry: LocationState
    /// Now on the API's clock.
    public let now: Timestamp
    /// The location's offset from UTC, from its weather; nil when unknown.
    public let utcOffsetSeconds: Int?
    /// The units of its values.
    public let units: Units
    /// The hours whose start is after now, oldest first.
    public let hours: [HourForecast]
    /// The days from the local date of now on.
    public let days: [DayForecast]
    /// The nowcast summed up at now; nil without a coming step.
    public let nowcast: NowcastSummary?
    /// Today's outlook in the location's local time.
    public let today: DayForecast?
    /// Tomorrow's.
    public let tomorrow: DayForecast?

    /// The outlook of `entry` when the API's clock reads `now` (``StateSnapshot/apiTime(_:)``).
    public init(_ entry: LocationState, at now: Timestamp) {
        self.entry = entry
        self.now = now
        let offset = entry.weather?.utcOffsetSeconds
        utcOffsetSeconds = offset
        let units = entry.weather?.units ?? Units()
        self.units = units
        let forecast = entry.forecast ?? LocationForecast()
        hours = forecast.comingHours(at: now).sorted { $0.time < $1.time }
        days = forecast.comingDays(at: now, utcOffsetSeconds: offset ?? 0).sorted { $0.date < $1.date }
        nowcast = NowcastSummary(steps: forecast.nowcast, hourly: forecast.hourly, unit: units.precipitation, at: now)
        let localToday = LocalDate(at: now, utcOffsetSeconds: offset ?? 0)
        if let first = days.first(where: { $0.date == localToday }) {
            today = first
        } else if let written = entry.today, offset == nil || written.date == localToday {
            today = written
        } else {
            today = nil
        }
        tomorrow = days.first { $0.date.daysSinceEpoch == localToday.daysSinceEpoch + 1 }
    }

    /// The outlook of `entry` in `snapshot` at `now` on the reader's clock.
    public init(_ entry: LocationState, in snapshot: StateSnapshot, at now: Timestamp) {
        self.init(entry, at: snapshot.apiTime(now))
    }

    /// Whether there is anything coming to show: an hour, a day or a nowcast step.
    public var hasForecast: Bool { !hours.isEmpty || !days.isEmpty || nowcast != nil }

    /// Whether `hour` is wet: 0.1 mm or more (in mm, whatever the unit), or, without an amount, a
    /// code of rain, snow or thunder.
    public func isWet(_ hour: HourForecast) -> Bool {
        if let amount = hour.precipitation {
            let millimetres = units.precipitation == .inch ? amount * 25.4 : amount
            return millimetres >= NowcastSummary.wetMillimetres - 1e-9
        }
        switch hour.code?.category {
        case .rain, .snow, .thunderstorm: return true
        default: return false
        }
    }
}
