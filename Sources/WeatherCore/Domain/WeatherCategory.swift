/// The coarse weather category (the seed mapping of docs/conditions.md).
public enum WeatherCategory: String, Sendable, CaseIterable, Codable {
    case clear
    case partlyCloudy = "partly_cloudy"
    case fog
    case rain
    case snow
    case thunderstorm
    case unknown
}
