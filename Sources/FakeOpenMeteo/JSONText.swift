/// Tiny helpers to write JSON text by hand in Open-Meteo's style, keeping field order exact.
enum JSONText {
    /// `text` as a quoted JSON string, with `"`, `\` and control characters escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` rounded to `decimals` places and written like Open-Meteo does (`2.0`, `-1.3`, `null` if not finite).
    static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let rounded = (value * scale).rounded() / scale + 0.0  // `+ 0.0` turns -0.0 into 0.0
        return rounded.description
    }

    /// `value` written with exactly `decimals` decimals, as Open-Meteo writes numbers (`0.20`, `-1.3`, `78`
    /// for 0 decimals), `null` if not finite; a value that rounds to zero is written without a sign.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        let places = max(0, min(decimals, 6))
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 1e15 else { return value.description }
        let units = Int(scaled)
        let digits = String(units.magnitude)
        let sign = units < 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return sign + padded.dropLast(places) + "." + padded.suffix(places)
    }

    /// A coordinate written as the single-precision float Open-Meteo echoes (`52.52`, `13.419998`).
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return Float(value).description
    }
}
