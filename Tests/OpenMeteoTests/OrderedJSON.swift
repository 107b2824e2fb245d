import Foundation

/// JSON that keeps the order of object keys and the raw text of every scalar (`0.20` stays `0.20`), to compare
/// wire shapes.
indirect enum OrderedJSON: Equatable {
    case object([(String, OrderedJSON)])
    case list([OrderedJSON])
    /// A number, `true`, `false` or `null` as written.
    case scalar(String)
    /// A string, decoded.
    case quoted(String)

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.list(let left), .list(let right)): left == right
        case (.scalar(let left), .scalar(let right)), (.quoted(let left), .quoted(let right)): left == right
        default: false
        }
    }

    var keys: [String] {
        if case .object(let members) = self { return members.map(\.0) }
        return []
    }

    var values: [OrderedJSON] {
        if case .object(let members) = self { return members.map(\.1) }
        return []
    }

    subscript(key: String) -> OrderedJSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// An array's elements as raw text (scalars only).
    var array: [String]? {
        guard case .list(let elements) = self else { return nil }
        return elements.map {
            switch $0 {
            case .scalar(let text), .quoted(let text): text
            default: "?"
            }
        }
    }

    /// The raw texts of a scalar or of an array's scalars.
    var scalars: [String] {
        if case .scalar(let text) = self { return [text] }
        return array ?? []
    }

    var integer: Int? {
        if case .scalar(let text) = self { return Int(text) }
        return nil
    }

    var integers: [Int]? {
        guard let array else { return nil }
        let values = array.compactMap { Int($0) }
        return values.count == array.count ? values : nil
    }

    var doubles: [Double]? {
        guard let array else { return nil }
        let values = array.compactMap { Double($0) }
        return values.count == array.count ? values : nil
    }

    var string: String? {
        if case .quoted(let text) = self { return text }
        return nil
    }

    static func parse(_ text: String) throws -> OrderedJSON {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw ShapeError(message: "trailing text") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else {
                throw ShapeError(message: "expected \(Character(UnicodeScalar(byte))) at \(index)")
            }
            index += 1
        }

        mutating func value() throws -> OrderedJSON {
            skipSpace()
            guard index < bytes.count else { throw ShapeError(message: "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                var members: [(String, OrderedJSON)] = []
                try items(closedBy: "}", of: "object") { parser in
                    let key = try parser.string()
                    try parser.expect(UInt8(ascii: ":"))
                    members.append((key, try parser.value()))
                }
                return .object(members)
            case UInt8(ascii: "["):
                var elements: [OrderedJSON] = []
                try items(closedBy: "]", of: "array") { parser in elements.append(try parser.value()) }
                return .list(elements)
            case UInt8(ascii: "\""):
                return .quoted(try string())
            default:
                let start = index
                while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                return .scalar(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        /// Reads the comma-separated items of an object or an array, from its opening bracket to `close`.
        mutating func items(
            closedBy close: Unicode.Scalar,
            of kind: String,
            _ item: (inout Parser) throws -> Void
        ) throws {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: close) {
                index += 1
                return
            }
            repeat {
                skipSpace()
                try item(&self)
                skipSpace()
                index += 1
            } while bytes[index - 1] == UInt8(ascii: ",")
            guard bytes[index - 1] == UInt8(ascii: close) else { throw ShapeError(message: "bad \(kind) at \(index)") }
        }

        /// A string without escapes other than `\"` and `\\` (enough for Open-Meteo's keys and units).
        mutating func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            var out: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                out.append(bytes[index])
                index += 1
            }
            index += 1
            return String(decoding: out, as: UTF8.self)
        }
    }
}
