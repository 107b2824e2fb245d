/// Splitting a request target into path and query, with `application/x-www-form-urlencoded` decoding.
enum QueryString {
    /// Splits `uri` at the first `?` (and drops any `#fragment`) into the path and the raw query.
    static func split(_ uri: String) -> (path: String, query: Substring) {
        let withoutFragment = uri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let mark = withoutFragment.firstIndex(of: "?") else {
            return (String(withoutFragment), "")
        }
        return (String(withoutFragment[..<mark]), withoutFragment[withoutFragment.index(after: mark)...])
    }

    /// Decodes `a=1&b=x%20y` into a dictionary; for a repeated name the last value wins.
    static func parse(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            result[name] = value
        }
        return result
    }

    /// Percent-decodes `text`, turning `+` into a space; malformed escapes are kept as they are.
    static func decode(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 2
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `text` is a number with at most 4 decimals, as MET Norway and NWS want coordinates.
    static func hasFourDecimalsAtMost(_ text: String) -> Bool {
        guard Double(text) != nil else { return false }
        guard let dot = text.firstIndex(of: ".") else { return true }
        return text[text.index(after: dot)...].count <= 4
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
