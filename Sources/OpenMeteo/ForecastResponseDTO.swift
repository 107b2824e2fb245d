// The forecast response as Open-Meteo sends it, as far as weatherd reads it; private to this target and
// read with JSONDecoder. Names follow the JSON keys; `null` and missing members are nil.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct ForecastResponseDTO: Decodable {
    var utc_offset_seconds: Int?
    var elevation: Double?
    var current_units: CurrentUnitsDTO?
    var current: CurrentDTO?
    /// The forecast blocks (docs/forecast.md); a block of the wrong shape is dropped alone (its `failed` says why),
    /// never the whole response.
    var minutely_15: Block<MinutelyDTO>?
    var hourly: Block<HourlyDTO>?
    var daily: Block<DailyDTO>?

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

    /// A forecast block as sent, or why it could not be read (a member of the wrong type).
    enum Block<Value: Decodable>: Decodable {
        case value(Value)
        case failed(String)

        init(from decoder: any Decoder) throws {
            do {
                self = .value(try Value(from: decoder))
            } catch let error as DecodingError {
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                    .dataCorrupted(let context):
                    let key = context.codingPath.last { $0.intValue == nil }?.stringValue ?? "the block"
                    self = .failed("a member of the wrong type (`\(key)`)")
                @unknown default:
                    self = .failed("a member of the wrong type")
                }
            }
        }
    }

    /// Any member name.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A columnar block: `time`, and the column of each of `Variable`'s cases by its name, `null` in place; a
    /// member not asked for is passed over.
    struct Columns<Variable: BlockVariable>: Decodable {
        var time: [Double?]?
        private var values: [Variable: [Double?]] = [:]

        /// The column of `variable`; nil when not sent.
        subscript(_ variable: Variable) -> [Double?]? { values[variable] }

        /// The columns of the variables, in their order; nil for each not sent.
        var columns: [[Double?]?] { Variable.allCases.map { values[$0] } }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            time = try container.decodeIfPresent([Double?].self, forKey: .init("time"))
            for variable in Variable.allCases {
                values[variable] = try container.decodeIfPresent([Double?].self, forKey: .init(variable.rawValue))
            }
        }
    }

    /// `minutely_15=precipitation&forecast_minutely_15=9`.
    typealias MinutelyDTO = Columns<MinutelyVariable>
    enum MinutelyVariable: String, BlockVariable {
        case precipitation
    }

    /// `hourly=…&forecast_hours=N`.
    typealias HourlyDTO = Columns<HourlyVariable>
    enum HourlyVariable: String, BlockVariable {
        case temperature_2m, precipitation_probability, precipitation, weather_code, is_day
    }

    /// `daily=…&forecast_days=N`: times are local midnights as epoch seconds.
    typealias DailyDTO = Columns<DailyVariable>
    enum DailyVariable: String, BlockVariable {
        case weather_code, temperature_2m_max, temperature_2m_min, precipitation_probability_max, precipitation_sum,
            sunrise, sunset, uv_index_max
    }
}

/// Open-Meteo's error body: `{"error":true,"reason":"..."}`.
struct ErrorResponseDTO: Decodable {
    var error: Bool
    var reason: String?
}
