/// JSON numbers for ``LocationforecastReader``, read without making a String of each.
extension LocationforecastReader {
    /// 10⁰ to 10²², each exactly a Double.
    private static let powersOfTen: [Double] = (0...22).reduce(into: []) { powers, _ in
        powers.append((powers.last ?? 0.1) * 10)
    }

    /// The number at `index`, in JSON's syntax: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// With 15 significant digits or fewer and a power of ten within ±22 (every number MET writes), the
    /// value is one exact integer times or divided by one exact power of ten, so correctly rounded, as
    /// `Double(_:)` reads it; any other number is read by `Double(_:)`.
    mutating func numberValue() throws(Failure) -> Double {
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
    private func digit() -> UInt8? {
        guard index < bytes.count else { return nil }
        let value = bytes[index] &- UInt8(ascii: "0")
        return value < 10 ? value : nil
    }
}
