import WeatherCore

/// A small streaming JSON writer: fixed field order and number style, no reflection. Keys are written
/// as given; `nil` values become `null`.
public struct JSONWriter {
    /// The JSON text so far.
    public private(set) var output = ""
    private var needsComma = [false]

    /// Creates an empty writer.
    public init(capacity: Int = 2048) {
        output.reserveCapacity(capacity)
    }

    public mutating func beginObject(_ key: String? = nil) { open(key, "{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray(_ key: String? = nil) { open(key, "[") }
    public mutating func endArray() { close("]") }

    public mutating func string(_ key: String?, _ value: String?) {
        prefix(key)
        if let value { Self.appendEscaped(value, to: &output) } else { output += "null" }
    }

    public mutating func int(_ key: String?, _ value: Int?) {
        raw(key, value.map { String($0) })
    }

    /// A number printed as an integer when whole ("81").
    public mutating func number(_ key: String?, _ value: Double?) {
        raw(key, value.flatMap { $0.isFinite ? NumberFormat.json($0) : nil })
    }

    /// A number that keeps a fraction when whole ("2.0").
    public mutating func decimal(_ key: String?, _ value: Double?) {
        raw(key, value.flatMap { $0.isFinite ? NumberFormat.jsonDecimal($0) : nil })
    }

    public mutating func bool(_ key: String?, _ value: Bool?) {
        raw(key, value.map { $0 ? "true" : "false" })
    }

    public mutating func timestamp(_ key: String?, _ value: Timestamp?) {
        string(key, value?.rfc3339)
    }

    /// Appends `key: <literal>` (or `null`).
    public mutating func raw(_ key: String?, _ literal: String?) {
        prefix(key)
        output += literal ?? "null"
    }

    private mutating func open(_ key: String?, _ bracket: String) {
        prefix(key)
        output += bracket
        needsComma.append(false)
    }

    private mutating func close(_ bracket: String) {
        needsComma.removeLast()
        output += bracket
    }

    private mutating func prefix(_ key: String?) {
        if needsComma[needsComma.count - 1] { output += "," }
        needsComma[needsComma.count - 1] = true
        if let key {
            Self.appendEscaped(key, to: &output)
            output += ":"
        }
    }

    /// Appends `value` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func appendEscaped(_ value: String, to output: inout String) {
        output += "\""
        // Fast path: nothing to escape (no quote, backslash, control character, DEL, or a lead byte
        // 0xE2 that may start U+2028/U+2029): the whole string is appended at once.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            output += value
            output += "\""
            return
        }
        var plainStart = value.unicodeScalars.startIndex
        let scalars = value.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let escape: String? =
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case _
                where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
                    "\\u" + hex4(scalar.value)
                default: nil
                }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[plainStart..<index])
                output += escape
                plainStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[plainStart..<scalars.endIndex])
        output += "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
