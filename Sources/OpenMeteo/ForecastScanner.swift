/// Reads the forecast response in one pass over its bytes, straight into ``ForecastResponseDTO``:
/// strict JSON (RFC 8259's grammar and escapes, nothing after the value, at most 512 levels of nesting
/// as Foundation's `JSONDecoder` allows; UTF-8 and raw control characters are checked in the strings
/// it reads, and, like `JSONDecoder`, not in values it skips), the three members the daemon uses read,
/// every other value checked and skipped without building anything. It replaces a `JSONDecoder` pass
/// that cost three times more per tick; `fuzz/` checks it against `JSONDecoder` on arbitrary input.
struct ForecastScanner {
    /// Why a body is not a forecast.
    enum Failure: Error, Equatable {
        /// Not JSON: a syntax error, truncation, invalid UTF-8 or too deep nesting.
        case syntax
        /// Well-formed JSON with a value of the wrong type at `path` (`""`: the top level).
        case wrongType(path: String)
    }

    /// The deepest nesting accepted, as `JSONDecoder`'s.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The members of `body` the daemon reads; absent or `null` members are `nil`.
    static func scan(_ body: some Collection<UInt8>) throws(Failure) -> ForecastResponseDTO {
        if let result = body.withContiguousStorageIfAvailable({ buffer in
            Result { () throws(Failure) in try scan(buffer) }
        }) {
            return try result.get()
        }
        let copy = Array(body)
        return try copy.withUnsafeBufferPointer { buffer in Result { () throws(Failure) in try scan(buffer) } }.get()
    }

