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

    /// A coordinate written as the single-precision float Open-Meteo echoes (`52.52`, `13.419998`).
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return Float(value).description
    }
}
