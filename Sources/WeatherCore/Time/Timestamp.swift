/// A point in UTC time, seconds since 1970-01-01T00:00:00Z. Printed as RFC 3339 with seconds and `Z`.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since the Unix epoch (may carry a fraction).
    public var secondsSinceEpoch: Double

    /// Creates a value from each of its properties.
    public init(secondsSinceEpoch: Double) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// Orders timestamps in time.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSinceEpoch < rhs.secondsSinceEpoch }

    /// The timestamp `seconds` later.
    public func adding(seconds: Double) -> Timestamp { Timestamp(secondsSinceEpoch: secondsSinceEpoch + seconds) }

    /// Seconds from `other` to `self`.
    public func seconds(since other: Timestamp) -> Double { secondsSinceEpoch - other.secondsSinceEpoch }

    /// RFC 3339 in UTC with whole seconds: `2026-11-22T04:05:06Z`.
    public var description: String { rfc3339 }

    /// RFC 3339 in UTC with whole seconds: `2026-11-22T04:05:06Z`.
    public var rfc3339: String {
        let total = Int64(secondsSinceEpoch.rounded(.down))
        var days = total / 86_400
        var secondsOfDay = total % 86_400
        if secondsOfDay < 0 {
            secondsOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = CivilDate.fromDays(days)
        guard (0...9999).contains(year) else {
            return "\(year)-\(pad(month, 2))-\(pad(day, 2))T"
                + "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay % 3600 / 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
        }
        // Written digit by digit into 20 bytes: this runs a dozen times per state file.
        return String(unsafeUninitializedCapacity: 20) { buffer in
            func put(_ value: Int64, width: Int, at offset: Int) {
                var rest = value
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(48 + rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, width: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, width: 2, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(secondsOfDay / 3600, width: 2, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(secondsOfDay % 3600 / 60, width: 2, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(secondsOfDay % 60, width: 2, at: 17)
            buffer[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// Parses RFC 3339 (`YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`); nil when malformed.
    public init?(rfc3339 text: String) {
        var text = text
        guard let timestamp = text.withUTF8({ Timestamp(rfc3339: $0) }) else { return nil }
        self = timestamp
    }

    /// Parses RFC 3339 from UTF-8 bytes (a decoder's buffer), without making a String of them.
    public init?(rfc3339 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        guard bytes[4] == 45, bytes[7] == 45, bytes[10] == 84 || bytes[10] == 116 || bytes[10] == 32,
            bytes[13] == 58, bytes[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset: Int64 = 0
        switch bytes[index] {
        case 90, 122:  // Z z
            guard index + 1 == bytes.count else { return nil }
        case 43, 45:  // + -
            guard index + 6 == bytes.count, bytes[index + 3] == 58,
                let hours = number(index + 1..<index + 3), let minutes = number(index + 4..<index + 6),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (bytes[index] == 45 ? -1 : 1)
        default:
            return nil
        }
        let days = CivilDate.toDays(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        self.init(secondsSinceEpoch: Double(seconds) + fraction)
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Proleptic Gregorian calendar arithmetic (H. Hinnant's days-from-civil algorithms).
enum CivilDate {
    static func fromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func toDays(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
