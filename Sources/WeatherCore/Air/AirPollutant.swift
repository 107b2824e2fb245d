/// A pollutant an air quality index is made of. The raw value is Open-Meteo's variable name and the state
/// file's (`pm2_5`, `nitrogen_dioxide`).
public enum AirPollutant: String, Sendable, Hashable, CaseIterable {
    /// Particulate matter under 2.5 µm.
    case pm2_5
    /// Particulate matter under 10 µm.
    case pm10
    /// Ozone (O₃).
    case ozone
    /// Nitrogen dioxide (NO₂).
    case nitrogenDioxide = "nitrogen_dioxide"
    /// Sulphur dioxide (SO₂).
    case sulphurDioxide = "sulphur_dioxide"
    /// Carbon monoxide (CO): on the US AQI only.
    case carbonMonoxide = "carbon_monoxide"

    /// The pollutants of a scale's index, whose sub-indices the answer carries when asked: the EEA's five,
    /// the EPA's six.
    public static func of(_ scale: AirQualityScale) -> [AirPollutant] {
        switch scale {
        case .european: [.pm2_5, .pm10, .nitrogenDioxide, .ozone, .sulphurDioxide]
        case .us: [.pm2_5, .pm10, .nitrogenDioxide, .ozone, .sulphurDioxide, .carbonMonoxide]
        }
    }

    /// How people write it: `PM2.5`, `NO₂`.
    public var name: String {
        switch self {
        case .pm2_5: "PM2.5"
        case .pm10: "PM10"
        case .ozone: "O₃"
        case .nitrogenDioxide: "NO₂"
        case .sulphurDioxide: "SO₂"
        case .carbonMonoxide: "CO"
        }
    }
}
