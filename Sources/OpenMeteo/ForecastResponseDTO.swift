// The forecast response as Open-Meteo sends it, as far as weatherd reads it; private to this target and
// read with JSONDecoder. Names follow the JSON keys; `null` and missing members are nil.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct ForecastResponseDTO: Decodable {
    var utc_offset_seconds: Int?
    var current_units: CurrentUnitsDTO?
    var current: CurrentDTO?
    var daily: DailyDTO?

    /// Unit strings; a unit that is not a string is left out (it is only compared with the one asked for).
    struct CurrentUnitsDTO: Decodable {
        var temperature_2m: String?
        var wind_speed_10m: String?
        var precipitation: String?

        private enum CodingKeys: String, CodingKey {
            case temperature_2m, wind_speed_10m, precipitation
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            temperature_2m = try? container.decodeIfPresent(String.self, forKey: .temperature_2m)
            wind_speed_10m = try? container.decodeIfPresent(String.self, forKey: .wind_speed_10m)
            precipitation = try? container.decodeIfPresent(String.self, forKey: .precipitation)
        }
    }

    struct CurrentDTO: Decodable {
        var time: Double?
        var interval: Double?
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

    /// `daily=…&forecast_days=1`: every variable an array of one value (or `null`).
    struct DailyDTO: Decodable {
        var time: [Double?]?
        var weather_code: [Double?]?
        var temperature_2m_max: [Double?]?
        var temperature_2m_min: [Double?]?
        var precipitation_probability_max: [Double?]?
        var sunrise: [Double?]?
        var sunset: [Double?]?
    }
}

/// Open-Meteo's error body: `{"error":true,"reason":"..."}`.
struct ErrorResponseDTO: Decodable {
    var error: Bool
    var reason: String?
}
