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

    private static let table: [Int: (condition: WeatherCondition, description: String)] = [
        0: (.clear, "Clear sky"),
        1: (.mainlyClear, "Mainly clear"),
        2: (.partlyCloudy, "Partly cloudy"),
        3: (.overcast, "Overcast"),
        45: (.fog, "Fog"),
        48: (.rimeFog, "Depositing rime fog"),
        51: (.drizzle, "Light drizzle"),
        53: (.drizzle, "Moderate drizzle"),
        55: (.drizzle, "Dense drizzle"),
        56: (.freezingDrizzle, "Light freezing drizzle"),
        57: (.freezingDrizzle, "Dense freezing drizzle"),
        61: (.rain, "Slight rain"),
        63: (.rain, "Moderate rain"),
        65: (.rain, "Heavy rain"),
        66: (.freezingRain, "Light freezing rain"),
        67: (.freezingRain, "Heavy freezing rain"),
        68: (.sleet, "Light sleet"),
        69: (.sleet, "Moderate or heavy sleet"),
        71: (.snow, "Slight snow fall"),
        73: (.snow, "Moderate snow fall"),
        75: (.snow, "Heavy snow fall"),
        77: (.snowGrains, "Snow grains"),
        80: (.rainShowers, "Slight rain showers"),
        81: (.rainShowers, "Moderate rain showers"),
        82: (.rainShowers, "Violent rain showers"),
        83: (.sleetShowers, "Light sleet showers"),
        84: (.sleetShowers, "Moderate or heavy sleet showers"),
        85: (.snowShowers, "Slight snow showers"),
        86: (.snowShowers, "Heavy snow showers"),
        95: (.thunderstorm, "Thunderstorm"),
        96: (.thunderstormHail, "Thunderstorm with slight hail"),
        99: (.thunderstormHail, "Thunderstorm with heavy hail"),
    ]
}
