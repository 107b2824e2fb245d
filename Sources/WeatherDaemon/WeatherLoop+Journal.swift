import Logging
import WeatherCore
import WeatherDisplay

/// The journal entries (docs/journal.md): one per tick, one per queued fetch that ends, and the lifecycle ones.
extension WeatherLoop {
    /// Where a weather entry's data came from.
    enum Source {
        /// Fetched just now, in this long; `queued` when it waited for the connection.
        case network(Duration, queued: Bool)
        /// Served from what is known.
        case cache
    }

    /// `WEATHER_PROVIDER`: the weather source (Open-Meteo, MET Norway) that answered or serves the location.
    /// `WEATHER_SOURCE` keeps saying how the tick got it (`network`, `cache`, `none`), as it always has.
    private static func provider(_ source: WeatherSource) -> Logger.MetadataValue {
        "\(source.rawValue)"
    }

    /// The location fields every per-tick entry carries.
    private func locationMetadata(_ location: Location, tick: Int) -> Logger.Metadata {
        var metadata = Self.locationFields(location)
        metadata["weather.rotation_index"] = "\(tick)"
        return metadata
    }

    /// The fields that name `location`, in a dictionary with room for a weather entry's fields (up to
    /// 32 with the air's): grown from 3, the dictionary was copied over several times each tick (callgrind).
    private static func locationFields(_ location: Location) -> Logger.Metadata {
        var metadata = Logger.Metadata(minimumCapacity: 32)
        metadata["weather.location"] = "\(location.id)"
        metadata["weather.location_name"] = "\(location.name)"
        if location.hasCoordinates {
            metadata["weather.latitude"] = "\(location.latitude)"
            metadata["weather.longitude"] = "\(location.longitude)"
        }
        return metadata
    }

    /// A tick that did not fetch: the location's weather as it stands (PRIORITY 6, `cache`), or, without
    /// any, a "no data yet" entry saying what it waits for.
    mutating func logShown(_ record: LocationRecord, tick: Int, waiting: Waiting?) {
        if let weather = record.weather {
            logWeather(record, weather: weather, tick: tick, source: .cache)
            return
        }
        // A tick's plan names a reason whenever the location has no weather; `.queued` only in theory.
        let reason = waiting ?? .queued
        var metadata = locationMetadata(record.location, tick: tick)
        metadata["message_id"] = "\(MessageID.noData)"
        metadata["weather.source"] = "none"
        metadata["weather.provider"] = Self.provider(record.source)
        metadata["weather.waiting"] = "\(reason.rawValue)"
        if let error = record.lastError { metadata["weather.last_error_kind"] = "\(error.kind.rawValue)" }
        journal(
            .info,
            Catalogue.text(
                "{location}: no data yet ({reason})",
                ["location": record.location.name, "reason": Self.describe(reason)]
            ),
            metadata: metadata
        )
    }

    /// A weather entry's message and the fields that follow from the location and its weather alone: a
    /// cache tick shows the same weather again every few ticks, and formatting them anew (numbers, times,
    /// descriptions, each put in the dictionary) was 7 % of a cache tick's instructions (callgrind).
    struct WeatherEntry {
        var location: Location
        var weather: Weather
        var air: AirQuality?
        var message: String
        var metadata: Logger.Metadata

        init(location: Location, weather: Weather, air: AirQuality?, scale: AirQualityScale) {
            self.location = location
            self.weather = weather
            self.air = air
            message = Catalogue.text(
                "{location}: {weather}",
                ["location": location.name, "weather": Words.summary(weather)]
            )
            metadata = WeatherLoop.locationFields(location)
            metadata["message_id"] = "\(MessageID.weather)"
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
            if let air { Self.addAir(air, scale: scale, to: &metadata) }
        }

