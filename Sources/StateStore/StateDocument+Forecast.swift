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
    }
}
