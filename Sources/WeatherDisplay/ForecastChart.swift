import WeatherCore

/// The coming hours of `weatherd forecast` as a chart of block characters (docs/forecast.md): temperature as
/// columns of eighth blocks over ``temperatureRows`` rows (labelled with the highest and lowest value),
/// the precipitation probability as bars over ``rainRows`` rows (a full bar is 100 %), the local hours
/// along the bottom. Colour (temperature bands, rain in blue) only when the style is on.
public enum ForecastChart {
    /// Rows of the temperature part.
    public static let temperatureRows = 8
    /// Rows of the rain part.
    public static let rainRows = 2
    /// The most hours drawn.
    public static let maximumHours = 48

    /// The chart's lines; empty without a coming hour.
    public static func render(_ outlook: Outlook, clock: DisplaySettings.Clock, style: ANSIStyle) -> [String] {
        let hours = Array(outlook.hours.prefix(maximumHours))
        guard !hours.isEmpty else { return [] }
        let width = hours.count <= 36 ? 2 : 1
        let unit = outlook.units.temperature
        let temperatures = hours.map(\.temperature)
        let known = temperatures.compactMap { $0 }
        let labels = (
            top: known.max().flatMap { DecimalText.fixed($0, decimals: 0) }.map { $0 + unit.symbol } ?? "",
            bottom: known.min().flatMap { DecimalText.fixed($0, decimals: 0) }.map { $0 + unit.symbol } ?? "",
            // Translators: the label of the chart's precipitation rows; short.
            rain: Catalogue.word("rain", context: "chart")
        )
        let labelWidth = max(labels.top.count, labels.bottom.count, labels.rain.count)
        func margin(_ label: String, tick: Bool) -> String {
            let text = String(repeating: " ", count: labelWidth - label.count) + label + (tick ? " ┤" : " │")
            return style.paint(text, "2")
        }
        var lines: [String] = []
        if !known.isEmpty {
            let levels = temperatureLevels(temperatures)
            for row in 0..<temperatureRows {
                let label = row == 0 ? labels.top : row == temperatureRows - 1 ? labels.bottom : ""
                var line = margin(label, tick: !label.isEmpty)
                for (index, level) in levels.enumerated() {
                    let cell = block(level, row: row, rows: temperatureRows, width: width)
                    let celsius = temperatures[index].map { unit == .fahrenheit ? ($0 - 32) * 5 / 9 : $0 } ?? 0
                    line += style.paint(cell, ANSIStyle.temperatureColour(celsius: celsius))
                }
                lines.append(trimmed(line))
            }
        }
        let rain = hours.map { hour -> Int in
            if let probability = hour.precipitationProbability, probability.isFinite {
                return Int((min(100, max(0, probability)) / 100 * Double(rainRows * 8)).rounded())
            }
            return outlook.isWet(hour) ? rainRows * 8 : 0
        }
        for row in 0..<rainRows {
            var line = margin(row == 0 ? labels.rain : "", tick: row == 0)
            for (index, level) in rain.enumerated() {
                let cell = block(level, row: row, rows: rainRows, width: width)
                line += style.paint(cell, outlook.isWet(hours[index]) ? "94" : "34")
            }
            lines.append(trimmed(line))
        }
        let axis = hourAxis(hours, width: width, offset: outlook.utcOffsetSeconds ?? 0, clock: clock)
        lines.append(String(repeating: " ", count: labelWidth + 2) + style.paint(axis, "2"))
        return lines
    }

    /// Each temperature's height in eighths of the rows: the lowest one eighth (still seen), the highest
    /// every row full, half way when all are the same; 0 when unknown.
    static func temperatureLevels(_ values: [Double?]) -> [Int] {
        let known = values.compactMap { $0 }.filter(\.isFinite)
        guard let low = known.min(), let high = known.max() else { return values.map { _ in 0 } }
        let full = temperatureRows * 8
        return values.map { value in
            guard let value, value.isFinite else { return 0 }
            // A range too wide for a Double (a hostile file) scales to nothing finite: half way.
            let scaled = (value - low) / (high - low) * Double(full - 1)
            guard high > low, scaled.isFinite else { return full / 2 }
            return 1 + Int(scaled.rounded())
        }
    }

    /// The block of a column `level` eighths high in `row` (0 the top) of `rows`, `width` wide.
    static func block(_ level: Int, row: Int, rows: Int, width: Int) -> String {
        let fill = min(8, max(0, level - (rows - 1 - row) * 8))
        let character = fill == 0 ? " " : Sparkline.blocks[fill - 1]
        return String(repeating: character, count: width)
    }

    /// The local hours under the columns, every 3 hours (6 when a column is one character), never
    /// overlapping: `14    17    20`.
    static func hourAxis(_ hours: [HourForecast], width: Int, offset: Int, clock: DisplaySettings.Clock) -> String {
        let every = width == 2 ? 3 : 6
        var axis = ""
        for (index, hour) in hours.enumerated() {
            guard TimeOfDay.hourMinute(hour.time, utcOffsetSeconds: offset).hour % every == 0 else { continue }
            let position = index * width
            guard axis.count < position || axis.isEmpty && position == 0 else { continue }
            axis += String(repeating: " ", count: position - axis.count)
            axis += TimeOfDay.hour(hour.time, utcOffsetSeconds: offset, clock: clock)
        }
        return axis
    }

    /// `line` without trailing spaces (plain text only: an escape ends a painted line).
    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
