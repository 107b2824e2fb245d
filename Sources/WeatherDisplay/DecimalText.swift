import WeatherCore

/// Numbers as people read them: rounded half away from zero on the number's shortest decimal form (so
/// 2.675 to two places is 2.68, as written, not 2.67 as its binary value would give), and never "-0".
public enum DecimalText {
    /// `value` with `decimals` places: 2.45 → "2" (0 places), 2.5 → "3", -2.5 → "-3", -0.4 → "0",
    /// -0.04 → "0.0" (1 place). Nil for a value that is not finite.
    public static func fixed(_ value: Double, decimals: Int) -> String? {
        guard value.isFinite else { return nil }
        let places = max(0, decimals)
        // Digits as numbers, from the UTF-8 bytes of the shortest form ("12.345"): no Characters to walk.
        let bytes = Array("\(value.magnitude)".utf8)
        guard !bytes.contains(UInt8(ascii: "e")), !bytes.contains(UInt8(ascii: "E")) else {
            return NumberFormat.fixed(value, decimals: places)
        }
        let dot = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        var digits = bytes[..<dot].map { $0 &- UInt8(ascii: "0") }
        let fraction = dot < bytes.endIndex ? bytes[(dot + 1)...].map { $0 &- UInt8(ascii: "0") } : []
        digits += fraction.prefix(places)
        digits += Array(repeating: 0, count: max(0, places - fraction.count))
        if fraction.count > places, fraction[places] >= 5 {
            // Half or more of the last place kept: up, away from zero (the sign comes after).
            var index = digits.count - 1
            while index >= 0 {
                guard digits[index] == 9 else {
                    digits[index] += 1
                    break
                }
                digits[index] = 0
                index -= 1
            }
            if index < 0 { digits.insert(1, at: 0) }
        }
        let whole = digits.count - places
        let isZero = digits.allSatisfy { $0 == 0 }
        var text: [UInt8] = value < 0 && !isZero ? [UInt8(ascii: "-")] : []
        text += digits[..<whole].map { $0 + UInt8(ascii: "0") }
        if places > 0 {
            text.append(UInt8(ascii: "."))
            text += digits[whole...].map { $0 + UInt8(ascii: "0") }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
