import Logging
import WeatherCore

extension WeatherService {
    /// The location fields every per-tick entry carries.
    func locationMetadata(_ location: Location, index: Int) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "weather.location": "\(location.id)",
            "weather.location_name": "\(location.name)",
            "weather.rotation_index": "\(index)",
        ]
        if location.hasCoordinates {
            metadata["weather.latitude"] = "\(location.latitude)"
            metadata["weather.longitude"] = "\(location.longitude)"
        }
        return metadata
    }

    /// The success entry (PRIORITY 6): `Berlin: 2.0 °C, Slight rain`.
    func logWeather(_ location: Location, weather: Weather, index: Int, source: String, elapsed: Duration?) {
        var metadata = locationMetadata(location, index: index)
        metadata["message_id"] = "\(MessageID.weather)"
        metadata["weather.source"] = "\(source)"
        metadata["weather.observed_at"] = "\(weather.observedAt.rfc3339)"
        metadata["weather.temperature_unit"] = "\(weather.units.temperature.symbol)"
        metadata["weather.wind_speed_unit"] = "\(weather.units.windSpeed.symbol)"
        let numbers: [(String, Double?)] = [
            ("weather.temperature", weather.temperature),
            ("weather.apparent_temperature", weather.apparentTemperature),
            ("weather.humidity", weather.relativeHumidity),
            ("weather.wind_speed", weather.windSpeed),
            ("weather.wind_direction", weather.windDirection),
        ]
        for (key, value) in numbers {
            if let value { metadata[key] = "\(NumberFormat.json(value))" }
        }
        if let code = weather.code {
            metadata["weather.code"] = "\(code.rawValue)"
            metadata["weather.condition"] = "\(code.condition.rawValue)"
            metadata["weather.category"] = "\(code.category.rawValue)"
            metadata["weather.description"] = "\(code.description)"
        }
        if let isDay = weather.isDay { metadata["weather.is_day"] = isDay ? "1" : "0" }
        if let elapsed { metadata["weather.fetch_ms"] = "\(elapsed.milliseconds)" }
        logger.info("\(location.name): \(weather.summary)", metadata: metadata)
    }

    /// The failure entry (PRIORITY 4): `Berlin: fetch failed: timed out after 5 s`.
    func logFailure(_ location: Location, error: FetchError, index: Int, elapsed: Duration?) {
        var metadata = locationMetadata(location, index: index)
        metadata["message_id"] = "\(MessageID.fetchFailed)"
        metadata["weather.error_kind"] = "\(error.kind.rawValue)"
        metadata["weather.error"] = "\(error.message)"
        if let status = error.httpStatus { metadata["weather.http_status"] = "\(status)" }
        if let elapsed { metadata["weather.fetch_ms"] = "\(elapsed.milliseconds)" }
        metadata["weather.source"] = "network"
        logger.warning("\(location.name): fetch failed: \(error.message)", metadata: metadata)
    }

    /// A tick during a backoff: the cached weather (PRIORITY 6, `WEATHER_SOURCE=cache`), or a warning
    /// when there is none yet.
    func logFromCache(_ location: Location, index: Int) {
        if let weather = state.record(id: location.id)?.weather {
            logWeather(location, weather: weather, index: index, source: "cache", elapsed: nil)
            return
        }
        var metadata = locationMetadata(location, index: index)
        let until = backoff.until?.rfc3339 ?? "later"
        let kind = backoff.cause?.rawValue ?? FetchErrorKind.rateLimited.rawValue
        metadata["message_id"] = "\(MessageID.fetchFailed)"
        metadata["weather.error_kind"] = "\(kind)"
        metadata["weather.error"] = "no data yet; API requests paused until \(until)"
        metadata["weather.source"] = "cache"
        logger.warning("\(location.name): no data yet; API requests paused until \(until)", metadata: metadata)
    }
}
