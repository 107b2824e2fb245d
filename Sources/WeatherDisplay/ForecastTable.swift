import WeatherCore

/// The coming days of `weatherd forecast` as a table (docs/forecast.md): day, high, low, precipitation
/// probability and sum, UV index, sunrise and sunset in the location's local time, then the icon and
/// the description (last, so that an emoji's width in the terminal moves no column). In the language in use.
public enum ForecastTable {
    /// The table's lines, a header first; empty without a coming day.
    public static func render(
        _ outlook: Outlook,
        clock: DisplaySettings.Clock,
        icons: DisplaySettings.Icons,
        style: ANSIStyle
    ) -> [String] {
        guard !outlook.days.isEmpty else { return [] }
        let offset = outlook.utcOffsetSeconds
        let precipitation = outlook.units.precipitation
        func time(_ value: Timestamp?) -> String {
            guard let value else { return "–" }
            return TimeOfDay.text(value, utcOffsetSeconds: offset ?? 0, clock: clock)
        }
        func number(_ value: Double?, decimals: Int, suffix: String) -> String {
            value.flatMap { Words.decimal($0, decimals: decimals) }.map { $0 + suffix } ?? "–"
        }
        // Translators: the columns of `weatherd forecast`'s table of days; short.
        let header = [
            Catalogue.word("Day", context: "forecast table"), Catalogue.word("High", context: "forecast table"),
            Catalogue.word("Low", context: "forecast table"), Catalogue.word("Rain", context: "forecast table"),
            Catalogue.word("Sum", context: "forecast table"), Catalogue.word("UV", context: "forecast table"),
            Catalogue.word("Sunrise", context: "forecast table"), Catalogue.word("Sunset", context: "forecast table"),
        ]
        let rows = outlook.days.map { day -> [String] in
            [
                CalendarText.weekday(day.date) + " " + CalendarText.dayMonth(day.date),
                number(day.temperatureMax, decimals: 0, suffix: "°"),
                number(day.temperatureMin, decimals: 0, suffix: "°"),
                number(day.precipitationProbabilityMax, decimals: 0, suffix: "%"),
                number(
                    day.precipitationSum,
                    decimals: precipitation == .inch ? 2 : 1,
                    suffix: " " + precipitation.symbol
                ),
                number(day.uvIndexMax, decimals: 0, suffix: ""),
                time(day.sunrise),
                time(day.sunset),
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                // The day left-aligned, the numbers right-aligned.
                return column == 0 ? cells[column] + padding : padding + cells[column]
            }.joined(separator: "  ")
        }
        let title = line(header) + (offset == nil ? "  " + Catalogue.text("(times in UTC)") : "")
        var lines = [style.paint(title.trimmingTrailingSpaces, "1")]
        for (day, cells) in zip(outlook.days, rows) {
            var text = line(cells)
            let icon = WeatherIcon.glyph(day.code?.condition ?? .unknown, isDay: true, style: icons)
            if !icon.isEmpty { text += "  " + icon }
            if let code = day.code { text += "  " + Words.description(code) }
            lines.append(text.trimmingTrailingSpaces)
        }
        return lines
    }
}

extension String {
    /// The string without spaces at its end.
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
