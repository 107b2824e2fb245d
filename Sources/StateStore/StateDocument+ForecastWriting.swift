import WeatherCore

// The forecast's objects written with JSONWriter, keys in sorted order (byte for byte what JSONEncoder
// with sorted keys makes of them; see `StateDocument.write(to:)`).
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.ForecastEntry {
    func write(to json: inout JSONWriter) {
        json.beginObject("forecast")
        if let daily {
            json.beginArray("daily")
            for day in daily { day.write(nil, to: &json) }
            json.endArray()
        }
        json.string("daily_fetched_at", daily_fetched_at)
        if let hourly {
            json.beginArray("hourly")
            for hour in hourly { hour.write(to: &json) }
            json.endArray()
        }
        json.string("hourly_fetched_at", hourly_fetched_at)
        json.endObject()
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.HourEntry {
    fileprivate func write(to json: inout JSONWriter) {
        json.beginObject()
        if let category { json.string("category", category.rawValue) }
        if let condition { json.string("condition", condition.rawValue) }
        if let description { json.string("description", description) }
        if let is_day { json.bool("is_day", is_day) }
        if let precipitation { json.number("precipitation", precipitation) }
        if let precipitation_probability { json.number("precipitation_probability", precipitation_probability) }
        if let temperature { json.number("temperature", temperature) }
        json.string("time", time)
        if let wmo_code { json.int("wmo_code", wmo_code) }
        json.endObject()
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.DayEntry {
    /// The day as the value of `key` (`today`), or as an element of an array (nil).
    func write(_ key: StaticString?, to json: inout JSONWriter) {
        json.beginObject(key)
        if let category { json.string("category", category.rawValue) }
        if let condition { json.string("condition", condition.rawValue) }
        json.string("date", date)
        if let description { json.string("description", description) }
        if let fetched_at { json.string("fetched_at", fetched_at) }
        if let precipitation_probability_max {
            json.number("precipitation_probability_max", precipitation_probability_max)
        }
        if let precipitation_sum { json.number("precipitation_sum", precipitation_sum) }
        if let sunrise { json.string("sunrise", sunrise) }
        if let sunset { json.string("sunset", sunset) }
        if let temperature_max { json.number("temperature_max", temperature_max) }
        if let temperature_min { json.number("temperature_min", temperature_min) }
        if let uv_index_max { json.number("uv_index_max", uv_index_max) }
        if let wmo_code { json.int("wmo_code", wmo_code) }
        json.endObject()
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.NowcastEntry {
    func write(to json: inout JSONWriter) {
        json.beginObject("nowcast")
        json.string("fetched_at", fetched_at)
        json.string("rain_ends_at", rain_ends_at)
        json.bool("rain_soon", rain_soon)
        json.string("rain_starts_at", rain_starts_at)
        if let steps {
            json.beginArray("steps")
            for step in steps {
                json.beginObject()
                if let precipitation = step.precipitation { json.number("precipitation", precipitation) }
                json.string("time", step.time)
                json.endObject()
            }
            json.endArray()
        }
        json.string("summary", summary)
        json.endObject()
    }
}

extension StateDocument.DisplayEntry {
    func write(to json: inout JSONWriter) {
        json.beginObject("display")
        if let air_quality_index { json.string("air_quality_index", air_quality_index) }
        if let clock { json.string("clock", clock) }
        if let icons { json.string("icons", icons) }
        if let text { json.string("text", text) }
        json.endObject()
    }
}
