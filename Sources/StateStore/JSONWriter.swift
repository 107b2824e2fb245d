import WeatherCore

/// A small streaming JSON writer: fixed field order and number style, no reflection. Keys are the
/// program's own names (string literals of plain ASCII, no `"` or `\`), copied as they are without
/// escaping; `nil` values become `null`. The text is built as UTF-8 bytes, which is what a file write
/// needs; ``output`` gives it as a `String`.
public struct JSONWriter {
    /// The JSON text so far, as UTF-8.
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false
    private var depth = 0

    /// Creates an empty writer.
    public init(capacity: Int = 2048) {
        bytes.reserveCapacity(capacity)
    }

    /// The JSON text so far.
    public var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Ends the text with a newline (after the top-level value).
    public mutating func newline() { bytes.append(UInt8(ascii: "\n")) }

    public mutating func beginObject(_ key: StaticString? = nil) { open(key, UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray(_ key: StaticString? = nil) { open(key, UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    public mutating func string(_ key: StaticString?, _ value: String?) {
        prefix(key)
        if let value { Self.appendEscaped(value, to: &bytes) } else { append("null") }
    }

    public mutating func int(_ key: StaticString?, _ value: Int?) {
        guard let value else { return raw(key, nil) }
        prefix(key)
        appendDigits(Int64(value))
    }

    /// A number printed as an integer when whole ("81"), as ``NumberFormat/json(_:)`` prints it.
    public mutating func number(_ key: StaticString?, _ value: Double?) {
        guard let value, value.isFinite else { return raw(key, nil) }
        guard let whole = NumberFormat.jsonWhole(value) else { return raw(key, NumberFormat.json(value)) }
        prefix(key)
        appendDigits(whole)
    }

    /// A number under a key that is not a literal: the raw value of one of the program's enumerations (a
    /// plant, a pollutant), as plain as the literal keys.
    public mutating func number(named key: String, _ value: Double?) {
        prefix(named: key)
        guard let value, value.isFinite else { return append("null") }
        append(NumberFormat.json(value))
    }

    /// An integer under a key that is not a literal (``number(named:_:)``).
    public mutating func int(named key: String, _ value: Int?) {
        prefix(named: key)
        guard let value else { return append("null") }
        appendDigits(Int64(value))
    }

    /// Appends the decimal digits of `value`, the text of `String(value)`, without making that string: through
    /// `String` an integer cost about 500 instructions, and a tick writes some twenty (callgrind).
    private mutating func appendDigits(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt64 = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
            divisor /= 10
        } while divisor > 0
    }

    public mutating func bool(_ key: StaticString?, _ value: Bool?) {
        raw(key, value.map { $0 ? "true" : "false" })
    }

    public mutating func timestamp(_ key: StaticString?, _ value: Timestamp?) {
        string(key, value?.rfc3339)
    }

    /// Appends `key: <literal>` (or `null`).
    public mutating func raw(_ key: StaticString?, _ literal: String?) {
        prefix(key)
        append(literal ?? "null")
    }

    /// Appends `fragment`, the text of one complete JSON value (as another writer made it), as the next
    /// value: an element of the array being written (`key` nil) or the value of `key`.
    public mutating func fragment(_ key: StaticString?, _ fragment: [UInt8]) {
        prefix(key)
        bytes.append(contentsOf: fragment)
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func open(_ key: StaticString?, _ bracket: UInt8) {
        prefix(key)
        bytes.append(bracket)
        needsComma = false
        depth += 1
    }

    private mutating func close(_ bracket: UInt8) {
        precondition(depth > 0, "JSONWriter: close without open")
        depth -= 1
        bytes.append(bracket)
        // A closed container is a value of its parent: whatever follows it needs a comma.
        needsComma = true
    }

    /// The comma before a value, and its key. A key is copied without escaping: escaping every key cost a
    /// cache tick about 22 thousand instructions (callgrind), for names that never need it. The debug build
    /// (the tests) checks that rule on every key it writes; the release build does not look.
    private mutating func prefix(_ key: StaticString?) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        if let key {
            assert(Self.needsNoEscaping(key), "JSONWriter: the key \(key) needs escaping")
            bytes.append(UInt8(ascii: "\""))
            key.withUTF8Buffer { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// The comma before a value and `key`, a name of the program's own (``prefix(_:)``).
    private mutating func prefix(named key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        assert(key.utf8.allSatisfy(Self.isPlain), "JSONWriter: the key \(key) needs escaping")
        bytes.append(UInt8(ascii: "\""))
        append(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Whether `key` is plain printable ASCII without `"` or `\`: a key written as it is.
    static func needsNoEscaping(_ key: StaticString) -> Bool {
        key.withUTF8Buffer { utf8 in utf8.allSatisfy(isPlain) }
    }

    /// Whether `byte` stands for itself in a key: printable ASCII other than `"` and `\`.
    private static func isPlain(_ byte: UInt8) -> Bool {
        (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// Appends `value` as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func appendEscaped(_ value: String, to output: inout String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        appendEscaped(value, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` as a JSON string literal in UTF-8: `"` and `\` escaped, control characters, DEL,
    /// U+2028 and U+2029 as `\n`, `\r`, `\t` or `\uXXXX`; everything else as it is.
    public static func appendEscaped(_ value: String, to output: inout [UInt8]) {
        var value = value
        value.withUTF8 { utf8 in
            output.reserveCapacity(output.count + utf8.count + 2)
            output.append(UInt8(ascii: "\""))
            let asciiNeedsEscape = Self.asciiNeedsEscape
            var plainStart = 0
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                guard byte < 0x80 ? asciiNeedsEscape[Int(byte)] : byte == 0xE2 else {
                    index += 1
                    continue
                }
                let needsEscape: Bool
                if byte != 0xE2 {
                    needsEscape = true
                } else if index + 2 < utf8.count, utf8[index + 1] == 0x80,
                    utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
                {
                    needsEscape = true  // U+2028 LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR
                } else {
                    needsEscape = false
                }
                guard needsEscape else {
                    index += 1
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: output.append(UInt8(ascii: "\""))
                case 0x5C: output.append(UInt8(ascii: "\\"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0xE2:
                    appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &output)
                    index += 2
                default:
                    appendUnicodeEscape(UInt16(byte), to: &output)
                }
                index += 1
                plainStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<utf8.count]))
            output.append(UInt8(ascii: "\""))
        }
    }

    /// The ASCII bytes a JSON string cannot hold as they are: control characters, `"`, `\` and DEL.
    private static let asciiNeedsEscape: [Bool] = (0..<128).map { byte in
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
    }

    /// Appends `uXXXX` (the backslash is already written), lower-case hex.
    private static func appendUnicodeEscape(_ value: UInt16, to output: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            output.append(digits[Int((value >> UInt16(shift)) & 0xF)])
        }
    }
}
