/// The kind of weather a WMO code describes, at the granularity the state file and journal use.
public enum WeatherCondition: String, Sendable, CaseIterable, Codable {
    case clear
    case mainlyClear = "mainly_clear"
    case partlyCloudy = "partly_cloudy"
    case overcast
    case fog
    case rimeFog = "rime_fog"
    case drizzle
    case freezingDrizzle = "freezing_drizzle"
    case rain
    case freezingRain = "freezing_rain"
    /// Rain and snow mixed (WMO 68, 69): MET Norway's sleet. Not freezing rain, which glazes.
    case sleet
    case snow
    case snowGrains = "snow_grains"
    case rainShowers = "rain_showers"
    /// Showers of rain and snow mixed (WMO 83, 84).
    case sleetShowers = "sleet_showers"
    case snowShowers = "snow_showers"
    case thunderstorm
    case thunderstormHail = "thunderstorm_hail"
    case unknown

    /// The coarse category this condition belongs to.
    public var category: WeatherCategory {
        switch self {
        case .clear: .clear
        case .mainlyClear, .partlyCloudy, .overcast: .partlyCloudy
        case .fog, .rimeFog: .fog
        case .drizzle, .freezingDrizzle, .rain, .freezingRain, .rainShowers: .rain
        case .sleet, .sleetShowers, .snow, .snowGrains, .snowShowers: .snow
        case .thunderstorm, .thunderstormHail: .thunderstorm
        case .unknown: .unknown
        }
    }
}