        /// The air's fields (docs/air.md): the index on the configured scale and its level, the UV index, each
        /// plant's pollen the API answered.
        private static func addAir(_ air: AirQuality, scale: AirQualityScale, to metadata: inout Logger.Metadata) {
            if let reading = air.reading(on: scale) {
                metadata["weather.aqi"] = "\(reading.index)"
                metadata["weather.aqi_level"] = "\(reading.level.rawValue)"
                metadata["weather.aqi_scale"] = "\(scale.rawValue)"
                if let pollutant = reading.pollutant { metadata["weather.aqi_pollutant"] = "\(pollutant.rawValue)" }
            }
            if let uv = air.uvIndex { metadata["weather.uv_index"] = "\(NumberFormat.json(uv))" }
            for (plant, grains) in air.pollen {
                metadata["weather.pollen_\(plant.rawValue)"] = "\(NumberFormat.json(grains))"
            }
            metadata["weather.air_time"] = "\(air.time.rfc3339)"
        }
    }

    /// The weather entry (PRIORITY 6): `Berlin: 2.0 °C, Slight rain`.
    mutating func logWeather(
        _ record: LocationRecord,
        weather: Weather,
        tick: Int,
        source: Source,
        provider: WeatherSource? = nil
    ) {
        let entry: WeatherEntry
        let air = planner.wantsAir(record) ? record.air.air : nil
        if let kept = weatherEntries[record.location.id], kept.location == record.location, kept.weather == weather,
            kept.air == air
        {
            entry = kept
        } else {
            entry = WeatherEntry(
                location: record.location,
                weather: weather,
                air: air,
                scale: configuration.display.airQualityScale
            )
            weatherEntries[record.location.id] = entry
        }
        var metadata = entry.metadata
        metadata["weather.rotation_index"] = "\(tick)"
        metadata["weather.provider"] = Self.provider(provider ?? record.source)
        switch source {
        case .network(let elapsed, let queued):
            metadata["weather.source"] = "network"
            metadata["weather.fetch_ms"] = "\(elapsed.milliseconds)"
            if queued { metadata["weather.queued"] = "1" }
        case .cache:
            metadata["weather.source"] = "cache"
            if let error = record.lastError { metadata["weather.last_error_kind"] = "\(error.kind.rawValue)" }
        }
        journal(.info, entry.message, metadata: metadata)
    }

    /// The failure entry (PRIORITY 4): `Berlin: fetch failed: timed out after 5 s`.
    mutating func logFailure(
        _ location: Location,
        error: FetchError,
        tick: Int,
        elapsed: Duration,
        queued: Bool,
        provider: WeatherSource
    ) {
        var metadata = locationMetadata(location, tick: tick)
        metadata["message_id"] = "\(MessageID.fetchFailed)"
        metadata["weather.error_kind"] = "\(error.kind.rawValue)"
        metadata["weather.error"] = "\(error.message)"
        if let status = error.httpStatus { metadata["weather.http_status"] = "\(status)" }
        metadata["weather.fetch_ms"] = "\(elapsed.milliseconds)"
        metadata["weather.source"] = "network"
        metadata["weather.provider"] = Self.provider(provider)
        if queued { metadata["weather.queued"] = "1" }
        journal(
            .warning,
            Catalogue.text("{location}: fetch failed: {error}", ["location": location.name, "error": error.message]),
            metadata: metadata
        )
    }

