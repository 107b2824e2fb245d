/// A weather symbol of MET Norway's Locationforecast (`symbol_code`, e.g. `lightrainshowers_polartwilight`)
/// read as the WMO code its base name corresponds to and whether its suffix says day (docs/conditions.md,
/// "MET Norway's symbols").
///
/// A symbol is a base name, and for 21 of MET's 41 names a suffix: `_day`, `_night`, or `_polartwilight`
/// (the sun just below the horizon: not day). The base is everything before the first `_`; no base name
/// has one. Two names stay misspelt as MET sends them (`lightssleetshowersandthunder`,
/// `lightssnowshowersandthunder`). A base name outside MET's list maps to no code, never to clear sky: the
/// symbol itself is kept for the journal.
public struct MetSymbol: Sendable, Hashable {
    /// The symbol as sent.
    public var code: String
    /// The WMO code of the base name; nil for a base name MET's list does not have.
    public var wmoCode: WMOCode?
    /// `_day` → true, `_night` and `_polartwilight` → false; nil without a suffix, or with one MET does not
    /// use (the sun's position decides then).
    public var isDay: Bool?

    /// Reads `code`.
    public init(_ code: String) {
        self.code = code
        let utf8 = code.utf8
        let underscore = utf8.firstIndex(of: UInt8(ascii: "_"))
        let base = underscore.map { String(code[..<$0]) } ?? code
        wmoCode = Self.wmoCodes[base].map(WMOCode.init)
        isDay =
            switch underscore.map({ code[utf8.index(after: $0)...] }) {
            case "day"?: true
            case "night"?, "polartwilight"?: false
            default: nil
            }
    }

    /// Whether the base name is one of MET's 41.
    public var isKnown: Bool { wmoCode != nil }

    /// MET's 41 base names and the WMO code each maps to. Sleet (rain and snow mixed) is WMO 68/69 and
    /// 83/84, never freezing rain (66/67, glaze ice); MET gives no hail, so every name with thunder is 95.
    public static let wmoCodes: [String: Int] = [
        "clearsky": 0, "fair": 1, "partlycloudy": 2, "cloudy": 3,
        "fog": 45,
        "lightrain": 61, "rain": 63, "heavyrain": 65,
        "lightrainshowers": 80, "rainshowers": 81, "heavyrainshowers": 82,
        "lightsleet": 68, "sleet": 69, "heavysleet": 69,
        "lightsleetshowers": 83, "sleetshowers": 84, "heavysleetshowers": 84,
        "lightsnow": 71, "snow": 73, "heavysnow": 75,
        "lightsnowshowers": 85, "snowshowers": 86, "heavysnowshowers": 86,
        "lightrainandthunder": 95, "rainandthunder": 95, "heavyrainandthunder": 95,
        "lightsleetandthunder": 95, "sleetandthunder": 95, "heavysleetandthunder": 95,
        "lightsnowandthunder": 95, "snowandthunder": 95, "heavysnowandthunder": 95,
        "lightrainshowersandthunder": 95, "rainshowersandthunder": 95, "heavyrainshowersandthunder": 95,
        "lightssleetshowersandthunder": 95, "sleetshowersandthunder": 95, "heavysleetshowersandthunder": 95,
        "lightssnowshowersandthunder": 95, "snowshowersandthunder": 95, "heavysnowshowersandthunder": 95,
    ]
}
