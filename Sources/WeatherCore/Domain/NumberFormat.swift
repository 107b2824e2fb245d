/// Number formatting without Foundation, for messages and machine-readable output.
public enum NumberFormat {
    /// One decimal place: 2 → "2.0", -1.26 → "-1.3". Non-finite or huge values fall back to Swift's description.
    public static func oneDecimal(_ value: Double) -> String {
        fixed(value, decimals: 1)
    }

    /// A value rounded to `decimals` places and printed without exponent, e.g. fixed(16.94, decimals: 1) → "16.9".
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        var rest = Int64((abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero))
        let negative = value < 0 && rest != 0
        // The digits from the right into one buffer on the stack, the point after `decimals` of them: the
        // status line, the journal's and the reports' numbers; String(Int64) and four concatenations cost
        // 1,350 instructions a number (callgrind).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 22 + decimals) { buffer in
            var start = buffer.count
            var digits = 0
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                digits += 1
                if digits == decimals {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
            } while rest > 0 || digits <= decimals
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
        }
    }

    /// A JSON number: integers without a fraction ("81"), others in Swift's shortest form ("16.9").
    /// Callers must pass finite values.
    public static func json(_ value: Double) -> String {
        if let whole = jsonWhole(value) { return String(whole) }
        return "\(value)"
    }

    /// `value` as the integer ``json(_:)`` prints it as, or nil when it is printed with a fraction.
    public static func jsonWhole(_ value: Double) -> Int64? {
        value == value.rounded() && abs(value) < 1e15 ? Int64(value) : nil
    }
}
