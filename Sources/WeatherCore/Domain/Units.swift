/// Temperature unit requested from the API.
public enum TemperatureUnit: String, Sendable, CaseIterable, Codable {
    case celsius, fahrenheit

    /// The unit symbol the API and the state file use.
    public var symbol: String { self == .celsius ? "°C" : "°F" }
}

/// Wind speed unit requested from the API.
public enum WindSpeedUnit: String, Sendable, CaseIterable, Codable {
    case kmh, ms, mph, kn

    /// The symbol Open-Meteo writes in `current_units` ("mp/h" for mph).
    public var apiSymbol: String { self == .mph ? "mp/h" : symbol }

    /// The unit symbol shown to people (Open-Meteo itself writes mph as "mp/h").
    public var symbol: String {
        switch self {
        case .kmh: "km/h"
        case .ms: "m/s"
        case .mph: "mph"
        case .kn: "kn"
        }
    }
}

/// Precipitation unit requested from the API.
public enum PrecipitationUnit: String, Sendable, CaseIterable, Codable {
    case mm, inch

    /// The unit symbol.
    public var symbol: String { rawValue }
}

/// The three unit choices of the configuration.
public struct Units: Sendable, Hashable {
    /// Temperature unit.
    public var temperature: TemperatureUnit = .celsius
    /// Wind speed unit.
    public var windSpeed: WindSpeedUnit = .kmh
    /// Precipitation unit.
    public var precipitation: PrecipitationUnit = .mm

    /// Creates a value from each of its properties.
    public init(
        temperature: TemperatureUnit = .celsius,
        windSpeed: WindSpeedUnit = .kmh,
        precipitation: PrecipitationUnit = .mm
    ) {
        self.temperature = temperature
        self.windSpeed = windSpeed
        self.precipitation = precipitation
    }
}
