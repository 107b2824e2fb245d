/// Coordinates as the sources that ask for few decimals want them (MET Norway, NWS: at most 4), printed the
/// same way every time, so that the same point is the same URL for every cache.
extension NumberFormat {
    /// `value` rounded to 4 decimals (about 11 m).
    public static func fourDecimals(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// A coordinate with at most 4 decimals and no trailing zeros: `40.7128`, `-74.006`, `52.52`, `13`.
    public static func coordinate(_ value: Double) -> String {
        var text = fixed(fourDecimals(value), decimals: 4)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
