import WeatherCore

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument {
    /// The document as JSON, written straight from its fields with ``JSONWriter``: byte for byte what
    /// `JSONEncoder` with sorted keys makes of it (a test holds the two to each other on documents of
    /// every shape), at a tenth of the cost.
    ///
    /// Why not `JSONEncoder` itself: the state file is written at every tick, and `JSONEncoder` took
    /// 133–186 µs for a file of four locations where this takes 26 µs (measured on the benchmark's
    /// 2-core machine). At the real 10 s interval that is about 1.5 s of CPU a day, which no user
    /// notices; at the benchmark's 10 ms ticks it put the rebuilt loop at 1.36–1.49 × the per-fetch CPU
    /// of the loop before (this writer: 1.09–1.19 ×), past the benchmark's budget of 1.3 ×.
    ///
    /// The `locations` array's elements are written by `writeLocations`: ``StateEncoder`` hands in each
    /// location's text, as it was last written when nothing of it changed.
    func write(to json: inout JSONWriter, locations writeLocations: (inout JSONWriter) -> Void) {
        json.beginObject()
        json.string("current_location", current_location)
        daemon.write("daemon", to: &json)
        json.string("generated_at", generated_at)
        json.beginArray("locations")
        writeLocations(&json)
        json.endArray()
        json.int("rotation_index", rotation_index)
        json.int("schema_version", schema_version)
        json.endObject()
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.Daemon {
    fileprivate func write(_ key: StaticString, to json: inout JSONWriter) {
        json.beginObject(key)
        if let api_clock_offset_seconds { json.number("api_clock_offset_seconds", api_clock_offset_seconds) }
        if let api_clock_samples {
            json.beginArray("api_clock_samples")
            for sample in api_clock_samples { json.number(nil, sample) }
            json.endArray()
        }
        json.string("backoff_cause", backoff_cause)
        json.string("backoff_until", backoff_until)
        if let cache_file { json.string("cache_file", cache_file) }
        display?.write(to: &json)
        json.int("fetches_failed", fetches_failed)
        json.int("fetches_ok", fetches_ok)
        json.number("interval_seconds", interval_seconds)
        json.int("pid", pid)
        if let quota {
            json.beginObject("quota")
            quota.day.write("day", to: &json)
            quota.hour.write("hour", to: &json)
            quota.minute.write("minute", to: &json)
            json.endObject()
        }
        if let rain_episodes {
            json.beginArray("rain_episodes")
            for id in rain_episodes { json.string(nil, id) }
            json.endArray()
        }
        if let refresh { json.string("refresh", refresh) }
        if let requests { json.int("requests", requests) }
        if let source_requests {
            json.beginObject("source_requests")
            // The sources' names, in the file's order of keys.
            if let count = source_requests[WeatherSource.metNorway.rawValue] { json.int("met-norway", count) }
            if let count = source_requests[WeatherSource.openMeteo.rawValue] { json.int("open-meteo", count) }
            json.endObject()
        }
        if let stale_after_seconds { json.number("stale_after_seconds", stale_after_seconds) }
        json.string("started_at", started_at)
        if let stopped_at { json.string("stopped_at", stopped_at) }
        json.int("ticks", ticks)
        if let ticks_fetched { json.int("ticks_fetched", ticks_fetched) }
        if let ticks_from_cache { json.int("ticks_from_cache", ticks_from_cache) }
        if let ticks_missed { json.int("ticks_missed", ticks_missed) }
        json.int("ticks_skipped", ticks_skipped)
        if let timeout_seconds { json.number("timeout_seconds", timeout_seconds) }
        json.string("version", version)
        json.endObject()
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.Window {
    fileprivate func write(_ key: StaticString, to json: inout JSONWriter) {
        json.beginObject(key)
        json.number("limit", limit)
        json.string("resets_at", resets_at)
        json.number("used", used)
        json.endObject()
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.LocationEntry {
    func write(to json: inout JSONWriter) {
        json.beginObject()
        if let air { air.write(to: &json) } else { json.raw("air", nil) }
        if let alerts { alerts.write(to: &json) } else { json.raw("alerts", nil) }
        if let consecutive_failures { json.int("consecutive_failures", consecutive_failures) }
        if let elevation { json.number("elevation", elevation) }
        if let fallback_since { json.string("fallback_since", fallback_since) }
        json.string("fetched_at", fetched_at)
        if let first_source_retry_at { json.string("first_source_retry_at", first_source_retry_at) }
        if let forecast { forecast.write(to: &json) } else { json.raw("forecast", nil) }
        json.string("id", id)
        if let last_error {
            json.beginObject("last_error")
            json.string("at", last_error.at)
            json.int("http_status", last_error.http_status)
            json.string("kind", last_error.kind.rawValue)
            json.string("message", last_error.message)
            json.endObject()
        } else {
            json.raw("last_error", nil)
        }
        json.number("latitude", latitude)
        json.number("longitude", longitude)
        json.string("name", name)
        json.string("next_refresh_at", next_refresh_at)
        if let nowcast { nowcast.write(to: &json) } else { json.raw("nowcast", nil) }
        if let source { json.string("source", source.rawValue) }
        if let source_pause {
            json.beginObject("source_pause")
            json.string("source", source_pause.source.rawValue)
            json.string("until", source_pause.until)
            json.endObject()
        }
        json.string("status", status.rawValue)
        if let today { today.write("today", to: &json) } else { json.raw("today", nil) }
        if let weather { weather.write(to: &json) } else { json.raw("weather", nil) }
        json.endObject()
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.WeatherEntry {
    fileprivate func write(to json: inout JSONWriter) {
        json.beginObject("weather")
        if let apparent_temperature { json.number("apparent_temperature", apparent_temperature) }
        if let category { json.string("category", category.rawValue) }
        if let cloud_cover { json.number("cloud_cover", cloud_cover) }
        if let condition { json.string("condition", condition.rawValue) }
        if let data_interval_seconds { json.number("data_interval_seconds", data_interval_seconds) }
        if let description { json.string("description", description) }
        if let is_day { json.bool("is_day", is_day) }
        if let last_modified { json.string("last_modified", last_modified) }
        json.string("observed_at", observed_at)
        if let precipitation { json.number("precipitation", precipitation) }
        if let pressure { json.number("pressure", pressure) }
        if let relative_humidity { json.number("relative_humidity", relative_humidity) }
        if let temperature { json.number("temperature", temperature) }
        if let units {
            json.beginObject("units")
            if let precipitation = units.precipitation { json.string("precipitation", precipitation) }
            if let temperature = units.temperature { json.string("temperature", temperature) }
            if let wind_speed = units.wind_speed { json.string("wind_speed", wind_speed) }
            json.endObject()
        }
        if let utc_offset_seconds { json.int("utc_offset_seconds", utc_offset_seconds) }
        if let valid_until { json.string("valid_until", valid_until) }
        if let wind_direction { json.number("wind_direction", wind_direction) }
        if let wind_gusts { json.number("wind_gusts", wind_gusts) }
        if let wind_speed { json.number("wind_speed", wind_speed) }
        if let wmo_code { json.int("wmo_code", wmo_code) }
        json.endObject()
    }
}
