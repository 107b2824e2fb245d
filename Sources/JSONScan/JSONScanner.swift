#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON's syntax read in one pass over a body's bytes, for readers that pick the members they use out of a
/// document and check and skip the rest: objects and arrays a member or an element at a time, strings,
/// numbers, literals, and any value skipped (and checked) whole. Strict about JSON as RFC 8259 writes it
/// (nesting up to 512 levels, like `JSONDecoder`; escapes and control characters in strings; number syntax),
/// not about the UTF-8 of strings it skips. Used by MET Norway's Locationforecast reader and by the state
/// file's reader of its top (each says why it does not use `JSONDecoder`); every method is `@inlinable`, so
/// that a reader in another module compiles it in as if it were its own.
public struct JSONScanner {
    /// Why a body could not be read.
    public enum Failure: Error, Equatable {
        /// Not JSON, or cut short.
        case notJSON
        /// JSON, but not an object.
        case notAnObject
        /// A member the reader uses is of another type: its path, `properties.timeseries[3].time`.
        case wrongType(String)
        /// A member that holds a time does not hold an RFC 3339 time: its path, and the start of its text.
        case notATime(String, String)
    }

    /// The body.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next byte to read is.
    public var index = 0
    /// How deep in objects and arrays that byte is.
    public var depth = 0

    /// A scanner at the start of `bytes`.
    @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// A member's key (or a string) as its bytes in the body, its escapes undone in `escaped`.
    public struct Key {
        public var raw: UnsafeBufferPointer<UInt8>
        public var escaped: [UInt8]?

        @inlinable public init(raw: UnsafeBufferPointer<UInt8>, escaped: [UInt8]?) {
            self.raw = raw
            self.escaped = escaped
        }

        /// The key as text.
        @inlinable public var text: String {
            if let escaped { return String(decoding: escaped, as: UTF8.self) }
            return String(decoding: raw, as: UTF8.self)
        }

