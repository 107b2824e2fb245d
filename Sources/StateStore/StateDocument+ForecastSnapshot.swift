import WeatherCore

// Conversions between the domain's forecast (LocationForecast, DayForecast, DisplaySettings) and the
// file's entries. Decoding restores what was fetched; the nowcast's summary is not read back (it is
// worked out anew at every write, relative to the writer's now).
// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.ForecastEntry {
    /// The hours and days of `forecast`, described in `text`'s words; nil when neither is known (switched off,
    /// or not fetched yet).
    init?(_ forecast: LocationForecast, text: StateText = .english) {
        guard
            forecast.hourlyFetchedAt != nil || forecast.dailyFetchedAt != nil || !forecast.hourly.isEmpty
                || !forecast.daily.isEmpty
        else { return nil }
        self.init(
            hourly: forecast.hourly.map { StateDocument.HourEntry($0, text: text) },
            daily: forecast.daily.map { StateDocument.DayEntry($0, text: text) },
            hourly_fetched_at: forecast.hourlyFetchedAt?.rfc3339,
            daily_fetched_at: forecast.dailyFetchedAt?.rfc3339
        )
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.HourEntry {
    fileprivate init(_ hour: HourForecast, text: StateText) {
        let code = hour.code
        self.init(
            time: hour.time.rfc3339,
            temperature: finite(hour.temperature),
            precipitation_probability: finite(hour.precipitationProbability),
            precipitation: finite(hour.precipitation),
            wmo_code: code?.rawValue,
            condition: code?.condition,
            category: code?.category,
            description: code.map(text.description),
            is_day: hour.isDay
        )
    }

    fileprivate func hour(path: String) throws(StateDecodingError) -> HourForecast {
        HourForecast(
            time: try StateStore.time(time, "\(path).time"),
            temperature: temperature,
            precipitationProbability: precipitation_probability,
            precipitation: precipitation,
            code: wmo_code.map(WMOCode.init),
            isDay: is_day
        )
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.DayEntry {
    /// The entry of `day`, described in `text`'s words.
    init(_ day: DayForecast, text: StateText = .english) {
        let code = day.code
        self.init(
            date: day.date.description,
            temperature_max: finite(day.temperatureMax),
            temperature_min: finite(day.temperatureMin),
            precipitation_probability_max: finite(day.precipitationProbabilityMax),
            precipitation_sum: finite(day.precipitationSum),
            uv_index_max: finite(day.uvIndexMax),
            sunrise: day.sunrise?.rfc3339,
            sunset: day.sunset?.rfc3339,
            wmo_code: code?.rawValue,
            condition: code?.condition,
            category: code?.category,
            description: code.map(text.description),
            fetched_at: day.fetchedAt.rfc3339
        )
    }

    /// The day at `path`; without a `fetched_at` of its own (docs/state-file.md has none), fetched at `fetchedAt`
    /// (the epoch when that is not known either).
    func day(path: String, fetchedAt: Timestamp?) throws(StateDecodingError) -> DayForecast {
        guard let localDate = LocalDate(parsing: date) else {
            throw StateDecodingError(message: "\(path).date is not a date (YYYY-MM-DD): \(date)")
        }
        return DayForecast(
            date: localDate,
            temperatureMax: temperature_max,
            temperatureMin: temperature_min,
            precipitationProbabilityMax: precipitation_probability_max,
            precipitationSum: precipitation_sum,
            uvIndexMax: uv_index_max,
            sunrise: try optionalTime(sunrise, "\(path).sunrise"),
            sunset: try optionalTime(sunset, "\(path).sunset"),
            code: wmo_code.map(WMOCode.init),
            fetchedAt: try optionalTime(fetched_at, "\(path).fetched_at") ?? fetchedAt
                ?? Timestamp(secondsSinceEpoch: 0)
        )
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.NowcastEntry {
    /// The nowcast of `entry` with `summary`, its summary at the time of writing on the API's clock, its
    /// sentence in `text`'s words; nil when not known (switched off, or not fetched yet). With no step still
    /// coming (`summary` nil), the summary's fields are null.
    init?(_ entry: LocationState, summary: NowcastSummary?, text: StateText = .english) {
        guard let forecast = entry.forecast, forecast.nowcastFetchedAt != nil || !forecast.nowcast.isEmpty else {
            return nil
        }
        self.init(
            fetched_at: forecast.nowcastFetchedAt?.rfc3339,
            steps: forecast.nowcast.map { step in
                StateDocument.StepEntry(time: step.time.rfc3339, precipitation: finite(step.precipitation))
            },
            rain_starts_at: summary?.rainStartsAt?.rfc3339,
            rain_ends_at: summary?.rainEndsAt?.rfc3339,
            summary: summary.map(text.nowcast),
            rain_soon: summary?.isRainSoon
        )
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
extension StateDocument.LocationEntry {
    /// The forecast of `forecast` and `nowcast`; nil when both are null. A day without a `fetched_at` of
    /// its own was fetched with its block (else at `fetchedAt`, the location's last fetch).
    func restoredForecast(path: String, fetchedAt: Timestamp?) throws(StateDecodingError) -> LocationForecast? {
        guard forecast != nil || nowcast != nil else { return nil }
        var restored = LocationForecast()
        if let forecast {
            let blockPath = "\(path).forecast"
            restored.hourlyFetchedAt = try optionalTime(forecast.hourly_fetched_at, "\(blockPath).hourly_fetched_at")
            restored.dailyFetchedAt = try optionalTime(forecast.daily_fetched_at, "\(blockPath).daily_fetched_at")
            for (index, hour) in (forecast.hourly ?? []).enumerated() {
                restored.hourly.append(try hour.hour(path: "\(blockPath).hourly[\(index)]"))
            }
            for (index, day) in (forecast.daily ?? []).enumerated() {
                let dayFetchedAt = restored.dailyFetchedAt ?? fetchedAt
                restored.daily.append(try day.day(path: "\(blockPath).daily[\(index)]", fetchedAt: dayFetchedAt))
            }
        }
        if let nowcast {
            restored.nowcastFetchedAt = try optionalTime(nowcast.fetched_at, "\(path).nowcast.fetched_at")
            for (index, step) in (nowcast.steps ?? []).enumerated() {
                let stepTime = try time(step.time, "\(path).nowcast.steps[\(index)].time")
                restored.nowcast.append(NowcastStep(time: stepTime, precipitation: step.precipitation))
            }
        }
        return restored
    }
}

extension StateDocument.DisplayEntry {
    init(_ settings: DisplaySettings) {
        self.init(
            text: settings.text,
            icons: settings.icons.rawValue,
            clock: settings.clock.rawValue,
            air_quality_index: settings.airQualityScale.rawValue
        )
    }

    /// The settings; a value missing or unknown to this version is the default.
    var settings: DisplaySettings {
        let defaults = DisplaySettings()
        return DisplaySettings(
            text: text ?? defaults.text,
            icons: icons.flatMap(DisplaySettings.Icons.init(rawValue:)) ?? defaults.icons,
            clock: clock.flatMap(DisplaySettings.Clock.init(rawValue:)) ?? defaults.clock,
            airQualityScale: air_quality_index.flatMap(AirQualityScale.init(rawValue:)) ?? defaults.airQualityScale
        )
    }
}
