import WeatherCore

/// How the air quality, UV and pollen read in the bar, the status text, `weatherd forecast` and `weatherd air`
/// (docs/air.md): indices on the configured scale with the agency's level name, the pollutant that drives them,
/// the UV of the hour and the day, the plant to report with its pollen word; in the language in use, but for the
/// Waybar class.
public enum AirText {
    /// `European AQI 64, Poor (O₃)`; nil without an index on `scale`.
    public static func index(_ air: AirQuality, scale: AirQualityScale) -> String? {
        air.reading(on: scale).map(index)
    }

    /// `European AQI 64, Poor (O₃)`: `reading` in words.
    public static func index(_ reading: AirQualityReading) -> String {
        let name = Words.airQualityIndex(reading.scale)
        return "\(name) \(reading.index), \(Words.airLevel(reading.level))"
            + (reading.pollutant.map { " (\(pollutantName($0)))" } ?? "")
    }

    /// `PM2.5`, `O₃`: the pollutant as people write it, its decimal separator the language's (`PM2,5`).
    public static func pollutantName(_ pollutant: AirPollutant) -> String {
        Catalogue.number(pollutant.name)
    }

    /// `UV 0.9, today up to 1.6`; nil without either.
    public static func uv(_ air: AirQuality) -> String? {
        switch (air.uvIndex.map(Words.oneDecimal), air.uvIndexMax.map(Words.oneDecimal)) {
        case (let now?, let max?): Catalogue.text("UV {now}, today up to {max}", ["now": now, "max": max])
        case (let now?, nil): Catalogue.text("UV {now}", ["now": now])
        case (nil, let max?): Catalogue.text("UV today up to {max}", ["max": max])
        case (nil, nil): nil
        }
    }

    /// `Birch high`: the plant to report and its word (``Pollen/highest(_:)``); nil when nothing is to report
    /// or the answer had no pollen.
    public static func pollen(_ air: AirQuality) -> String? {
        Pollen.highest(air.pollen).map { highest in
            Catalogue.text(
                "{plant} {amount}",
                ["plant": Words.plant(highest.plant), "amount": Words.pollenAmount(highest.amount)]
            )
        }
    }

    /// `PM2.5 14.3, PM10 20.1, O₃ 130, NO₂ 8.4 µg/m³`; nil without any.
    public static func pollutants(_ air: AirQuality) -> String? {
        let values: [(AirPollutant, Double?)] = [
            (.pm2_5, air.pm2_5), (.pm10, air.pm10), (.ozone, air.ozone), (.nitrogenDioxide, air.nitrogenDioxide),
        ]
        let parts = values.compactMap { pollutant, value in
            value.map { "\(pollutantName(pollutant)) \(Words.number($0))" }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ") + " µg/m³"
    }

    /// `air: European AQI 64, Poor (O₃) · UV 0.9, today up to 1.6 · pollen: Birch high`: one line of what is
    /// known, for the tooltip, the status text and `weatherd forecast`.
    public static func line(_ air: AirQuality, scale: AirQualityScale) -> String {
        let pollen = pollen(air).map { Catalogue.text("pollen: {pollen}", ["pollen": $0]) }
        let parts = [index(air, scale: scale), uv(air), pollen].compactMap { $0 }
        guard !parts.isEmpty else { return Catalogue.text("air: no values") }
        return Catalogue.text("air: {values}", ["values": parts.joined(separator: " · ")])
    }

    /// The Waybar class of the air on `scale`: `aqi-` and the level's name in lower case, spaces turned into
    /// `-` (`aqi-very-poor`, `aqi-unhealthy-for-sensitive-groups`); none without an index.
    public static func classes(_ air: AirQuality?, scale: AirQualityScale) -> [String] {
        guard let level = air?.reading(on: scale)?.level else { return [] }
        return ["aqi-" + level.name.lowercased().replacing(" ", with: "-")]
    }
}
