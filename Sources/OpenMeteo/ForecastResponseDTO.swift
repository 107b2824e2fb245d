// The forecast response as Open-Meteo sends it, as far as weatherd reads it; private to this target and
// filled by ForecastScanner. Names follow the JSON keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct ForecastResponseDTO {
    var utc_offset_seconds: Int?
    var current_units: CurrentUnitsDTO?
    var current: CurrentDTO?

    /// Unit strings; a unit that is not a string is left out.
    struct CurrentUnitsDTO {
        var temperature_2m: String?
        var wind_speed_10m: String?
        var precipitation: String?
    }

    struct CurrentDTO {
        var time: Double?
        var temperature_2m: Double?
        var apparent_temperature: Double?
        var relative_humidity_2m: Double?
        var is_day: Double?
        var precipitation: Double?
        var weather_code: Double?
        var cloud_cover: Double?
        var wind_speed_10m: Double?
        var wind_direction_10m: Double?
        var wind_gusts_10m: Double?
    }
}

/// Open-Meteo's error body: `{"error":true,"reason":"..."}`.
struct ErrorResponseDTO: Decodable {
    var error: Bool
    var reason: String?
}
