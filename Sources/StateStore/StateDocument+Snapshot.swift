import WeatherCore

// Conversions between the domain's StateSnapshot and the file's StateDocument.
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument {
    /// The document of `snapshot`. Non-finite numbers (which JSON cannot hold) are left out.
    init(_ snapshot: StateSnapshot) {
        self.init(withoutLocations: snapshot)
        let apiNow = snapshot.apiTime(snapshot.generatedAt)
        let scale = snapshot.airQualityScale
        locations = snapshot.locations.map { LocationEntry($0, apiNow: apiNow, airQualityScale: scale) }
    }

    /// The document of `snapshot` with an empty `locations` array (``StateEncoder`` writes those itself).
    init(withoutLocations snapshot: StateSnapshot) {
        let daemon = snapshot.daemon
        self.init(
            schema_version: snapshot.schemaVersion,
            generated_at: snapshot.generatedAt.rfc3339,
            daemon: Daemon(
                pid: daemon.pid,
                version: daemon.version,
                started_at: daemon.startedAt.rfc3339,
                stopped_at: daemon.stoppedAt?.rfc3339,
                interval_seconds: daemon.intervalSeconds,
                timeout_seconds: finite(daemon.timeoutSeconds),
                stale_after_seconds: finite(daemon.staleAfterSeconds),
                refresh: daemon.refresh,
                ticks: daemon.ticks,
                ticks_fetched: daemon.ticksFetched,
                ticks_skipped: daemon.ticksSkipped,
                ticks_from_cache: daemon.ticksFromCache,
                ticks_missed: daemon.ticksMissed,
                fetches_ok: daemon.fetchesOK,
                fetches_failed: daemon.fetchesFailed,
                requests: daemon.requests,
                backoff_until: daemon.backoffUntil?.rfc3339,
                backoff_cause: daemon.backoffCause?.description,
                cache_file: daemon.cacheFile,
                quota: Quota(
                    minute: Window(daemon.quota.minute),
                    hour: Window(daemon.quota.hour),
                    day: Window(daemon.quota.day)
                ),
                api_clock_offset_seconds: finite(daemon.apiClockOffsetSeconds),
                api_clock_samples: daemon.apiClockSamples.map { $0.filter(\.isFinite) },
                display: daemon.display.map(DisplayEntry.init),
                rain_episodes: daemon.rainEpisodes,
                source_requests: daemon.sourceRequests.map { counts in
                    Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) })
                }
            ),
            current_location: snapshot.currentLocation,
            rotation_index: snapshot.rotationIndex,
            locations: []
        )
    }

    /// The snapshot this document describes; a time that is not RFC 3339 is an error naming its key.
    func snapshot() throws(StateDecodingError) -> StateSnapshot {
        let quota = try daemon.quota.map { (quota) throws(StateDecodingError) in
            QuotaReport(
                minute: try quota.minute.usage("daemon.quota.minute"),
                hour: try quota.hour.usage("daemon.quota.hour"),
                day: try quota.day.usage("daemon.quota.day")
            )
        }
        let startedAt = try time(daemon.started_at, "daemon.started_at")
        var info = DaemonInfo(
            pid: daemon.pid,
            version: daemon.version,
            startedAt: startedAt,
            intervalSeconds: daemon.interval_seconds,
            timeoutSeconds: daemon.timeout_seconds ?? 5,
            staleAfterSeconds: daemon.stale_after_seconds ?? 1800,
            refresh: daemon.refresh ?? "every_tick",
            ticks: daemon.ticks,
            ticksFetched: daemon.ticks_fetched ?? 0,
            ticksSkipped: daemon.ticks_skipped,
            ticksFromCache: daemon.ticks_from_cache ?? 0,
            ticksMissed: daemon.ticks_missed ?? 0,
            fetchesOK: daemon.fetches_ok,
            fetchesFailed: daemon.fetches_failed,
            requests: daemon.requests ?? 0,
            backoffUntil: try optionalTime(daemon.backoff_until, "daemon.backoff_until"),
            // A cause this version does not know counts as none: the pause is then dropped at start.
            backoffCause: daemon.backoff_cause.flatMap(PauseCause.init),
            quota: quota,
            // An offset beyond a day is no clock's (a damaged file): left out, as samples are.
            apiClockOffsetSeconds: daemon.api_clock_offset_seconds.flatMap { abs($0) <= 86_400 ? $0 : nil },
            apiClockSamples: daemon.api_clock_samples?.filter { $0.isFinite && abs($0) <= 86_400 }
        )
        info.display = daemon.display?.settings
        info.cacheFile = daemon.cache_file
        info.rainEpisodes = daemon.rain_episodes
        info.sourceRequests = daemon.source_requests.map { counts in
            Dictionary(counts.compactMap { key, value in WeatherSource(rawValue: key).map { ($0, value) } }) { $0 + $1 }
        }
        info.stoppedAt = try optionalTime(daemon.stopped_at, "daemon.stopped_at")
        var entries: [LocationState] = []
        for (index, entry) in locations.enumerated() {
            entries.append(try entry.state(path: "locations[\(index)]"))
        }
        return StateSnapshot(
            schemaVersion: schema_version,
            generatedAt: try time(generated_at, "generated_at"),
            daemon: info,
            currentLocation: current_location,
            rotationIndex: rotation_index,
            locations: entries
        )
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.Window {
    fileprivate init(_ usage: QuotaUsage) {
        self.init(used: usage.used, limit: usage.limit, resets_at: usage.resetsAt.rfc3339)
    }

    fileprivate func usage(_ key: String) throws(StateDecodingError) -> QuotaUsage {
        QuotaUsage(used: used, limit: limit, resetsAt: try time(resets_at, "\(key).resets_at"))
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.LocationEntry {
    /// The entry of `entry`; its nowcast summed up at `apiNow`, the time of writing on the API's clock, its air
    /// read on `airQualityScale`.
    init(_ entry: LocationState, apiNow: Timestamp, airQualityScale: AirQualityScale) {
        self.init(entry, nowcastSummary: entry.nowcastSummary(at: apiNow), airQualityScale: airQualityScale)
    }

    /// The entry of `entry` with `summary`, its nowcast summed up at the time of writing, and its air read on
    /// `airQualityScale`; its human text in `text`'s words.
    init(
        _ entry: LocationState,
        nowcastSummary summary: NowcastSummary?,
        airQualityScale: AirQualityScale,
        text: StateText = .english
    ) {
        let location = entry.location
        self.init(
            id: location.id,
            name: location.name,
            latitude: location.hasCoordinates ? finite(location.latitude) : nil,
            longitude: location.hasCoordinates ? finite(location.longitude) : nil,
            status: entry.status,
            fetched_at: entry.fetchedAt?.rfc3339,
            next_refresh_at: entry.nextRefreshAt?.rfc3339,
            weather: entry.weather.map { StateDocument.WeatherEntry($0, text: text) },
            today: entry.today.map { StateDocument.DayEntry($0, text: text) },
            forecast: entry.forecast.flatMap { StateDocument.ForecastEntry($0, text: text) },
            nowcast: StateDocument.NowcastEntry(entry, summary: summary, text: text),
            last_error: entry.lastError.map { error in
                StateDocument.ErrorEntry(
                    kind: error.kind,
                    message: error.message,
                    http_status: error.httpStatus,
                    at: error.at.rfc3339
                )
            },
            consecutive_failures: entry.consecutiveFailures,
            alerts: entry.alerts.map(StateDocument.AlertsEntry.init),
            air: entry.air.map { StateDocument.AirEntry($0, scale: airQualityScale) },
            source: entry.source,
            fallback_since: entry.fallbackSince?.rfc3339,
            first_source_retry_at: entry.firstSourceRetryAt?.rfc3339,
            source_pause: entry.sourcePause.map {
                StateDocument.SourcePauseEntry(source: $0.source, until: $0.until.rfc3339)
            },
            elevation: finite(entry.elevation)
        )
    }

    func state(path: String) throws(StateDecodingError) -> LocationState {
        let location: Location =
            if let latitude, let longitude {
                Location(id: id, name: name, latitude: latitude, longitude: longitude)
            } else {
                Location(id: id, name: name, countryCode: nil)
            }
        let record = try last_error.map { (error) throws(StateDecodingError) in
            ErrorRecord(
                kind: error.kind,
                message: error.message,
                httpStatus: error.http_status,
                at: try time(error.at, "\(path).last_error.at")
            )
        }
        let fetchedAt = try optionalTime(fetched_at, "\(path).fetched_at")
        var state = LocationState(location: location, status: status)
        state.fetchedAt = fetchedAt
        state.nextRefreshAt = try optionalTime(next_refresh_at, "\(path).next_refresh_at")
        state.weather = try weather?.weather(path: "\(path).weather")
        // Without its own `fetched_at` (docs/state-file.md has none), the location's.
        state.today = try today?.day(path: "\(path).today", fetchedAt: fetchedAt)
        state.forecast = try restoredForecast(path: path, fetchedAt: fetchedAt)
        state.lastError = record
        state.consecutiveFailures = max(0, consecutive_failures ?? 0)
        state.alerts = try alerts?.alerts(path: "\(path).alerts")
        state.air = try air?.air(path: "\(path).air")
        state.source = source
        state.fallbackSince = try optionalTime(fallback_since, "\(path).fallback_since")
        state.firstSourceRetryAt = try optionalTime(first_source_retry_at, "\(path).first_source_retry_at")
        state.sourcePause = try source_pause.map { (pause) throws(StateDecodingError) in
            SourcePause(source: pause.source, until: try time(pause.until, "\(path).source_pause.until"))
        }
        state.elevation = elevation
        return state
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.WeatherEntry {
    fileprivate init(_ weather: Weather, text: StateText) {
        let code = weather.code
        self.init(
            observed_at: weather.observedAt.rfc3339,
            utc_offset_seconds: weather.utcOffsetSeconds,
            temperature: finite(weather.temperature),
            apparent_temperature: finite(weather.apparentTemperature),
            relative_humidity: finite(weather.relativeHumidity),
            precipitation: finite(weather.precipitation),
            cloud_cover: finite(weather.cloudCover),
            wind_speed: finite(weather.windSpeed),
            wind_direction: finite(weather.windDirection),
            wind_gusts: finite(weather.windGusts),
            pressure: finite(weather.pressure),
            is_day: weather.isDay,
            wmo_code: code?.rawValue,
            condition: code?.condition,
            category: code?.category,
            description: code.map(text.description),
            data_interval_seconds: finite(weather.dataInterval),
            units: StateDocument.UnitsEntry(
                temperature: weather.units.temperature.symbol,
                wind_speed: weather.units.windSpeed.symbol,
                precipitation: weather.units.precipitation.symbol
            ),
            valid_until: weather.validUntil?.rfc3339,
            last_modified: weather.lastModified
        )
    }

    fileprivate func weather(path: String) throws(StateDecodingError) -> Weather {
        if let offset = utc_offset_seconds, abs(offset) > 18 * 3600 {
            throw StateDecodingError(message: "\(path).utc_offset_seconds is not a UTC offset: \(offset)")
        }
        return Weather(
            observedAt: try time(observed_at, "\(path).observed_at"),
            utcOffsetSeconds: utc_offset_seconds,
            temperature: temperature,
            apparentTemperature: apparent_temperature,
            relativeHumidity: relative_humidity,
            precipitation: precipitation,
            cloudCover: cloud_cover,
            windSpeed: wind_speed,
            windDirection: wind_direction,
            windGusts: wind_gusts,
            pressure: pressure,
            isDay: is_day,
            code: wmo_code.map(WMOCode.init),
            units: Units(symbols: units),
            dataInterval: data_interval_seconds,
            validUntil: try optionalTime(valid_until, "\(path).valid_until"),
            lastModified: last_modified
        )
    }
}

extension Units {
    /// The units whose symbols a state file names; a missing or unknown symbol is the default unit.
    fileprivate init(symbols: StateDocument.UnitsEntry?) {
        self.init(
            temperature: TemperatureUnit.allCases.first { $0.symbol == symbols?.temperature } ?? .celsius,
            windSpeed: WindSpeedUnit.allCases.first { $0.symbol == symbols?.wind_speed } ?? .kmh,
            precipitation: PrecipitationUnit.allCases.first { $0.symbol == symbols?.precipitation } ?? .mm
        )
    }
}

/// `value` when it is a finite number (JSON holds no other); else nil.
func finite(_ value: Double?) -> Double? {
    guard let value, value.isFinite else { return nil }
    return value
}

/// The time `text` (RFC 3339); else an error naming `key`.
func time(_ text: String, _ key: String) throws(StateDecodingError) -> Timestamp {
    guard let timestamp = Timestamp(rfc3339: text) else {
        throw StateDecodingError(message: "\(key) is not an RFC 3339 time: \(text)")
    }
    return timestamp
}

/// The time `text` (RFC 3339), nil for none; else an error naming `key`.
func optionalTime(_ text: String?, _ key: String) throws(StateDecodingError) -> Timestamp? {
    guard let text else { return nil }
    return try time(text, key)
}
