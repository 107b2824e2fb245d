import WeatherCore

extension AirQuality {
    /// Berlin's air at 04:00Z on the documented example's day: poor on the European scale (ozone drives it),
    /// moderate on the US one; birch pollen high, grass at 0 (nothing to report), the other plants null.
    public static let berlin = AirQuality(
        time: Timestamp(secondsSinceEpoch: 1_795_320_000),
        europeanAQI: 64,
        usAQI: 88,
        pm2_5: 14.3,
        pm10: 20.1,
        ozone: 130,
        nitrogenDioxide: 8.4,
        uvIndex: 0.85,
        uvIndexMax: 1.6,
        pollen: [.birch: 120.5, .grass: 0]
    )

    /// New York's, outside CAMS Europe: no pollen at all; fair, good; PM2.5 the one
    /// concentration answered.
    public static let newYork = AirQuality(
        time: Timestamp(secondsSinceEpoch: 1_795_316_400),
        europeanAQI: 22,
        usAQI: 47,
        pm2_5: 6.2,
        uvIndex: 0
    )
}

/// ``variedSnapshot()`` with air quality (docs/air.md): Berlin's and New York's air, Tokyo's off (nil); read
/// on `scale`, written in the display settings.
public func airSnapshot(scale: AirQualityScale = .european) -> StateSnapshot {
    var snapshot = variedSnapshot()
    snapshot.daemon.display = DisplaySettings(text: "{aqi} {aqi_level}", airQualityScale: scale)
    snapshot.locations[0].air = .berlin
    snapshot.locations[1].air = .newYork
    return snapshot
}
