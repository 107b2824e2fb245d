import WeatherCore

/// A location's coming days as aligned rows (docs/forecast.md, the Waybar tooltip): `Tue  🌧️  12° / 4°  80%`.
/// Numbers are padded with figure spaces (U+2007, a digit's width), so the columns line up in the
/// proportional fonts of tooltips too. Weekdays in the language in use, padded to the longest.
public enum DayRows {
    /// The padding of numbers: as wide as a digit.
    static let figureSpace: Character = "\u{2007}"

    /// One row per day; an unknown value is `–`.
    public static func render(_ days: [DayForecast], icons: DisplaySettings.Icons) -> [String] {
        let highs = days.map { number($0.temperatureMax) }
        let lows = days.map { number($0.temperatureMin) }
        let probabilities = days.map { day in
            day.precipitationProbabilityMax.flatMap { DecimalText.fixed($0, decimals: 0) }
        }
        let highWidth = highs.map(\.count).max() ?? 0
        let lowWidth = lows.map(\.count).max() ?? 0
        let probabilityWidth = probabilities.map { $0?.count ?? 0 }.max() ?? 0
        let weekdays = days.map { CalendarText.weekday($0.date) }
        let weekdayWidth = weekdays.map(\.count).max() ?? 0
        return days.indices.map { index in
            let day = days[index]
            var row = weekdays[index] + String(repeating: " ", count: weekdayWidth - weekdays[index].count)
            let icon = WeatherIcon.glyph(day.code?.condition ?? .unknown, isDay: true, style: icons)
            if !icon.isEmpty { row += "  " + icon }
            row += "  " + pad(highs[index], highWidth) + " / " + pad(lows[index], lowWidth)
            if let probability = probabilities[index] {
                row += "  " + pad(probability, probabilityWidth) + "%"
            }
            return row
        }
    }

    /// `12°`, or `–`.
    private static func number(_ value: Double?) -> String {
        value.flatMap { DecimalText.fixed($0, decimals: 0) }.map { $0 + "°" } ?? "–"
    }

    /// `text` right-aligned in `width` characters with figure spaces.
    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: figureSpace, count: max(0, width - text.count)) + text
    }
}
