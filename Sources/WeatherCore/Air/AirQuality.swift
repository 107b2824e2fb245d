/// A location's air quality, UV and pollen for one hour (docs/air.md), from Open-Meteo's air quality API.
/// A value the API answered null (pollen outside CAMS Europe or past its horizon) is absent, never 0.
public struct AirQuality: Sendable, Hashable {
    /// The hour the values describe (the API's `current.time`, on the hour).
    public var time: Timestamp
    /// The EEA's European AQI (whole number, 0 and up; past 100 is extremely poor).
    public var europeanAQI: Int?
    /// The EPA's US AQI (whole number, 0 and up).
    public var usAQI: Int?
    /// Particulate matter under 2.5 µm, µg/m³.
    public var pm2_5: Double?
    /// Particulate matter under 10 µm, µg/m³.
    public var pm10: Double?
    /// Ozone, µg/m³.
    public var ozone: Double?
    /// Nitrogen dioxide, µg/m³.
    public var nitrogenDioxide: Double?
    /// The UV index of the hour.
    public var uvIndex: Double?
    /// The highest hourly UV index of the location's local day.
    public var uvIndexMax: Double?
    /// Grains/m³ per plant; a plant the API answered null is absent, a `0.0` is nothing to report.
    public var pollen: [Pollen.Plant: Double]

    /// Creates a value from each of its properties.
    public init(
        time: Timestamp,
        europeanAQI: Int? = nil,
        usAQI: Int? = nil,
        pm2_5: Double? = nil,
        pm10: Double? = nil,
        ozone: Double? = nil,
        nitrogenDioxide: Double? = nil,
        uvIndex: Double? = nil,
        uvIndexMax: Double? = nil,
        pollen: [Pollen.Plant: Double] = [:]
    ) {
        self.time = time
        self.europeanAQI = europeanAQI
        self.usAQI = usAQI
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.ozone = ozone
        self.nitrogenDioxide = nitrogenDioxide
        self.uvIndex = uvIndex
        self.uvIndexMax = uvIndexMax
        self.pollen = pollen
    }

    /// The concentrations weatherd keeps, µg/m³, in the order of the state file's keys; absent ones left out.
    public var concentrations: [(pollutant: AirPollutant, microgramsPerCubicMetre: Double)] {
        let values: [(AirPollutant, Double?)] = [
            (.nitrogenDioxide, nitrogenDioxide), (.ozone, ozone), (.pm10, pm10), (.pm2_5, pm2_5),
        ]
        return values.compactMap { pollutant, value in value.map { (pollutant, $0) } }
    }

    /// The pollutant that drives the index on `scale`: the one whose concentration stands highest in the
    /// scale's bands (``AirPollutant/subIndex(of:on:)``; the first in ``concentrations`` order on a tie); nil
    /// without any concentration. weatherd reads the hour's concentrations for it instead of asking the API
    /// for each pollutant's index, which would cost four more variables a request (docs/air.md); the index
    /// itself is the API's, made of averages over hours, so on a close call the two may name different ones.
    public func dominantPollutant(on scale: AirQualityScale) -> AirPollutant? {
        var best: (pollutant: AirPollutant, index: Double)?
        for (pollutant, value) in concentrations {
            let index = pollutant.subIndex(of: value, on: scale)
            if let current = best, current.index >= index { continue }
            best = (pollutant, index)
        }
        return best?.pollutant
    }

    /// The index on `scale`, its level and the pollutant that drives it; nil when the answer had no index on
    /// that scale.
    public func reading(on scale: AirQualityScale) -> AirQualityReading? {
        guard let index = scale.index(of: self) else { return nil }
        return AirQualityReading(
            scale: scale,
            index: index,
            level: scale.level(of: index),
            pollutant: dominantPollutant(on: scale)
        )
    }
}

/// An air quality index read on its scale: the value, its level and the pollutant that drives it.
public struct AirQualityReading: Sendable, Hashable {
    /// The scale.
    public var scale: AirQualityScale
    /// The index.
    public var index: Int
    /// Its level on ``scale``.
    public var level: AirQualityLevel
    /// The pollutant that drives it, when the answer had any concentration.
    public var pollutant: AirPollutant?

    /// Creates a value from each of its properties.
    public init(scale: AirQualityScale, index: Int, level: AirQualityLevel, pollutant: AirPollutant? = nil) {
        self.scale = scale
        self.index = index
        self.level = level
        self.pollutant = pollutant
    }
}
