import StateStore
import WeatherCore

/// What `weatherd forecast` prints for one reading of the state file (docs/forecast.md): per location its weather
/// and nowcast, the chart of its coming hours (``ForecastChart``) and the table of its days
/// (``ForecastTable``); exit status 0, or 3 with a message when the file is missing, unreadable or holds
/// no forecast. In the language in use.
public struct ForecastReport: Sendable, Equatable {
    /// For standard output, without a trailing newline; empty on failure.
    public var text: String
    /// For standard error; nil on success.
    public var error: String?
    /// 0, or 3 (UNKNOWN, as `status`).
    public var exitStatus: Int32

    /// The report on `reading` (the file at `path`) at `now` on the reader's clock: every location,
    /// or only `location`; icons and clock as `display` says.
    public static func make(
        _ reading: Result<StateSnapshot, StateFileReadError>,
        path: String,
        location: String?,
        now: Timestamp,
        display: DisplaySource = DisplaySource(),
        colour: ANSIStyle
    ) -> ForecastReport {
        let snapshot: StateSnapshot
        switch reading {
        case .failure(let error): return failure(Words.stateFileError(error))
        case .success(let read): snapshot = read
        }
        var entries = snapshot.locations
        if let location {
            entries = entries.filter { $0.location.id == location }
            if entries.isEmpty {
                return failure(
                    Catalogue.text("no location \"{location}\" in {path}", ["location": location, "path": path])
                )
            }
        }
        let outlooks = entries.map { Outlook($0, in: snapshot, at: now) }
        guard outlooks.contains(where: { !$0.hours.isEmpty || !$0.days.isEmpty }) else {
            guard let location else {
                return failure(
                    Catalogue.text(
                        "no forecast in {path}: not fetched yet, or forecast.hours and forecast.days are off",
                        ["path": path]
                    )
                )
            }
            return failure(
                Catalogue.text(
                    "no forecast for \"{location}\" in {path}: not fetched yet, or forecast.hours and forecast.days"
                        + " are off",
                    ["location": location, "path": path]
                )
            )
        }
        let style = display.style(written: snapshot.daemon.display)
        var blocks: [String] = []
        for outlook in outlooks {
            blocks.append(render(outlook, style: style, colour: colour).joined(separator: "\n"))
        }
        var text = blocks.joined(separator: "\n\n")
        if snapshot.writtenTooLongAgo(at: now) { text += "\n\n" + Report.notRunning(snapshot, now: now) }
        return ForecastReport(text: text, error: nil, exitStatus: 0)
    }

    /// One location: `Berlin: 2.0 °C, Slight rain · rain in 25 min`, its air when known
    /// (`  air: European AQI 64, Poor (O₃) · UV 0.9, today up to 1.6`), the chart, a blank line, the table.
    public static func render(_ outlook: Outlook, style: DisplayStyle, colour: ANSIStyle) -> [String] {
        let entry = outlook.entry
        var title = colour.paint(entry.location.name, "1") + ": "
        title += entry.weather.map(Words.summary) ?? Catalogue.text("no weather yet")
        if let nowcast = outlook.nowcast { title += " · " + Words.nowcast(nowcast) }
        var lines = [title]
        if let air = entry.air { lines.append("  " + AirText.line(air, scale: style.airQualityScale)) }
        guard !outlook.hours.isEmpty || !outlook.days.isEmpty else {
            return lines + ["  " + Catalogue.text("no forecast yet")]
        }
        lines += ForecastChart.render(outlook, clock: style.clock, style: colour)
        let table = ForecastTable.render(outlook, clock: style.clock, icons: style.icons, style: colour)
        if !table.isEmpty {
            if lines.count > 1 { lines.append("") }
            lines += table
        }
        return lines
    }

    /// Exit status 3 with `message`.
    private static func failure(_ message: String) -> ForecastReport {
        ForecastReport(text: "", error: "weatherd: " + message, exitStatus: 3)
    }
}
