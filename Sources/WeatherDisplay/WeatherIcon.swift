import WeatherCore

/// The icon of a condition in the style `display.icons` chooses (docs/forecast.md): emoji, Nerd Font weather
/// glyphs (`nf-weather-*`, day and night forms; the table is docs/icons.md) or none.
public enum WeatherIcon {
    /// The icon of `condition`, by day or by night; empty for `.none`.
    public static func glyph(_ condition: WeatherCondition, isDay: Bool, style: DisplaySettings.Icons) -> String {
        switch style {
        case .emoji: emoji(condition, isDay: isDay)
        case .nerd: String(UnicodeScalar(nerd(condition, isDay: isDay)).map(Character.init) ?? "?")
        case .none: ""
        }
    }

    /// The icon of a location without weather yet: `…`, Nerd Font's `nf-weather-na`, or nothing.
    public static func noData(style: DisplaySettings.Icons) -> String {
        switch style {
        case .emoji: "…"
        case .nerd: "\u{E374}"
        case .none: ""
        }
    }

    /// A day or night emoji for a condition; no sun at night.
    public static func emoji(_ condition: WeatherCondition, isDay: Bool) -> String {
        switch condition {
        case .clear: isDay ? "☀️" : "🌙"
        case .mainlyClear: isDay ? "🌤️" : "🌙"
        case .partlyCloudy: isDay ? "⛅" : "☁️"
        case .overcast: "☁️"
        case .fog, .rimeFog: "🌫️"
        case .drizzle, .rainShowers: isDay ? "🌦️" : "🌧️"
        case .rain, .freezingDrizzle, .freezingRain: "🌧️"
        case .sleet, .sleetShowers, .snow, .snowGrains, .snowShowers: "🌨️"
        case .thunderstorm, .thunderstormHail: "⛈️"
        case .unknown: "❔"
        }
    }

    /// The code point of the Nerd Font weather glyph (Erik Flowers' Weather Icons, U+E300–U+E3E3) for a
    /// condition, by day or by night.
    public static func nerd(_ condition: WeatherCondition, isDay: Bool) -> UInt32 {
        switch condition {
        case .clear: isDay ? 0xE30D : 0xE32B  // day_sunny, night_clear
        case .mainlyClear: isDay ? 0xE30C : 0xE379  // day_sunny_overcast, night_alt_partly_cloudy
        case .partlyCloudy: isDay ? 0xE302 : 0xE37E  // day_cloudy, night_alt_cloudy
        case .overcast: 0xE312  // cloudy
        case .fog, .rimeFog: isDay ? 0xE303 : 0xE346  // day_fog, night_fog
        case .drizzle: isDay ? 0xE30B : 0xE328  // day_sprinkle, night_alt_sprinkle
        case .freezingDrizzle: isDay ? 0xE3AA : 0xE3AC  // day_sleet, night_alt_sleet
        case .rain: isDay ? 0xE308 : 0xE325  // day_rain, night_alt_rain
        case .freezingRain: isDay ? 0xE306 : 0xE323  // day_rain_mix, night_alt_rain_mix
        case .rainShowers: isDay ? 0xE309 : 0xE326  // day_showers, night_alt_showers
        // Continuous sleet falls from a closed deck (no sun or moon, as `overcast`); its showers have clear
        // spells between them.
        case .sleet: 0xE3AD  // sleet
        case .sleetShowers: isDay ? 0xE3AA : 0xE3AC  // day_sleet, night_alt_sleet
        case .snow, .snowGrains, .snowShowers: isDay ? 0xE30A : 0xE327  // day_snow, night_alt_snow
        case .thunderstorm: isDay ? 0xE30F : 0xE32A  // day_thunderstorm, night_alt_thunderstorm
        case .thunderstormHail: isDay ? 0xE304 : 0xE321  // day_hail, night_alt_hail
        case .unknown: 0xE374  // na
        }
    }
}
