import WeatherCore

/// A location's next hours on one line (docs/forecast.md, the Waybar tooltip): a sparkline of the temperature,
/// its range and the hours of rain — `▂▃▅▇█▇▅▃  4–12°  rain 14–16h`. The nowcast goes on a line of its
/// own: GTK wraps a tooltip's lines at about 70 characters, and 24 hours with three runs of rain and
/// the nowcast make 80.
public enum HoursLine {
    /// How many coming hours the line covers: one day.
    public static let hours = 24
    /// How many runs of rain are named; more are written `…`.
    public static let maximumRuns = 3

    /// The line; nil when nothing is coming.
    public static func render(_ outlook: Outlook, clock: DisplaySettings.Clock) -> String? {
        let hours = Array(outlook.hours.prefix(Self.hours))
        var parts: [String] = []
        let temperatures = hours.map(\.temperature)
        if temperatures.contains(where: { $0 != nil }) {
            parts.append(Sparkline.render(temperatures))
            if let range = range(temperatures) { parts.append(range) }
        }
        if let rain = rain(hours, outlook: outlook, clock: clock) { parts.append(rain) }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }

    /// `4–12°`, `-3–2°`, `5°` when all are the same; nil without a value.
    public static func range(_ values: [Double?]) -> String? {
        let known = values.compactMap { $0 }
        guard let low = known.min(), let high = known.max(),
            let lowText = DecimalText.fixed(low, decimals: 0), let highText = DecimalText.fixed(high, decimals: 0)
        else { return nil }
        return lowText == highText ? "\(lowText)°" : "\(lowText)–\(highText)°"
    }

    /// `rain 14–16h`, `rain 14–16h, snow 20–22h`, `rain 2–4 PM`: each run of wet hours (``Outlook/isWet(_:)``)
    /// in the location's local time (UTC when unknown); `snow` when the run's first hour is snow; after
    /// ``maximumRuns`` runs, `…`. Nil when no hour is wet. Open-Meteo's hourly precipitation and its
    /// probability are those of the hour before the time they carry: an hour stamped 15:00 is 14–15h.
    public static func rain(_ hours: [HourForecast], outlook: Outlook, clock: DisplaySettings.Clock) -> String? {
        var runs: [(first: HourForecast, start: Timestamp, end: Timestamp)] = []
        for hour in hours where outlook.isWet(hour) {
            if let last = runs.last, last.end == hour.time.adding(seconds: -3600) {
                runs[runs.count - 1].end = hour.time
            } else {
                runs.append((hour, hour.time.adding(seconds: -3600), hour.time))
            }
        }
        guard !runs.isEmpty else { return nil }
        let offset = outlook.utcOffsetSeconds ?? 0
        var text = ""
        var word = ""
        for run in runs.prefix(maximumRuns) {
            // Translators: before the hours of a run of wet hours: "rain 14–16h".
            let runWord =
                run.first.code?.category == .snow
                ? Catalogue.word("snow", context: "hours") : Catalogue.word("rain", context: "hours")
            text += text.isEmpty ? "" : ", "
            if runWord != word { text += runWord + " " }
            word = runWord
            text += span(from: run.start, to: run.end, utcOffsetSeconds: offset, clock: clock)
        }
        return runs.count > maximumRuns ? text + ", …" : text
    }

    /// `14–16h` (an end at midnight is `24h`), `2–4 PM`, `11 AM–1 PM`.
    static func span(
        from start: Timestamp,
        to end: Timestamp,
        utcOffsetSeconds: Int,
        clock: DisplaySettings.Clock
    )
        -> String
    {
        let first = TimeOfDay.hourMinute(start, utcOffsetSeconds: utcOffsetSeconds).hour
        let last = TimeOfDay.hourMinute(end, utcOffsetSeconds: utcOffsetSeconds).hour
        switch clock {
        case .twentyFourHour:
            // Translators: a span of whole hours on the 24-hour clock: "14–16h".
            return Catalogue.word(
                "{from}–{to}h",
                context: "hours",
                ["from": String(first), "to": String(last == 0 ? 24 : last)]
            )
        case .twelveHour:
            let from = TimeOfDay.hour(start, utcOffsetSeconds: utcOffsetSeconds, clock: .twelveHour)
            let to = TimeOfDay.hour(end, utcOffsetSeconds: utcOffsetSeconds, clock: .twelveHour)
            if (first < 12) == (last < 12), first < last, let space = from.firstIndex(of: " ") {
                return "\(from[..<space])–\(to)"
            }
            return "\(from)–\(to)"
        }
    }
}
