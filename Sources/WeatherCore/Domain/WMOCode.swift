/// A WMO weather interpretation code (WW) as Open-Meteo reports it, with its domain meaning; MET Norway's
/// symbols map to these codes too (``MetSymbol``).
public struct WMOCode: Sendable, Hashable, Comparable {
    /// The numeric code; any integer, known or not.
    public let rawValue: Int

    /// Wraps a numeric code.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The 32 known codes in ascending order: the 28 Open-Meteo documents, and the four of sleet (68, 69, 83,
    /// 84) that MET Norway's symbols need.
    public static let known: [WMOCode] = table.keys.sorted().map(WMOCode.init)

    /// Whether the code is one of the 32 known ones.
    public var isKnown: Bool { Self.table[rawValue] != nil }

    /// The condition the code maps to; `.unknown` for undocumented codes.
    public var condition: WeatherCondition { Self.table[rawValue]?.condition ?? .unknown }

    /// The coarse category of the condition.
    public var category: WeatherCategory { condition.category }

    /// The English description, e.g. "Slight rain" or "Unknown weather code 42".
    public var description: String { Self.table[rawValue]?.description ?? "Unknown weather code \(rawValue)" }

    /// Orders codes numerically.
    public static func < (lhs: WMOCode, rhs: WMOCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A known code's meaning. Its description is English and the message id of its translations (the
    /// catalogues' extraction reads `Entry`'s second argument).
    private struct Entry {
        let condition: WeatherCondition
        let description: String

        init(_ condition: WeatherCondition, _ description: String) {
            self.condition = condition
            self.description = description
        }
    }

    private static let table: [Int: Entry] = [
        0: Entry(.clear, "Clear sky"),
        1: Entry(.mainlyClear, "Mainly clear"),
        2: Entry(.partlyCloudy, "Partly cloudy"),
        3: Entry(.overcast, "Overcast"),
        45: Entry(.fog, "Fog"),
        48: Entry(.rimeFog, "Depositing rime fog"),
        51: Entry(.drizzle, "Light drizzle"),
        53: Entry(.drizzle, "Moderate drizzle"),
        55: Entry(.drizzle, "Dense drizzle"),
        56: Entry(.freezingDrizzle, "Light freezing drizzle"),
        57: Entry(.freezingDrizzle, "Dense freezing drizzle"),
        61: Entry(.rain, "Slight rain"),
        63: Entry(.rain, "Moderate rain"),
        65: Entry(.rain, "Heavy rain"),
        66: Entry(.freezingRain, "Light freezing rain"),
        67: Entry(.freezingRain, "Heavy freezing rain"),
        68: Entry(.sleet, "Light sleet"),
        69: Entry(.sleet, "Moderate or heavy sleet"),
        71: Entry(.snow, "Slight snow fall"),
        73: Entry(.snow, "Moderate snow fall"),
        75: Entry(.snow, "Heavy snow fall"),
        77: Entry(.snowGrains, "Snow grains"),
        80: Entry(.rainShowers, "Slight rain showers"),
        81: Entry(.rainShowers, "Moderate rain showers"),
        82: Entry(.rainShowers, "Violent rain showers"),
        83: Entry(.sleetShowers, "Light sleet showers"),
        84: Entry(.sleetShowers, "Moderate or heavy sleet showers"),
        85: Entry(.snowShowers, "Slight snow showers"),
        86: Entry(.snowShowers, "Heavy snow showers"),
        95: Entry(.thunderstorm, "Thunderstorm"),
        96: Entry(.thunderstormHail, "Thunderstorm with slight hail"),
        99: Entry(.thunderstormHail, "Thunderstorm with heavy hail"),
    ]
}
