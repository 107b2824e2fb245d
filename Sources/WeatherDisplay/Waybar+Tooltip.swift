import WeatherCore

/// The Waybar tooltip (docs/forecast.md): the location it is on first, with its next hours on one line and its
/// days as aligned rows, then the other locations.
extension Waybar {
    /// The tooltip, as plain text (or, with `markup`, as Pango markup): the lines of `pinned` (else
    /// `shown`) — its weather, its day, its next hours (``HoursLine``) and its coming days (``DayRows``),
    /// indented — then each other location with its day, in configuration order; a last line when the
    /// daemon seems not to run.
    ///
    /// With `markup`, as Waybar reads it: Pango markup, each line escaped and each day row set in `<tt>`
    /// — in the proportional font of a tooltip the weekdays differ in width (`Wed` is wider than `Fri`),
    /// which would shift the columns of the figure-space padding; in a monospaced font every row lines up.
    public static func tooltip(
        _ snapshot: StateSnapshot,
        shown: LocationState,
        pinned: LocationState? = nil,
        style: DisplayStyle = .standard,
        now: Timestamp,
        markup asMarkup: Bool = false
    ) -> String {
        tooltipRows(snapshot, shown: shown, pinned: pinned, style: style, now: now)
            .map { row in
                switch (asMarkup, row.isDay) {
                case (false, false): row.text
                case (false, true): "  " + row.text
                case (true, false): markup(row.text)
                case (true, true): "  <tt>" + markup(row.text) + "</tt>"
                }
            }
            .joined(separator: "\n")
    }

    /// The tooltip's lines; a day row without its indent.
    private static func tooltipRows(
        _ snapshot: StateSnapshot,
        shown: LocationState,
        pinned: LocationState?,
        style: DisplayStyle,
        now: Timestamp
    ) -> [(text: String, isDay: Bool)] {
        let first = pinned ?? shown
        // The warnings first: those of the location on screen, then the tooltip's own location's.
        var rows: [(text: String, isDay: Bool)] = []
        for entry in [shown] + (first.location.id == shown.location.id ? [] : [first]) {
            let offset = entry.weather?.utcOffsetSeconds
            for alert in AlertText.inForce(entry, at: snapshot.apiTime(now)) {
                let prefix = entry.location.id == shown.location.id ? "" : entry.location.name + ": "
                rows.append(
                    (prefix + AlertText.line(alert, utcOffsetSeconds: offset, clock: style.clock), false)
                )
            }
        }
        rows.append((tooltipLines(first, now: now, clock: style.clock, airQualityScale: style.airQualityScale), false))
        let outlook = Outlook(first, in: snapshot, at: now)
        if let hours = HoursLine.render(outlook, clock: style.clock) { rows.append(("  " + hours, false)) }
        if let nowcast = outlook.nowcast { rows.append(("  " + Words.nowcast(nowcast), false)) }
        rows += DayRows.render(outlook.days, icons: style.icons).map { ($0, true) }
        for entry in snapshot.locations where entry.location.id != first.location.id {
            rows.append(
                (tooltipLines(entry, now: now, clock: style.clock, airQualityScale: style.airQualityScale), false)
            )
        }
        if snapshot.writtenTooLongAgo(at: now) { rows.append((Report.notRunning(snapshot, now: now), false)) }
        return rows
    }

    /// `Berlin: 2.0 °C, Slight rain, wind 16.9 km/h, 5 min ago`, then, indented, the day's outlook:
    /// `  today: Slight rain, high 4.1 °C, low -0.8 °C, precipitation 80%, sunrise 07:35, sunset 15:56`, and
    /// its air on `airQualityScale`: `  air: European AQI 64, Poor (O₃) · UV 0.9, today up to 1.6`.
    public static func tooltipLines(
        _ entry: LocationState,
        now: Timestamp,
        clock: DisplaySettings.Clock = .twentyFourHour,
        airQualityScale: AirQualityScale = .european
    ) -> String {
        let (start, weather) = Report.start(entry)
        guard let weather else { return start }
        var line = start
        if let speed = weather.windSpeed {
            let value = Words.oneDecimal(speed) + " " + weather.units.windSpeed.symbol
            line += ", " + Catalogue.text("wind {speed}", ["speed": value])
        }
        if let fetchedAt = entry.fetchedAt {
            line += ", " + Catalogue.text("{age} ago", ["age": Report.age(now.seconds(since: fetchedAt))])
        }
        if entry.status == .stale { line += " (" + Catalogue.word("stale", context: "location status") + ")" }
        if let error = entry.lastError { line += " (" + Report.lastFetchFailed(error) + ")" }
        if let today = Report.today(entry, now: now, clock: clock) { line += "\n  " + today }
        if let air = entry.air { line += "\n  " + AirText.line(air, scale: airQualityScale) }
        return line
    }
}
