#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON's syntax for ``LocationforecastReader``: objects and arrays a member or an element at a time,
/// strings, numbers, literals, and any value skipped (and checked) whole.
extension LocationforecastReader {
    /// A member's key as its bytes in the body (escapes, which Locationforecast's keys never have, undone
    /// in `escaped`).
    struct Key {
        var raw: UnsafeBufferPointer<UInt8>
        var escaped: [UInt8]?

        /// The key as text.
        var text: String {
            if let escaped { return String(decoding: escaped, as: UTF8.self) }
            return String(decoding: raw, as: UTF8.self)
        }

        /// The length first, then one `memcmp`: `elementsEqual`'s byte-at-a-time loop, once per member and
        /// candidate key, was the largest part of `period`'s and `instant`'s own time (perf, release build).
        static func == (key: Key, name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            if let escaped = key.escaped {
                return escaped.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: count))
            }
            guard key.raw.count == count else { return false }
            guard let start = key.raw.baseAddress else { return true }
            return memcmp(start, name.utf8Start, count) == 0
        }

        static func ~= (name: StaticString, key: Key) -> Bool { key == name }
    }

    private static let maximumDepth = 512

    /// The next byte after white space, not taken.
    mutating func peek() throws(Failure) -> UInt8 {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return bytes[index]
            }
        }
        throw .notJSON
    }

    /// Nothing but white space is left.
    mutating func end() throws(Failure) {
        guard (try? peek()) == nil else { throw .notJSON }
    }

    /// Takes `{`: true; or `null`: false; another value is of the wrong type at `path`.
    mutating func beginObject(_ path: () -> String) throws(Failure) -> Bool {
        try begin(UInt8(ascii: "{"), path)
    }

    /// Takes `[`: true; or `null`: false; another value is of the wrong type at `path`.
    mutating func beginArray(_ path: () -> String) throws(Failure) -> Bool {
        try begin(UInt8(ascii: "["), path)
    }

    private mutating func begin(_ opening: UInt8, _ path: () -> String) throws(Failure) -> Bool {
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
    private mutating func null(or path: () -> String) throws(Failure) {
        guard try peek() == UInt8(ascii: "n") else {
            try skipValue()
            throw .wrongType(path())
        }
        try literal("null")
    }

    /// The key of the object's next member, its `:` taken; nil at the object's end (`}` taken). `first`
    /// starts true for each object.
    mutating func member(_ first: inout Bool) throws(Failure) -> Key? {
        guard try next(closing: UInt8(ascii: "}"), &first) else { return nil }
        guard try peek() == UInt8(ascii: "\"") else { throw .notJSON }
        let key = try stringBytes()
        guard try peek() == UInt8(ascii: ":") else { throw .notJSON }
        index += 1
        return key
    }

    /// Whether the array has a next element (its `,` taken); false at the array's end (`]` taken).
    mutating func element(_ first: inout Bool) throws(Failure) -> Bool {
        try next(closing: UInt8(ascii: "]"), &first)
    }

    private mutating func next(closing: UInt8, _ first: inout Bool) throws(Failure) -> Bool {
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
    mutating func number(_ path: () -> String) throws(Failure) -> Double? {
        switch try peek() {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try numberValue()
        default:
            try null(or: path)
            return nil
        }
    }

    /// A string, or nil for `null`; another value is of the wrong type at `path`. Invalid UTF-8 in it is
    /// repaired (U+FFFD).
    mutating func string(_ path: () -> String) throws(Failure) -> String? {
        switch try peek() {
        case UInt8(ascii: "\""):
            return try stringBytes().text
        default:
            try null(or: path)
            return nil
        }
    }

    /// Skips any value, checking its syntax.
    mutating func skipValue() throws(Failure) {
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

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                UnsafeBufferPointer(start: word.utf8Start, count: count)
            )
        else { throw .notJSON }
        index += count
    }

    /// The string at `index` (its opening quote), its escapes checked, and undone when it has some.
    mutating func stringBytes() throws(Failure) -> Key {
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
    private mutating func escape(into text: inout [UInt8]) throws(Failure) {
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
        // A lone surrogate becomes U+FFFD, as JSONDecoder reads it.
        text += Array(String(Unicode.Scalar(unit).map(Character.init) ?? "\u{FFFD}").utf8)
    }

    private func hexUnit(at position: Int) throws(Failure) -> UInt32 {
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
}
