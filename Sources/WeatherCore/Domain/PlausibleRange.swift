/// The ranges a source's values must lie in, in metric units: a value outside is a broken answer, never
/// shown. The decoders of every source check against the same ranges.
public enum PlausibleRange {
    /// Air temperature, °C.
    public static let temperatureCelsius = -100.0...70.0
    /// Humidity, cloud cover, probabilities.
    public static let percent = 0.0...100.0
    /// Wind direction, degrees.
    public static let direction = 0.0...360.0
    /// Wind speed and gusts, km/h.
    public static let windKilometresPerHour = 0.0...600.0
    /// Precipitation of an interval, mm.
    public static let precipitationMillimetres = 0.0...2000.0
    /// Air pressure at sea level, hPa (the records are 870 and 1084).
    public static let seaLevelPressureHectopascals = 800.0...1100.0
    /// The UV index.
    public static let uvIndex = 0.0...50.0
    /// An air quality index or sub-index, European or US (both keep climbing past their last band).
    public static let airQualityIndex = 0.0...10_000.0
    /// A pollutant's concentration, µg/m³ (a dust storm's PM10 reaches a few thousand).
    public static let microgramsPerCubicMetre = 0.0...100_000.0
    /// Pollen, grains/m³.
    public static let pollenGrainsPerCubicMetre = 0.0...1_000_000.0
}
