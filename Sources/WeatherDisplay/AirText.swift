import WeatherCore

/// How the air quality, UV and pollen read in the bar, the status text, `weatherd forecast` and `weatherd air`
/// (docs/air.md): indices on the configured scale with the agency's level name, the pollutant that drives them,
/// the UV of the hour and the day, the plant to report with its pollen word.
public enum AirText {
    /// `European AQI 64, Poor (O₃)`; nil without an index on `scale`.
    public static func index(_ air: AirQuality, scale: AirQualityScale) -> String? {
        air.reading(on: scale).map(index)
    }

    /// `European AQI 64, Poor (O₃)`: `reading` in words.
    public static func index(_ reading: AirQualityReading) -> String {
        let name = reading.scale == .european ? "European AQI" : "US AQI"
        return "\(name) \(reading.index), \(reading.level.name)" + (reading.pollutant.map { " (\($0.name))" } ?? "")
    }

    /// `UV 0.9, today up to 1.6`; nil without either.
    public static func uv(_ air: AirQuality) -> String? {
        switch (air.uvIndex, air.uvIndexMax) {
        case (let now?, let max?): "UV \(NumberFormat.oneDecimal(now)), today up to \(NumberFormat.oneDecimal(max))"
        case (let now?, nil): "UV \(NumberFormat.oneDecimal(now))"
        case (nil, let max?): "UV today up to \(NumberFormat.oneDecimal(max))"
        case (nil, nil): nil
        }
    }

    /// `Birch high`: the plant to report and its word (``Pollen/highest(_:)``); nil when nothing is to report
    /// or the answer had no pollen.
    public static func pollen(_ air: AirQuality) -> String? {
        Pollen.highest(air.pollen).map { "\($0.plant.name) \($0.amount.name)" }
    }

    /// `PM2.5 14.3, PM10 20.1, O₃ 130, NO₂ 8.4 µg/m³`; nil without any.
    public static func pollutants(_ air: AirQuality) -> String? {
        let values: [(AirPollutant, Double?)] = [
            (.pm2_5, air.pm2_5), (.pm10, air.pm10), (.ozone, air.ozone), (.nitrogenDioxide, air.nitrogenDioxide),
        ]
        let parts = values.compactMap { pollutant, value in value.map { "\(pollutant.name) \(NumberFormat.json($0))" } }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + " µg/m³"
    }

    /// `air: European AQI 64, Poor (O₃) · UV 0.9, today up to 1.6 · pollen: Birch high`: one line of what is
    /// known, for the tooltip, the status text and `weatherd forecast`.
    public static func line(_ air: AirQuality, scale: AirQualityScale) -> String {
        let parts = [index(air, scale: scale), uv(air), pollen(air).map { "pollen: " + $0 }].compactMap { $0 }
        return "air: " + (parts.isEmpty ? "no values" : parts.joined(separator: " · "))
    }

    /// The Waybar class of the air on `scale`: `aqi-` and the level's name in lower case, spaces turned into
    /// `-` (`aqi-very-poor`, `aqi-unhealthy-for-sensitive-groups`); none without an index.
    public static func classes(_ air: AirQuality?, scale: AirQualityScale) -> [String] {
        guard let level = air?.reading(on: scale)?.level else { return [] }
        return ["aqi-" + level.name.lowercased().replacing(" ", with: "-")]
    }
}
