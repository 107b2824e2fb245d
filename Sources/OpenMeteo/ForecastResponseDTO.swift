// The forecast response as Open-Meteo sends it; private to this target. Names follow the JSON keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct ForecastResponseDTO: Decodable {
    var utc_offset_seconds: Int?
    var current_units: CurrentUnitsDTO?
    var current: CurrentDTO?

    /// Unit strings; anything that is not a string is ignored.
    struct CurrentUnitsDTO: Decodable {
        var temperature_2m: String?
        var wind_speed_10m: String?
        var precipitation: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            temperature_2m = try? container.decodeIfPresent(String.self, forKey: .temperature_2m)
            wind_speed_10m = try? container.decodeIfPresent(String.self, forKey: .wind_speed_10m)
            precipitation = try? container.decodeIfPresent(String.self, forKey: .precipitation)
        }

        enum CodingKeys: String, CodingKey {
            case temperature_2m, wind_speed_10m, precipitation
        }
    }

    struct CurrentDTO: Decodable {
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