    /// The planner's events: pauses, full quota windows, clock steps, unusual data intervals.
    mutating func log(_ events: [PlannerEvent]) {
        for event in events {
            switch event {
            case .backoffBegan(let until, let cause, let reason, let clamped):
                var metadata: Logger.Metadata = [
                    "message_id": "\(MessageID.backoffBegan)",
                    "weather.backoff_until": "\(until.rfc3339)",
                    "weather.error_kind": "\(cause.rawValue)",
                    "weather.error": "\(reason)",
                ]
                var message = Catalogue.text(
                    "API requests paused until {time} ({cause})",
                    ["time": until.rfc3339, "cause": cause.rawValue]
                )
                if let clamped {
                    let pause = NumberFormat.fixed(max(0, until.seconds(since: now.wall)), decimals: 0)
                    message += Catalogue.text(
                        "; Retry-After of {retry} s is beyond the limit, pausing {pause} s",
                        ["retry": Catalogue.number(NumberFormat.json(clamped)), "pause": pause]
                    )
                    metadata["weather.retry_after_seconds"] = "\(NumberFormat.json(clamped))"
                }
                journal(.notice, message, metadata: metadata)
            case .backoffEnded:
                journal(
                    .notice,
                    Catalogue.text("API requests resume"),
                    metadata: ["message_id": "\(MessageID.backoffEnded)"]
                )
            case .pauseDropped(let until, let cause):
                let message =
                    if let cause {
                        Catalogue.text(
                            "the saved pause until {time} lies beyond what {cause} allows; dropped: the next request finds out whether the API still refuses",
                            ["time": until.rfc3339, "cause": "\(cause)"]
                        )
                    } else {
                        Catalogue.text(
                            "the saved pause until {time} has no cause (written by an earlier version); dropped: the next request finds out whether the API still refuses",
                            ["time": until.rfc3339]
                        )
                    }
                journal(
                    .notice,
                    message,
                    metadata: [
                        "message_id": "\(MessageID.backoffEnded)",
                        "weather.backoff_until": "\(until.rfc3339)",
                        "weather.backoff_cause": "\(cause.map { "\($0)" } ?? "none")",
                    ]
                )
            case .apiClockOffset(let seconds):
                let offset = NumberFormat.fixed(seconds, decimals: 0)
                let difference = NumberFormat.fixed(abs(seconds), decimals: 0)
                journal(
                    .notice,
                    seconds > 0
                        ? Catalogue.text(
                            "this host's clock is {seconds} s behind the API's; weatherd plans on the API's clock, but check 'timedatectl' (NTP)",
                            ["seconds": difference]
                        )
                        : Catalogue.text(
                            "this host's clock is {seconds} s ahead of the API's; weatherd plans on the API's clock, but check 'timedatectl' (NTP)",
                            ["seconds": difference]
                        ),
                    metadata: [
                        "message_id": "\(MessageID.apiClock)",
                        "weather.api_clock_offset_seconds": "\(offset)",
                    ]
                )
            case .quotaWindowFull(let window, let used, let limit, let until):
                let message = Catalogue.text(
                    "quota of the {window} full: {used} of {limit} calls; no request until {time}",
                    [
                        "window": Words.quotaWindow(window),
                        "used": Catalogue.number(NumberFormat.json(used)),
                        "limit": Catalogue.number(NumberFormat.json(limit)), "time": until.rfc3339,
                    ]
                )
                journal(
                    .notice,
                    message,
                    metadata: [
                        "message_id": "\(MessageID.quotaFull)",
                        "weather.quota_window": "\(window.rawValue)",
                        "weather.quota_used": "\(NumberFormat.json(used))",
                        "weather.quota_limit": "\(NumberFormat.json(limit))",
                        "weather.quota_until": "\(until.rfc3339)",
                    ]
                )
            case .clockStepped(let seconds):
                let message = Catalogue.text(
                    "the wall clock stepped by {seconds} s; due times and quota windows follow it",
                    ["seconds": Words.fixed(seconds, decimals: 1)]
                )
                journal(
                    .notice,
                    message,
                    metadata: ["weather.clock_step_seconds": "\(NumberFormat.fixed(seconds, decimals: 1))"]
                )
            case .unusualDataInterval(let id, let seconds):
                let message = Catalogue.text(
                    "{location}: the API's data interval of {seconds} s lies outside 60 s to 3 h; planning with 900 s",
                    ["location": id, "seconds": Catalogue.number(NumberFormat.json(seconds))]
                )
                journal(
                    .notice,
                    message,
                    metadata: [
                        "weather.location": "\(id)", "weather.data_interval_seconds": "\(NumberFormat.json(seconds))",
                    ]
                )
            case .rainSoon(let location, let summary):
                logRainSoon(location, summary: summary)
            case .rainEnded:
                break
            case .sourceChanged, .sourceReturned, .firstSourceStillFailing, .sourcePaused, .deprecatedProduct,
                .noUTCOffset:
                logSource(event)
            case .airLevelChanged(let location, let reading):
                logAirLevel(location, reading: reading)
            case .airPaused(let until, let reason):
                journal(
                    .notice,
                    Catalogue.text(
                        "air quality requests paused until {time} ({reason})",
                        ["time": until.rfc3339, "reason": reason]
                    ),
                    metadata: ["weather.air_paused_until": "\(until.rfc3339)", "weather.error": "\(reason)"]
                )
            case .forecastBlockDropped(let location, let reason):
                journal(
                    .warning,
                    Catalogue.text(
                        "{location}: forecast block dropped: {reason}; the rest of the response is used",
                        ["location": location.name, "reason": reason]
                    ),
                    metadata: ["weather.location": "\(location.id)", "weather.forecast_problem": "\(reason)"]
                )
            }
        }
    }

