import WeatherCore

extension Weather {
    /// Berlin's weather as docs/state-file.md and the `current-berlin.json` fixture give it: 2.0 °C, Slight rain,
    /// every field set, metric units. Tests of several targets build on it.
    public static func berlin(observedAt: Timestamp) -> Weather {
        Weather(
            observedAt: observedAt,
            utcOffsetSeconds: 3600,
            temperature: 2.0,
            apparentTemperature: -1.3,
            relativeHumidity: 81,
            precipitation: 0.2,
            cloudCover: 100,
            windSpeed: 16.9,
            windDirection: 254,
            windGusts: 30.2,
            isDay: true,
            code: WMOCode(61),
            units: Units(),
            dataInterval: 900
        )
    }
}
