import WeatherCore

/// Encodes a ``StateSnapshot`` as the state file's JSON (SPEC §6), field names and order fixed.
public enum StateEncoder {
    /// The JSON text of `snapshot`, one line, with a trailing newline.
    public static func encode(_ snapshot: StateSnapshot) -> String {
        String(decoding: encodedBytes(snapshot), as: UTF8.self)
    }

    /// The same text as ``encode(_:)``, as UTF-8 bytes: what the state file write needs.
    public static func encodedBytes(_ snapshot: StateSnapshot) -> [UInt8] {
        var json = JSONWriter(capacity: 512 + 700 * snapshot.locations.count)
        json.beginObject()
        json.int("schema_version", snapshot.schemaVersion)
        json.timestamp("generated_at", snapshot.generatedAt)
        encode(snapshot.daemon, into: &json)
        json.string("current_location", snapshot.currentLocation)
        json.int("rotation_index", snapshot.rotationIndex)
        json.beginArray("locations")
        for entry in snapshot.locations {
            encode(entry, into: &json)
        }
        json.endArray()
        json.endObject()
        var bytes = json.bytes
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private static func encode(_ daemon: DaemonInfo, into json: inout JSONWriter) {
        json.beginObject("daemon")
        json.int("pid", daemon.pid)
        json.string("version", daemon.version)
        json.timestamp("started_at", daemon.startedAt)
        json.number("interval_seconds", daemon.intervalSeconds)
        json.number("timeout_seconds", daemon.timeoutSeconds)
        json.number("stale_after_seconds", daemon.staleAfterSeconds)
        json.int("ticks", daemon.ticks)
        json.int("ticks_skipped", daemon.ticksSkipped)
        json.int("ticks_from_cache", daemon.ticksFromCache)
        json.int("fetches_ok", daemon.fetchesOK)
        json.int("fetches_failed", daemon.fetchesFailed)
        json.timestamp("backoff_until", daemon.backoffUntil)
        json.endObject()
    }

    private static func encode(_ entry: LocationState, into json: inout JSONWriter) {
        json.beginObject()
        json.string("id", entry.location.id)
        json.string("name", entry.location.name)
        json.number("latitude", entry.location.hasCoordinates ? entry.location.latitude : nil)
        json.number("longitude", entry.location.hasCoordinates ? entry.location.longitude : nil)
        json.string("status", entry.status.rawValue)
        json.timestamp("fetched_at", entry.fetchedAt)
        if let weather = entry.weather {
            encode(weather, into: &json)
        } else {
            json.raw("weather", nil)
        }
        if let error = entry.lastError {
            json.beginObject("last_error")
            json.string("kind", error.kind.rawValue)
            json.string("message", error.message)
            json.int("http_status", error.httpStatus)
            json.timestamp("at", error.at)
            json.endObject()
        } else {
            json.raw("last_error", nil)
        }
        json.endObject()
    }

    private static func encode(_ weather: Weather, into json: inout JSONWriter) {
        json.beginObject("weather")
        json.timestamp("observed_at", weather.observedAt)
        if let offset = weather.utcOffsetSeconds { json.int("utc_offset_seconds", offset) }
        if let value = weather.temperature, value.isFinite { json.decimal("temperature", value) }
        if let value = weather.apparentTemperature, value.isFinite { json.decimal("apparent_temperature", value) }
        if let value = weather.relativeHumidity, value.isFinite { json.number("relative_humidity", value) }
        if let value = weather.precipitation, value.isFinite { json.decimal("precipitation", value) }
        if let value = weather.cloudCover, value.isFinite { json.number("cloud_cover", value) }
        if let value = weather.windSpeed, value.isFinite { json.decimal("wind_speed", value) }
        if let value = weather.windDirection, value.isFinite { json.number("wind_direction", value) }
        if let value = weather.windGusts, value.isFinite { json.decimal("wind_gusts", value) }
        if let isDay = weather.isDay { json.bool("is_day", isDay) }
        if let code = weather.code {
            json.int("wmo_code", code.rawValue)
            json.string("condition", code.condition.rawValue)
            json.string("category", code.category.rawValue)
            json.string("description", code.description)
        }
        json.beginObject("units")
        json.string("temperature", weather.units.temperature.symbol)
        json.string("wind_speed", weather.units.windSpeed.symbol)
        json.string("precipitation", weather.units.precipitation.symbol)
        json.endObject()
        json.endObject()
    }
}