    private static func scan(_ buffer: UnsafeBufferPointer<UInt8>) throws(Failure) -> ForecastResponseDTO {
        var scanner = ForecastScanner(buffer)
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "{") else {
            // Any other JSON value is the wrong type; anything else is not JSON.
            try scanner.skipValue()
            try scanner.expectEnd()
            throw .wrongType(path: "")
        }
        var dto = ForecastResponseDTO()
        var seen = Members()
        try scanner.members { scanner, key throws(Failure) in
            // A member named twice: the first one counts (as with `JSONDecoder`); the others are skipped.
            switch seen.first(scanner.match(key, Names.top)) {
            case 0: dto.utc_offset_seconds = try scanner.integer(path: "utc_offset_seconds")
            case 1: dto.current_units = try scanner.units()
            case 2: dto.current = try scanner.current()
            default: try scanner.skipValue()
            }
        }
        try scanner.expectEnd()
        return dto
    }

    /// The member names read, as UTF-8; a member's number is its place in its list.
    private enum Names {
        static let top = utf8(["utc_offset_seconds", "current_units", "current"])
        static let units = utf8(["temperature_2m", "wind_speed_10m", "precipitation"])
        static let current = utf8([
            "time", "temperature_2m", "apparent_temperature", "relative_humidity_2m", "is_day", "precipitation",
            "weather_code", "cloud_cover", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m",
        ])

        private static func utf8(_ names: [String]) -> [[UInt8]] { names.map { Array($0.utf8) } }
    }

    /// Which of an object's known members were seen, so that only the first of a repeated one counts.
    private struct Members {
        private var seen: UInt32 = 0

        /// `number` when it is a known member seen for the first time; nil otherwise.
        mutating func first(_ number: Int?) -> Int? {
            guard let number else { return nil }
            let bit: UInt32 = 1 << UInt32(number)
            defer { seen |= bit }
            return seen & bit == 0 ? number : nil
        }
    }

    // MARK: - The three members

    private mutating func units() throws(Failure) -> ForecastResponseDTO.CurrentUnitsDTO? {
        if try null() { return nil }
        guard peek() == UInt8(ascii: "{") else { return try wrongType("current_units") }
        var units = ForecastResponseDTO.CurrentUnitsDTO()
        var seen = Members()
        try members { scanner, key throws(Failure) in
            // A unit that is not a string is ignored, as if absent.
            switch seen.first(scanner.match(key, Names.units)) {
            case 0: units.temperature_2m = try scanner.stringOrSkip()
            case 1: units.wind_speed_10m = try scanner.stringOrSkip()
            case 2: units.precipitation = try scanner.stringOrSkip()
            default: try scanner.skipValue()
            }
        }
        return units
    }

    private mutating func current() throws(Failure) -> ForecastResponseDTO.CurrentDTO? {
        if try null() { return nil }
        guard peek() == UInt8(ascii: "{") else { return try wrongType("current") }
        var values = [Double?](repeating: nil, count: Names.current.count)
        var seen = Members()
        try members { scanner, key throws(Failure) in
            if let number = seen.first(scanner.match(key, Names.current)) {
                values[number] = try scanner.double(path: "current", Names.current[number])
            } else {
                try scanner.skipValue()
            }
        }
        return ForecastResponseDTO.CurrentDTO(
            time: values[0],
            temperature_2m: values[1],
            apparent_temperature: values[2],
            relative_humidity_2m: values[3],
            is_day: values[4],
            precipitation: values[5],
            weather_code: values[6],
            cloud_cover: values[7],
            wind_speed_10m: values[8],
            wind_direction_10m: values[9],
            wind_gusts_10m: values[10]
        )
    }

    // MARK: - Values

    /// Calls `body` for each member of the object at the cursor with its key, the cursor on the value.
    /// Keys of a skipped object are checked only as `skipValue` checks strings.
    private mutating func members(
        checkingKeys: Bool = true,
        _ body: (inout ForecastScanner, Key) throws(Failure) -> Void
    ) throws(Failure) {
        try enter()
        index += 1  // {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw .syntax }
            let key = try stringToken(checking: checkingKeys)
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw .syntax }
            index += 1
            skipWhitespace()
            try body(&self, key)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return
            default:
                throw .syntax
            }
        }
    }

    /// A number as a `Double`, or `nil` for `null`.
    private mutating func double(path parent: String, _ name: [UInt8]) throws(Failure) -> Double? {
        if try null() { return nil }
        guard let text = try number() else {
            return try wrongType(parent + "." + String(decoding: name, as: UTF8.self))
        }
        // The grammar is checked; out of range gives ±infinity, which the plausibility checks reject.
        guard let value = Double(text) else { throw .syntax }
        return value
    }

    /// A whole number that fits an `Int`, or `nil` for `null`.
    private mutating func integer(path: String) throws(Failure) -> Int? {
        if try null() { return nil }
        guard let text = try number() else { return try wrongType(path) }
        if let value = Int(text) { return value }
        // `JSONDecoder` also takes `3600.0` or `3.6e3` for an integer, when it is whole and in range.
        guard let value = Double(text), value == value.rounded(), abs(value) < 0x1p63 else {
            return try wrongType(path)
        }
        return Int(value)
    }

    /// A string value, or `nil` (skipped) for any other value.
    private mutating func stringOrSkip() throws(Failure) -> String? {
        guard peek() == UInt8(ascii: "\"") else {
            try skipValue()
            return nil
        }
        return try string()
    }

    /// Consumes `null` and returns true, or returns false at any other value.
    private mutating func null() throws(Failure) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Skips the wrong-typed value (it must still be valid JSON) and fails with a type error.
    private mutating func wrongType<T>(_ path: String) throws(Failure) -> T {
        try skipValue()
        throw .wrongType(path: path)
    }

    /// Checks and skips one value of any kind.
    private mutating func skipValue() throws(Failure) {
        switch peek() {
        case UInt8(ascii: "{"):
            try members(checkingKeys: false) { scanner, _ throws(Failure) in try scanner.skipValue() }
        case UInt8(ascii: "["):
            try enter()
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return
            }
            while true {
                try skipValue()
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                case UInt8(ascii: "]"):
                    index += 1
                    depth -= 1
                    return
                default:
                    throw .syntax
                }
            }
        case UInt8(ascii: "\""): _ = try stringToken(checking: false)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            guard try number() != nil else { throw .syntax }
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw .syntax }
    }

    // MARK: - Tokens

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard index == bytes.count else { throw .syntax }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw .syntax }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw .syntax
        }
        index += count
    }

    /// The number at the cursor as text, checked against JSON's grammar
    /// (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`); `nil` when no number starts here.
    private mutating func number() throws(Failure) -> Substring? {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        switch peek() ?? 0 {
        case UInt8(ascii: "0"):
            index += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            skipDigits()
        default:
            guard index == start else { throw .syntax }  // a lone minus
            return nil
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard try skipRequiredDigits() else { throw .syntax }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard try skipRequiredDigits() else { throw .syntax }
        }
        return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
    }

    private mutating func skipRequiredDigits() throws(Failure) -> Bool {
        let start = index
        skipDigits()
        return index > start
    }

    /// A string as scanned: where its bytes are, and its unescaped bytes when it had escapes.
    private struct Key {
        var range: Range<Int>
        var unescaped: [UInt8]?
        var ascii: Bool
    }

    /// The number of `key` in `names`, if it is one of them.
    private func match(_ key: Key, _ names: [[UInt8]]) -> Int? {
        if let unescaped = key.unescaped { return names.firstIndex(of: unescaped) }
        let raw = UnsafeBufferPointer(rebasing: bytes[key.range])
        return names.firstIndex { $0.count == raw.count && $0.elementsEqual(raw) }
    }

    /// The string at the cursor (on its opening quote), unescaped; checks escapes, raw control
    /// characters and UTF-8.
    private mutating func string() throws(Failure) -> String {
        let token = try stringToken(checking: true)
        if let unescaped = token.unescaped { return String(decoding: unescaped, as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
    }

    /// Scans the string at the cursor (on its opening quote). Escapes are always checked; raw control
    /// characters and UTF-8 only when `checking` (`JSONDecoder` does not look at those in a value it
    /// skips either).
    private mutating func stringToken(checking: Bool) throws(Failure) -> Key {
        index += 1  // "
        let start = index
        var escaped: [UInt8]?
        var plainStart = start
        var ascii = true
        while true {
            guard index < bytes.count else { throw .syntax }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let token: Key
                if var text = escaped {
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                    token = Key(range: start..<index, unescaped: text, ascii: ascii)
                } else {
                    token = Key(range: start..<index, unescaped: nil, ascii: ascii)
                }
                index += 1
                if checking && !ascii {
                    let valid =
                        token.unescaped.map { String(validating: $0, as: UTF8.self) != nil }
                        ?? (String(validating: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self) != nil)
                    guard valid else { throw .syntax }
                }
                return token
            case UInt8(ascii: "\\"):
                var text = escaped ?? []
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                index += 1
                try unescape(into: &text, ascii: &ascii)
                escaped = text
                plainStart = index
            case 0x00..<0x20 where checking:
                throw .syntax
            default:
                if byte >= 0x80 { ascii = false }
                index += 1
            }
        }
    }

    /// Reads the escape after a backslash, appending its UTF-8.
    private mutating func unescape(into text: inout [UInt8], ascii: inout Bool) throws(Failure) {
        guard let byte = peek() else { throw .syntax }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var value = UInt32(try hex4())
            if (0xD800..<0xDC00).contains(value) {
                // A high surrogate must be followed by an escaped low one.
                guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw .syntax }
                index += 2
                let low = UInt32(try hex4())
                guard (0xDC00..<0xE000).contains(low) else { throw .syntax }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(value) {
                throw .syntax
            }
            guard let scalar = Unicode.Scalar(value) else { throw .syntax }
            if value >= 0x80 { ascii = false }
            UTF8.encode(scalar) { text.append($0) }
        default:
            throw .syntax
        }
    }

    private mutating func hex4() throws(Failure) -> UInt16 {
        guard bytes.count - index >= 4 else { throw .syntax }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .syntax
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
