import WeatherCore

/// How the official warnings read in the bar, the status text and `weatherd alerts` (docs/alerts.md), in the
/// language in use; the event is the warning service's own words.
public enum AlertText {
    /// The warnings of `entry` in force at `now` (the state file's, less those whose end has passed since
    /// it was written), most severe first. Readers pass their clock on the API's (`StateSnapshot.apiTime`),
    /// as the daemon judges them.
    public static func inForce(_ entry: LocationState, at now: Timestamp) -> [Alert] {
        (entry.alerts?.items ?? []).filter { alert in alert.ends.map { now < $0 } ?? true }
    }

    /// `⚠ Winter Storm Warning until Tue 18:00`: the end in the location's zone (its weather's offset,
    /// else UTC, said).
    public static func line(
        _ alert: Alert,
        utcOffsetSeconds: Int?,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> String {
        guard let ends = alert.ends else { return "⚠ " + alert.event }
        let time = when(ends, utcOffsetSeconds: utcOffsetSeconds, clock: clock)
        return "⚠ " + Catalogue.text("{event} until {time}", ["event": alert.event, "time": time])
    }

    /// `Tue 18:00`: the weekday and the time of day in the location's zone (`display.clock`); ` UTC` added
    /// when the zone is not known.
    public static func when(
        _ time: Timestamp,
        utcOffsetSeconds: Int?,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> String {
        let offset = utcOffsetSeconds ?? 0
        let text =
            TimeOfDay.text(time, utcOffsetSeconds: offset, clock: clock) + (utcOffsetSeconds == nil ? " UTC" : "")
        return CalendarText.weekday(LocalDate(at: time, utcOffsetSeconds: offset)) + " " + text
    }

    /// The Waybar classes of a location's warnings: `alert` and `alert-<severity>` of the most severe.
    public static func classes(_ alerts: [Alert]) -> [String] {
        guard let first = alerts.first else { return [] }
        return ["alert", "alert-" + first.severity.rawValue.lowercased()]
    }
}