        /// The length first, then one `memcmp`: `elementsEqual`'s byte-at-a-time loop, once per member and
        /// candidate key, was the largest part of `period`'s and `instant`'s own time (perf, release build).
        @inlinable public static func == (key: Key, name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            if let escaped = key.escaped {
                return escaped.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: count))
            }
            guard key.raw.count == count else { return false }
            guard let start = key.raw.baseAddress else { return true }
            return memcmp(start, name.utf8Start, count) == 0
        }

        @inlinable public static func ~= (name: StaticString, key: Key) -> Bool { key == name }
    }

    @usableFromInline static let maximumDepth = 512

    /// The next byte after white space, not taken.
    @inlinable public mutating func peek() throws(Failure) -> UInt8 {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return bytes[index]
            }
        }
        throw .notJSON
    }

    /// Nothing but white space is left.
    @inlinable public mutating func end() throws(Failure) {
        guard (try? peek()) == nil else { throw .notJSON }
    }

    /// Takes `{`: true; or `null`: false; another value is of the wrong type at `path`.
    @inlinable public mutating func beginObject(_ path: () -> String) throws(Failure) -> Bool {
        try begin(UInt8(ascii: "{"), path)
    }

    /// Takes `[`: true; or `null`: false; another value is of the wrong type at `path`.
    @inlinable public mutating func beginArray(_ path: () -> String) throws(Failure) -> Bool {
        try begin(UInt8(ascii: "["), path)
    }

    @inlinable mutating func begin(_ opening: UInt8, _ path: () -> String) throws(Failure) -> Bool {
        switch try peek() {
        case opening:
            index += 1
            depth += 1
            guard depth <= Self.maximumDepth else { throw .notJSON }
            return true
        default:
            try null(or: path)
            return false
        }
    }

    /// Takes a `null` where another type was wanted; any other value is skipped and of the wrong type at
    /// `path`.
    @inlinable mutating func null(or path: () -> String) throws(Failure) {
        guard try peek() == UInt8(ascii: "n") else {
            try skipValue()
            throw .wrongType(path())
        }
        try literal("null")
    }

    /// The key of the object's next member, its `:` taken; nil at the object's end (`}` taken). `first`
    /// starts true for each object.
    @inlinable public mutating func member(_ first: inout Bool) throws(Failure) -> Key? {
        guard try next(closing: UInt8(ascii: "}"), &first) else { return nil }
        guard try peek() == UInt8(ascii: "\"") else { throw .notJSON }
        let key = try stringBytes()
        guard try peek() == UInt8(ascii: ":") else { throw .notJSON }
        index += 1
        return key
    }

    /// Whether the array has a next element (its `,` taken); false at the array's end (`]` taken).
    @inlinable public mutating func element(_ first: inout Bool) throws(Failure) -> Bool {
        try next(closing: UInt8(ascii: "]"), &first)
    }

    @inlinable mutating func next(closing: UInt8, _ first: inout Bool) throws(Failure) -> Bool {
        let byte = try peek()
        if byte == closing {
            index += 1
            depth -= 1
            return false
        }
        if first {
            first = false
        } else {
            guard byte == UInt8(ascii: ",") else { throw .notJSON }
            index += 1
        }
        return true
    }

    /// A number, or nil for `null`; another value is of the wrong type at `path`.
    @inlinable public mutating func number(_ path: () -> String) throws(Failure) -> Double? {
        switch try peek() {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try numberValue()
        default:
            try null(or: path)
            return nil
        }
    }

    /// A string, or nil for `null`; another value is of the wrong type at `path`. Invalid UTF-8 in it is
    /// repaired (U+FFFD).
    @inlinable public mutating func string(_ path: () -> String) throws(Failure) -> String? {
        switch try peek() {
        case UInt8(ascii: "\""):
            return try stringBytes().text
        default:
            try null(or: path)
            return nil
        }
    }

    /// Skips any value, checking its syntax.
    @inlinable public mutating func skipValue() throws(Failure) {
        switch try peek() {
        case UInt8(ascii: "{"):
            _ = try beginObject { "" }
            var first = true
            while try member(&first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            _ = try beginArray { "" }
            var first = true
            while try element(&first) { try skipValue() }
        case UInt8(ascii: "\""): _ = try stringBytes()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try numberValue()
        default: throw .notJSON
        }
    }

    @inlinable mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                UnsafeBufferPointer(start: word.utf8Start, count: count)
            )
        else { throw .notJSON }
        index += count
    }

    /// The string at `index` (its opening quote), its escapes checked, and undone when it has some.
    @inlinable public mutating func stringBytes() throws(Failure) -> Key {
        index += 1
        let start = index
        // The common case first: no escape, and on to the closing quote without another test.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var escaped: [UInt8]?
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return Key(raw: raw, escaped: escaped)
            case UInt8(ascii: "\\"):
                if escaped == nil { escaped = Array(bytes[start..<index]) }
                try escape(into: &escaped!)
            case 0..<0x20:
                throw .notJSON
            default:
                escaped?.append(byte)
                index += 1
            }
        }
        throw .notJSON
    }

    /// The escape at `index` (its backslash) appended to `text` as UTF-8.
    @inlinable mutating func escape(into text: inout [UInt8]) throws(Failure) {
        guard index + 1 < bytes.count else { throw .notJSON }
        let simple: UInt8? =
            switch bytes[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes[index + 1]
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            text.append(simple)
            index += 2
            return
        }
        guard bytes[index + 1] == UInt8(ascii: "u") else { throw .notJSON }
        var unit = try hexUnit(at: index + 2)
        index += 6
        if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let low = try hexUnit(at: index + 2)
            if (0xDC00..<0xE000).contains(low) {
                unit = 0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00)
                index += 6
            }
        }
        // A lone surrogate becomes U+FFFD (JSONDecoder refuses it: a reader that must agree with JSONDecoder
        // refuses escaped surrogates itself, as StateTopReader does).
        text += Array(String(Unicode.Scalar(unit).map(Character.init) ?? "\u{FFFD}").utf8)
    }

    @inlinable func hexUnit(at position: Int) throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw .notJSON }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .notJSON
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// 10⁰ to 10²², each exactly a Double.
    @usableFromInline static let powersOfTen: [Double] = (0...22).reduce(into: []) { powers, _ in
        powers.append((powers.last ?? 0.1) * 10)
    }

    /// The number at `index`, in JSON's syntax: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// With 15 significant digits or fewer and a power of ten within ±22 (every number MET writes), the
    /// value is one exact integer times or divided by one exact power of ten, so correctly rounded, as
    /// `Double(_:)` reads it; any other number is read by `Double(_:)`.
    @inlinable public mutating func numberValue() throws(Failure) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var scale = 0
        var exact = true
        func add(_ digit: UInt8, fraction: Bool) {
            if mantissa == 0 && digit == 0 {
                if fraction { scale -= 1 }
            } else if significant < 15 {
                mantissa = mantissa * 10 + UInt64(digit)
                significant += 1
                if fraction { scale -= 1 }
            } else {
                exact = false
            }
        }
        guard let firstDigit = digit() else { throw .notJSON }
        index += 1
        if firstDigit != 0 {
            add(firstDigit, fraction: false)
            while let next = digit() {
                add(next, fraction: false)
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit() != nil else { throw .notJSON }
            while let next = digit() {
                add(next, fraction: true)
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let sign = index < bytes.count ? bytes[index] : 0
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard digit() != nil else { throw .notJSON }
            while let next = digit() {
                if exponent < 100_000 { exponent = exponent * 10 + Int(next) }
                index += 1
            }
            if sign == UInt8(ascii: "-") { exponent = -exponent }
        }
        let power = scale + exponent
        guard exact, abs(power) <= 22 else {
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw .notJSON }
            return value
        }
        let magnitude =
            power >= 0 ? Double(mantissa) * Self.powersOfTen[power] : Double(mantissa) / Self.powersOfTen[-power]
        return negative ? -magnitude : magnitude
    }

    /// The digit at `index`, not taken; nil at the end or before another byte.
    @inlinable func digit() -> UInt8? {
        guard index < bytes.count else { return nil }
        let value = bytes[index] &- UInt8(ascii: "0")
        return value < 10 ? value : nil
    }
}
