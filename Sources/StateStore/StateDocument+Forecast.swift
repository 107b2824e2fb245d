import WeatherCore

// The forecast's share of the state file's shape (docs/state-file.md, docs/forecast.md): a location's `forecast` and `nowcast`,
// its days (also `today`, the first of them), and the daemon's `display`. Values the API sent as null are
// left out; `forecast` and `nowcast` are null while unknown or switched off.
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument {
    /// A location's coming hours and days, each block with when it was fetched.
    struct ForecastEntry: Codable, Sendable {
        var hourly: [HourEntry]?
        var daily: [DayEntry]?
        @Nullable var hourly_fetched_at: String?
        @Nullable var daily_fetched_at: String?
    }

    /// One hour of `forecast.hourly`.
    struct HourEntry: Codable, Sendable {
        var time: String
        var temperature: Double?
        var precipitation_probability: Double?
        var precipitation: Double?
        var wmo_code: Int?
        var condition: WeatherCondition?
        var category: WeatherCategory?
        var description: String?
        var is_day: Bool?
    }

    /// One local day: `today` and each element of `forecast.daily`. `fetched_at` is an addition (the
    /// durable cache restores each day with it).
    struct DayEntry: Codable, Sendable {
        var date: String
        var temperature_max: Double?
        var temperature_min: Double?
        var precipitation_probability_max: Double?
        var precipitation_sum: Double?
        var uv_index_max: Double?
        var sunrise: String?
        var sunset: String?
        var wmo_code: Int?
        var condition: WeatherCondition?
        var category: WeatherCategory?
        var description: String?
        var fetched_at: String?
    }

    /// The 15-minute steps of a location's nowcast, and their summary at the time of writing (readers
    /// recompute it at their own now; decoding ignores it).
    struct NowcastEntry: Codable, Sendable {
        @Nullable var fetched_at: String?
        var steps: [StepEntry]?
        @Nullable var rain_starts_at: String?
        @Nullable var rain_ends_at: String?
        @Nullable var summary: String?
        @Nullable var rain_soon: Bool?
    }

    /// One step of `nowcast.steps`.
    struct StepEntry: Codable, Sendable {
        var time: String
        var precipitation: Double?
    }

    /// The daemon's `display` settings, for readers that cannot read the configuration.
    struct DisplayEntry: Codable, Sendable {
        var text: String?
        var icons: String?
        var clock: String?
        /// `air_quality.index` (docs/air.md), kept with the display settings; absent in files of earlier
        /// versions.
        var air_quality_index: String?
    }
}

// The decoding side of the entries a reader meets most (the hours and the days), written out so that it
// skips what it would throw away: `condition`, `category` and `description` follow from `wmo_code`
// (docs/state-file.md), and the snapshot works them out again from the code. Under callgrind every field
// costs JSONDecoder 4-5 thousand instructions, so these three are a third of an hour's cost, and
// `status --follow --format waybar` reads 24 hours and 8 days per update. A newer writer's unknown
// condition is therefore no error for an older reader. The encoding side stays synthesized.
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.HourEntry {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            time: try container.decode(String.self, forKey: .time),
            temperature: try container.decodeIfPresent(Double.self, forKey: .temperature),
            precipitation_probability: try container.decodeIfPresent(Double.self, forKey: .precipitation_probability),
            precipitation: try container.decodeIfPresent(Double.self, forKey: .precipitation),
            wmo_code: try container.decodeIfPresent(Int.self, forKey: .wmo_code),
            is_day: try container.decodeIfPresent(Bool.self, forKey: .is_day)
        )
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.DayEntry {
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            date: try container.decode(String.self, forKey: .date),
            temperature_max: try container.decodeIfPresent(Double.self, forKey: .temperature_max),
            temperature_min: try container.decodeIfPresent(Double.self, forKey: .temperature_min),
            precipitation_probability_max: try container.decodeIfPresent(
                Double.self,
                forKey: .precipitation_probability_max
            ),
            precipitation_sum: try container.decodeIfPresent(Double.self, forKey: .precipitation_sum),
            uv_index_max: try container.decodeIfPresent(Double.self, forKey: .uv_index_max),
            sunrise: try container.decodeIfPresent(String.self, forKey: .sunrise),
            sunset: try container.decodeIfPresent(String.self, forKey: .sunset),
            wmo_code: try container.decodeIfPresent(Int.self, forKey: .wmo_code),
            fetched_at: try container.decodeIfPresent(String.self, forKey: .fetched_at)
        )
    }
}
