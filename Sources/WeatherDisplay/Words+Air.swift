import WeatherCore

/// The air's words (docs/air.md) in the language in use. WeatherCore's names stay English: the Waybar class
/// (`aqi-very-poor`) is made from them.
extension Words {
    /// The level's name by its agency: `Very poor` (EEA), `Unhealthy for Sensitive Groups` (EPA).
    public static func airLevel(_ level: AirQualityLevel) -> String {
        switch level {
        case .good: Catalogue.word("Good", context: "air quality")
        case .fair: Catalogue.word("Fair", context: "air quality")
        case .moderate: Catalogue.word("Moderate", context: "air quality")
        case .poor: Catalogue.word("Poor", context: "air quality")
        case .veryPoor: Catalogue.word("Very poor", context: "air quality")
        case .extremelyPoor: Catalogue.word("Extremely poor", context: "air quality")
        case .unhealthyForSensitiveGroups: Catalogue.word("Unhealthy for Sensitive Groups", context: "air quality")
        case .unhealthy: Catalogue.word("Unhealthy", context: "air quality")
        case .veryUnhealthy: Catalogue.word("Very Unhealthy", context: "air quality")
        case .hazardous: Catalogue.word("Hazardous", context: "air quality")
        }
    }

    /// The index's name: `European AQI`, `US AQI`.
    public static func airQualityIndex(_ scale: AirQualityScale) -> String {
        switch scale {
        // Translators: the European Environment Agency's European Air Quality Index, short.
        case .european: Catalogue.word("European AQI", context: "air quality")
        // Translators: the US Environmental Protection Agency's Air Quality Index, short.
        case .us: Catalogue.word("US AQI", context: "air quality")
        }
    }

    /// A plant whose pollen is counted: `Birch`.
    public static func plant(_ plant: Pollen.Plant) -> String {
        switch plant {
        case .alder: Catalogue.word("Alder", context: "pollen")
        case .birch: Catalogue.word("Birch", context: "pollen")
        case .grass: Catalogue.word("Grass", context: "pollen")
        case .mugwort: Catalogue.word("Mugwort", context: "pollen")
        case .olive: Catalogue.word("Olive", context: "pollen")
        case .ragweed: Catalogue.word("Ragweed", context: "pollen")
        }
    }

    /// An amount of pollen: `very high`.
    public static func pollenAmount(_ amount: Pollen.Amount) -> String {
        switch amount {
        case .low: Catalogue.word("low", context: "pollen")
        case .moderate: Catalogue.word("moderate", context: "pollen")
        case .high: Catalogue.word("high", context: "pollen")
        case .veryHigh: Catalogue.word("very high", context: "pollen")
        }
    }
}
