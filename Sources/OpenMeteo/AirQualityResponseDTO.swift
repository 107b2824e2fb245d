import WeatherCore

// The air quality response as Open-Meteo sends it, as far as weatherd reads it; private to this target and
// read with JSONDecoder. `current` and its units are read by variable name, since which variables an answer
// carries depends on the request (pollen); `null` and missing members are nil.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct AirQualityResponseDTO: Decodable {
    var utc_offset_seconds: Int?
    var current_units: UnitsDTO?
    var current: CurrentDTO?
    var hourly_units: UnitsDTO?
    /// The day's hourly UV; a block of the wrong shape is dropped alone, as the forecast's blocks are.
    var hourly: ForecastResponseDTO.Block<HourlyDTO>?

    /// Unit strings by variable; a unit that is not a string is left out (it is only compared with the one
    /// expected).
    struct UnitsDTO: Decodable {
        var units: [String: String] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ForecastResponseDTO.Key.self)
            for key in container.allKeys {
                if let unit = try? container.decodeIfPresent(String.self, forKey: key) { units[key.stringValue] = unit }
            }
        }
    }

    /// `current`'s numbers by variable: a member weatherd reads (``read``) must be a number or null, any other
    /// member is passed over whatever it holds.
    struct CurrentDTO: Decodable {
        /// The members read: the time, the interval and every variable weatherd may ask for.
        static let read: Set<String> = {
            var names: Set<String> = ["time", "interval", "uv_index"]
            names.formUnion(AirQualityEndpoint.currentVariables)
            names.formUnion(AirQualityEndpoint.pollenVariables)
            return names
        }()

        var values: [String: Double] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ForecastResponseDTO.Key.self)
            for key in container.allKeys where Self.read.contains(key.stringValue) {
                if let value = try container.decodeIfPresent(Double.self, forKey: key) {
                    values[key.stringValue] = value
                }
            }
        }
    }

    /// `hourly=uv_index&forecast_days=1`.
    typealias HourlyDTO = ForecastResponseDTO.Columns<HourlyVariable>
    enum HourlyVariable: String, BlockVariable {
        case uv_index
    }
}
