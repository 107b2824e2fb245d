// The reference the forecast fuzzer checks ForecastScanner against: the same members read by
// Foundation's JSONDecoder (what weatherd used before the scanner), then the same checks. Built only
// into the fuzz target.
import Foundation

// swift-format-ignore: AlwaysUseLowerCamelCase
private struct OracleResponse: Decodable {
    var utc_offset_seconds: Int?
    var current_units: OracleUnits?
    var current: OracleCurrent?

    struct OracleUnits: Decodable {
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

    struct OracleCurrent: Decodable {
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

/// The Weather JSONDecoder and the shared checks make of `bytes`, or nil where either rejects it.
func oracleWeather(_ bytes: UnsafeBufferPointer<UInt8>, units: Units) -> Weather? {
    guard let response = try? JSONDecoder().decode(OracleResponse.self, from: Data(buffer: bytes)) else {
        return nil
    }
    var dto = ForecastResponseDTO()
    dto.utc_offset_seconds = response.utc_offset_seconds
    if let units = response.current_units {
        dto.current_units = ForecastResponseDTO.CurrentUnitsDTO(
            temperature_2m: units.temperature_2m,
            wind_speed_10m: units.wind_speed_10m,
            precipitation: units.precipitation
        )
    }
    if let current = response.current {
        dto.current = ForecastResponseDTO.CurrentDTO(
            time: current.time,
            temperature_2m: current.temperature_2m,
            apparent_temperature: current.apparent_temperature,
            relative_humidity_2m: current.relative_humidity_2m,
            is_day: current.is_day,
            precipitation: current.precipitation,
            weather_code: current.weather_code,
            cloud_cover: current.cloud_cover,
            wind_speed_10m: current.wind_speed_10m,
            wind_direction_10m: current.wind_direction_10m,
            wind_gusts_10m: current.wind_gusts_10m
        )
    }
    return try? ForecastDecoder.weather(from: dto, units: units)
}
