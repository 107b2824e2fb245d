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
        let scaled = Int64((abs(value) * Double(scale)).rounded(.toNearestOrAwayFromZero))
        let negative = value < 0 && scaled != 0
        let whole = scaled / scale
        var text = (negative ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(scaled % scale)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
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
