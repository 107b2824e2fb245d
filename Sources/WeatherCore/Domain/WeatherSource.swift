/// Where a location's weather comes from: Open-Meteo first, MET Norway's Locationforecast when Open-Meteo
/// fails (docs/sources.md). The raw values are the configuration's and the state file's names.
public enum WeatherSource: String, Sendable, Hashable, CaseIterable, Codable {
    /// Open-Meteo's forecast API.
    case openMeteo = "open-meteo"
    /// MET Norway's Locationforecast 2.0 (compact).
    case metNorway = "met-norway"

    /// The order tried when the configuration names none: Open-Meteo, then MET Norway.
    public static let defaultOrder: [WeatherSource] = [.openMeteo, .metNorway]
}
