/// A calendar date in some place's local time, printed `YYYY-MM-DD`.
public struct LocalDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int64

    /// Creates a value from each of its properties.
    public init(daysSinceEpoch: Int64) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// The local date at `time` in a place `utcOffsetSeconds` ahead of UTC.
    public init(at time: Timestamp, utcOffsetSeconds: Int) {
        // Clamped: a hostile offset or time must not trap the conversion (±10¹⁵ s is ±31 million years).
        let seconds = time.secondsSinceEpoch + Double(utcOffsetSeconds)
        let local = Int64((seconds.isFinite ? min(max(seconds, -1e15), 1e15) : 0).rounded(.down))
        var days = local / 86_400
        if local % 86_400 < 0 { days -= 1 }
        self.init(daysSinceEpoch: days)
    }

    /// Parses `YYYY-MM-DD`; nil when malformed.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int64(parts[0]), let month = Int64(parts[1]), let day = Int64(parts[2]),
            (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        self.init(daysSinceEpoch: CivilDate.toDays(year: year, month: month, day: day))
    }

    /// `2026-11-22`.
    public var description: String {
        let (year, month, day) = CivilDate.fromDays(daysSinceEpoch)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Orders dates in time.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }
}
