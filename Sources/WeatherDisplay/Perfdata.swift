import WeatherCore

/// Monitoring-plugin performance data (`label=value[UOM];warn;crit;min;max`, space-separated), as
/// Nagios, Icinga and Checkmk parse and graph it. Units are the plugin guidelines' only: `s`, `%`, `c`
/// or none (temperatures carry none).
public struct Perfdata: Sendable {
    /// The items, `label=value;warn;crit;min;max` each.
    public private(set) var items: [String] = []

    /// No data yet.
    public init() {}

    /// Adds one value; `unit` one of "", "s", "%", "c". Non-finite values are left out.
    public mutating func add(
        _ label: String,
        _ value: Double,
        unit: String = "",
        warn: Double? = nil,
        crit: Double? = nil,
        min: Double? = nil,
        max: Double? = nil,
        decimals: Int = 0
    ) {
        guard value.isFinite else { return }
        var fields = [NumberFormat.fixed(value, decimals: decimals) + unit]
        fields += [warn, crit, min, max].map { $0.map { NumberFormat.json($0.rounded()) } ?? "" }
        while fields.count > 1, fields.last == "" { fields.removeLast() }
        items.append(Self.label(label) + "=" + fields.joined(separator: ";"))
    }

    /// The text after `|`.
    public var text: String { items.joined(separator: " ") }

    /// A label as the guidelines allow it: no `=` (replaced by `_`), and in single quotes, inner
    /// quotes doubled, when it holds a space, a quote or a character outside printable ASCII. A `|`
    /// would end the performance data, a newline the line: both become `_`.
    public static func label(_ text: String) -> String {
        let cleaned = String(
            text.map { character -> Character in
                character == "=" || character == "|" || character.isNewline ? "_" : character
            }
        )
        let plain = cleaned.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "'" }
        return plain ? cleaned : "'" + cleaned.replacing("'", with: "''") + "'"
    }
}