    /// The air's entry of docs/journal.md: `Berlin: the air is poor or worse: European AQI 64, Poor (O₃)`, once
    /// when it enters poor or worse, once when it leaves.
    private mutating func logAirLevel(_ location: Location, reading: AirQualityReading) {
        let poor = reading.level.isPoorOrWorse
        var metadata: Logger.Metadata = [
            "message_id": "\(poor ? MessageID.airPoor : MessageID.airBetter)",
            "weather.location": "\(location.id)",
            "weather.location_name": "\(location.name)",
            "weather.aqi": "\(reading.index)",
            "weather.aqi_level": "\(reading.level.rawValue)",
            "weather.aqi_scale": "\(reading.scale.rawValue)",
        ]
        if let pollutant = reading.pollutant { metadata["weather.aqi_pollutant"] = "\(pollutant.rawValue)" }
        let values: KeyValuePairs = ["location": location.name, "index": AirText.index(reading)]
        journal(
            poor ? .warning : .notice,
            poor
                ? Catalogue.text("{location}: the air is poor or worse: {index}", values)
                : Catalogue.text("{location}: the air is better again: {index}", values),
            metadata: metadata
        )
    }

    /// The forecast entry of docs/journal.md: `Berlin: rain in about 20 min`, once per episode.
    private mutating func logRainSoon(_ location: Location, summary: NowcastSummary) {
        guard let startsAt = summary.rainStartsAt else { return }
        let seconds = startsAt.seconds(since: planner.apiTime(at: now))
        let minutes = Int((seconds / 300).rounded()) * 5
        let values: KeyValuePairs<String, String> = ["location": location.name, "minutes": String(minutes)]
        let message =
            switch (summary.isSnow, minutes <= 0) {
            case (false, true): Catalogue.text("{location}: rain now", values)
            case (false, false): Catalogue.text("{location}: rain in about {minutes} min", values)
            case (true, true): Catalogue.text("{location}: snow now", values)
            case (true, false): Catalogue.text("{location}: snow in about {minutes} min", values)
            }
        var metadata: Logger.Metadata = [
            "message_id": "\(MessageID.rainSoon)",
            "weather.location": "\(location.id)",
            "weather.location_name": "\(location.name)",
            "weather.rain_starts_at": "\(startsAt.rfc3339)",
            "weather.nowcast": "\(summary.summary)",
        ]
        if let millimetres = summary.firstWetMillimetres {
            metadata["weather.rain_mm"] = "\(NumberFormat.fixed(millimetres, decimals: 2))"
        }
        journal(.notice, message, metadata: metadata)
    }

    private static func describe(_ waiting: Waiting) -> String {
        switch waiting {
        case .queued: Catalogue.text("waiting for the running fetch")
        case .quota: Catalogue.text("a quota window is full")
        case .backoff: Catalogue.text("API requests are paused")
        case .retry: Catalogue.text("waiting to retry")
        case .geocoding: Catalogue.text("resolving its name")
        }
    }
}
