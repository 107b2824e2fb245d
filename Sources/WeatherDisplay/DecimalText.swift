import WeatherCore

/// Numbers as people read them: rounded half away from zero on the number's shortest decimal form (so
/// 2.675 to two places is 2.68, as written, not 2.67 as its binary value would give), and never "-0".
public enum DecimalText {
    /// `value` with `decimals` places: 2.45 → "2" (0 places), 2.5 → "3", -2.5 → "-3", -0.4 → "0",
    /// -0.04 → "0.0" (1 place). Nil for a value that is not finite.
    public static func fixed(_ value: Double, decimals: Int) -> String? {
        guard value.isFinite else { return nil }
        let places = max(0, decimals)
        // The shortest form ("12.345") read as bytes, the result built in one buffer on the stack: this runs
        // some twenty times for each `status --follow` update, where digit arrays and their copies cost 4,300
        // instructions a number (callgrind); this way about a quarter of that.
        var shortest = value.magnitude.description
        return shortest.withUTF8 { bytes -> String in
            guard !bytes.contains(UInt8(ascii: "e")), !bytes.contains(UInt8(ascii: "E")) else {
                return NumberFormat.fixed(value, decimals: places)
            }
            let dot = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
            let fraction = dot < bytes.endIndex ? bytes.endIndex - dot - 1 : 0
            // "-", a digit for the carry, the whole part, ".", the places kept.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: dot + places + 3) { text in
                var end = 2
                text[1] = UInt8(ascii: "0")
                for byte in bytes[..<dot] {
                    text[end] = byte
                    end += 1
                }
                let point = end
                if places > 0 { end += 1 }
                for place in 0..<places {
                    text[end] = place < fraction ? bytes[dot + 1 + place] : UInt8(ascii: "0")
                    end += 1
                }
                if fraction > places, bytes[dot + 1 + places] >= UInt8(ascii: "5") {
                    // Half or more of the last place kept: up, away from zero (the sign comes after).
                    var index = end - 1
                    while true {
                        if index == point, places > 0 { index -= 1 }
                        guard text[index] == UInt8(ascii: "9") else { break }
                        text[index] = UInt8(ascii: "0")
                        index -= 1
                    }
                    text[index] += 1
                }
                if places > 0 { text[point] = UInt8(ascii: ".") }
                var start = text[1] == UInt8(ascii: "0") ? 2 : 1
                let isZero = !(start..<end).contains { text[$0] != UInt8(ascii: "0") && text[$0] != UInt8(ascii: ".") }
                if value < 0 && !isZero {
                    start -= 1
                    text[start] = UInt8(ascii: "-")
                }
                return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
            }
        }
    }
}
