/// Plausible, deterministic weather values (in metric units) derived from a place and a WMO code.
struct SyntheticWeather {
    let temperatureCelsius: Double
    let apparentCelsius: Double
    let relativeHumidity: Int
    let precipitationMillimetres: Double
    let cloudCover: Int
    let windSpeedKmh: Double
    let windGustsKmh: Double
    let windDirection: Int
    let elevation: Double

    init(latitude: Double, longitude: Double, weatherCode: Int) {
        let lat = latitude.isFinite ? latitude : 0
        let lon = longitude.isFinite ? longitude : 0
        temperatureCelsius = 30 - abs(lat) / 3
        apparentCelsius = temperatureCelsius - 3.3
        relativeHumidity = 40 + Int(abs(lat * 7 + lon * 3)) % 60
        precipitationMillimetres = Self.precipitation(for: weatherCode)
        cloudCover = Self.cloudCover(for: weatherCode)
        windSpeedKmh = 5 + abs(lon).truncatingRemainder(dividingBy: 25)
        windGustsKmh = windSpeedKmh * 1.8
        windDirection = Int(abs(lat * 10 + lon * 10)) % 360
        elevation = Double(Int(abs(lat * lon)) % 400)
    }

    private static func precipitation(for code: Int) -> Double {
        switch code {
        case 51...57: 0.2
        case 61...67, 80...82: 1.2
        case 71...77, 85, 86: 0.6
        case 95...99: 3.4
        default: 0.0
        }
    }

    private static func cloudCover(for code: Int) -> Int {
        switch code {
        case 0: 0
        case 1: 20
        case 2: 55
        default: 100
        }
    }
}
