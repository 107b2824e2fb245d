/// Parses and prints the durations of the configuration: a number of seconds (`10`, `0.5`) or a number
/// with one unit: `ms`, `s`, `m`, `h` (`500ms`, `10s`, `2m`, `1.5h`).
public enum DurationParser {
    /// The longest duration accepted (ten years); longer ones would overflow deadline arithmetic.
    public static let maximumSeconds: Double = 315_360_000

    /// Parses `text`; nil when it is not a duration or longer than ``maximumSeconds``.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = Substring(trimmed)
        var multiplier = 1.0
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            number = trimmed.dropLast(unit.suffix.count)
            multiplier = unit.seconds
            break
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number), value.isFinite, value * multiplier <= maximumSeconds
        else { return nil }
        return seconds(value * multiplier)
    }

    /// A duration of `value` seconds, at millisecond precision.
    public static func seconds(_ value: Double) -> Duration {
        .milliseconds(Int64((value * 1000).rounded()))
    }

    /// Prints a duration for messages: "5 s", "500 ms", "1.5 s".
    public static func formatForPeople(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        return "\(NumberFormat.json(Double(milliseconds) / 1000)) s"
    }

    /// Prints a duration the way the config writes it: "10s", "500ms", "2m", "1.5s".
    public static func format(_ duration: Duration) -> String {
        let milliseconds = duration.milliseconds
        if milliseconds % 3_600_000 == 0, milliseconds >= 3_600_000 { return "\(milliseconds / 3_600_000)h" }
        if milliseconds % 60_000 == 0, milliseconds >= 60_000 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        return "\(NumberFormat.json(Double(milliseconds) / 1000))s"
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    public var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The duration in seconds as a Double.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension String {
    /// The string without leading and trailing whitespace (no Foundation needed).
    public func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
