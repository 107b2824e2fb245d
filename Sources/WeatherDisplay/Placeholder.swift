import WeatherCore

/// A placeholder of the bar's text (docs/forecast.md), by the name written between braces.
public enum Placeholder: String, Sendable, CaseIterable {
    /// The weather's icon (day or night form).
    case icon
    /// The location's name.
    case name
    /// The location's id.
    case id
    /// The temperature.
    case temperature
    /// The apparent ("feels like") temperature.
    case apparentTemperature = "apparent_temperature"
    /// The temperature's unit: `°C` or `°F`.
    case unit
    /// The condition: `rain`, `mainly_clear`, ….
    case condition
    /// The weather code's description: `Slight rain`.
    case description
    /// The relative humidity, percent.
    case humidity
    /// The wind speed.
    case windSpeed = "wind_speed"
    /// The wind speed's unit: `km/h`, `m/s`, `mph`, `kn`.
    case windUnit = "wind_unit"
    /// Where the wind comes from, degrees.
    case windDirection = "wind_direction"
    /// An arrow pointing where the wind blows to.
    case windArrow = "wind_arrow"
    /// Today's highest temperature.
    case high
    /// Today's lowest temperature.
    case low
    /// Today's highest precipitation probability, percent.
    case precipitationProbability = "precipitation_probability"
    /// The highest precipitation probability of the next 6 hours, percent.
    case precipitationProbability6h = "precipitation_probability_6h"
    /// The nowcast's sentence: `rain in 25 min`.
    case nowcast
    /// Tomorrow's icon.
    case tomorrowIcon = "tomorrow_icon"
    /// Tomorrow's highest temperature.
    case tomorrowHigh = "tomorrow_high"
    /// Tomorrow's lowest temperature.
    case tomorrowLow = "tomorrow_low"
    /// Today's sunrise, in the location's local time.
    case sunrise
    /// Today's sunset, in the location's local time.
    case sunset
    /// The age of the weather: `3 min`.
    case age
    /// The most severe official warning's event (`Winter Storm Warning`); empty when none.
    case alert
    /// How many official warnings are in force.
    case alerts
    /// The weather source serving the location: `open-meteo`, `met-norway`.
    case source
    /// The air quality index on the configured scale (docs/air.md).
    case aqi
    /// Its level: `Fair`, `Unhealthy for Sensitive Groups`.
    case aqiLevel = "aqi_level"
    /// The UV index of the hour.
    case uv
    /// The plant to report and its pollen word: `Birch high`; empty when nothing is to report.
    case pollen

    /// Whether the value is a number, so that `{name:.N}` can give its decimals.
    public var isNumber: Bool {
        switch self {
        case .temperature, .apparentTemperature, .humidity, .windSpeed, .windDirection, .high, .low,
            .precipitationProbability, .precipitationProbability6h, .tomorrowHigh, .tomorrowLow, .aqi, .uv:
            true
        case .icon, .name, .id, .unit, .condition, .description, .windUnit, .windArrow, .nowcast,
            .tomorrowIcon, .sunrise, .sunset, .age, .alert, .alerts, .source, .aqiLevel, .pollen:
            false
        }
    }

    /// Every name, comma-separated, for error messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
