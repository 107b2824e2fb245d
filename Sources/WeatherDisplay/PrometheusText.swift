import WeatherCore

/// Renders a ``StateSnapshot`` in the Prometheus text exposition format (node_exporter's textfile
/// collector, `weatherd status --format prometheus`). Values are in base units whatever the configured
/// units: °C, m/s, metres, ratios (0–1) for humidity, cloud cover and probabilities; every family passes
/// `promtool check metrics`.
public enum PrometheusText {
    /// One metric family: name, type, help and samples (labels, value).
    struct Family {
        /// One sample: its labels (name, value) and its value.
        typealias Sample = (labels: [(String, String)], value: Double)

        let name: String
        let type: String
        let help: String
        var samples: [Sample] = []
        /// Values are written to the nearest 1 / scale: a millionth, or finer for a family in small base units
        /// (grams per cubic metre).
        var scale = 1e6

        /// A gauge: a value that goes up and down.
        static func gauge(_ name: String, help: String, samples: [Sample] = [], scale: Double = 1e6) -> Family {
            Family(name: name, type: "gauge", help: help, samples: samples, scale: scale)
        }

        /// A counter: a total that only grows while the daemon runs.
        static func counter(_ name: String, help: String, samples: [Sample]) -> Family {
            Family(name: name, type: "counter", help: help, samples: samples)
        }
    }

    /// The exposition text of `snapshot`, ending in a newline.
    public static func render(_ snapshot: StateSnapshot) -> String {
        var families =
            locationFamilies(snapshot.locations) + forecastFamilies(snapshot) + alertFamilies(snapshot)
            + sourceFamilies(snapshot) + airFamilies(snapshot)
        let daemon = snapshot.daemon
        families.append(
            Family.counter(
                "weatherd_fetches_total",
                help: "Fetches since the daemon started, by result.",
                samples: [
                    ([("result", "ok")], Double(daemon.fetchesOK)),
                    ([("result", "failed")], Double(daemon.fetchesFailed)),
                ]
            )
        )
        let counters: [(String, String, Int)] = [
            (
                "weatherd_requests_total", "API requests sent since the daemon started (forecast and geocoding).",
                daemon.requests
            ),
            ("weatherd_ticks_total", "Ticks since the daemon started.", daemon.ticks),
            ("weatherd_ticks_fetched_total", "Ticks that started a fetch.", daemon.ticksFetched),
            (
                "weatherd_ticks_skipped_total", "Ticks skipped because the previous fetch was still running.",
                daemon.ticksSkipped
            ),
            (
                "weatherd_ticks_from_cache_total", "Ticks served from cached data during an API backoff.",
                daemon.ticksFromCache
            ),
        ]
        for (name, help, value) in counters {
            families.append(Family.counter(name, help: help, samples: [([], Double(value))]))
        }
        families.append(
            Family.gauge(
                "weatherd_state_timestamp_seconds",
                help: "When the state was written (Unix time).",
                samples: [([], snapshot.generatedAt.secondsSinceEpoch.rounded(.down))]
            )
        )
        families.append(
            Family.gauge(
                "weatherd_backoff_until_timestamp_seconds",
                help: "No API request before this Unix time; 0 when not paused.",
                samples: [([], daemon.backoffUntil?.secondsSinceEpoch ?? 0)]
            )
        )
        families += quotaFamilies(daemon.quota)
        var text = ""
        text.reserveCapacity(4096)
        for family in families where !family.samples.isEmpty {
            text += "# HELP \(family.name) \(family.help)\n# TYPE \(family.name) \(family.type)\n"
            for sample in family.samples {
                text += family.name
                if !sample.labels.isEmpty {
                    text += "{" + sample.labels.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: ",") + "}"
                }
                text += " \(format(sample.value, scale: family.scale))\n"
            }
        }
        return text
    }

    private static func locationFamilies(_ locations: [LocationState]) -> [Family] {
        typealias Extract = (LocationState) -> Double?
        let definitions: [(String, String, Extract)] = [
            ("weatherd_temperature_celsius", "Air temperature at 2 m.", { celsius($0.weather?.temperature, $0) }),
            (
                "weatherd_apparent_temperature_celsius", "Apparent (feels-like) temperature.",
                {
                    celsius($0.weather?.apparentTemperature, $0)
                }
            ),
            (
                "weatherd_relative_humidity_ratio", "Relative humidity at 2 m, 0 to 1.",
                {
                    $0.weather?.relativeHumidity.map { $0 / 100 }
                }
            ),
            ("weatherd_cloud_cover_ratio", "Cloud cover, 0 to 1.", { $0.weather?.cloudCover.map { $0 / 100 } }),
            (
                "weatherd_wind_speed_meters_per_second", "Wind speed at 10 m.",
                {
                    metersPerSecond($0.weather?.windSpeed, $0)
                }
            ),
            (
                "weatherd_wind_gusts_meters_per_second", "Wind gusts at 10 m.",
                {
                    metersPerSecond($0.weather?.windGusts, $0)
                }
            ),
            ("weatherd_wind_direction_degrees", "Wind direction at 10 m.", { $0.weather?.windDirection }),
            (
                "weatherd_precipitation_meters", "Precipitation of the last interval.",
                { meters($0.weather?.precipitation, $0) }
            ),
            (
                "weatherd_weather_code", "WMO weather interpretation code.",
                { $0.weather?.code.map { Double($0.rawValue) } }
            ),
            ("weatherd_is_day", "1 in daylight, 0 at night.", { $0.weather?.isDay.map { $0 ? 1 : 0 } }),
            (
                "weatherd_observation_timestamp_seconds", "Start of the model interval observed (Unix time).",
                {
                    $0.weather?.observedAt.secondsSinceEpoch
                }
            ),
            (
                "weatherd_last_fetch_success", "1 when the last fetch of the location succeeded, else 0.",
                {
                    $0.status == .pending ? nil : ($0.lastError == nil ? 1 : 0)
                }
            ),
            (
                "weatherd_fetch_timestamp_seconds", "When the location's weather was last fetched (Unix time).",
                {
                    $0.fetchedAt?.secondsSinceEpoch
                }
            ),
            (
                "weatherd_next_refresh_timestamp_seconds",
                "The earliest time the location can be fetched again (Unix time); absent when that time has passed.",
                { $0.nextRefreshAt?.secondsSinceEpoch }
            ),
            (
                "weatherd_today_temperature_max_celsius",
                "The highest temperature of the location's current local day.",
                { todayCelsius($0.today?.temperatureMax, $0) }
            ),
            (
                "weatherd_today_temperature_min_celsius", "The lowest temperature of the location's current local day.",
                { todayCelsius($0.today?.temperatureMin, $0) }
            ),
            (
                "weatherd_today_precipitation_probability_ratio",
                "The highest precipitation probability of the location's day, 0 to 1.",
                { $0.today?.precipitationProbabilityMax.map { $0 / 100 } }
            ),
            (
                "weatherd_today_weather_code", "WMO weather interpretation code of the location's day.",
                { $0.today?.code.map { Double($0.rawValue) } }
            ),
            (
                "weatherd_sunrise_timestamp_seconds",
                "Sunrise of the location's day (Unix time); absent when the sun does not rise (polar night).",
                { $0.today?.sunrise?.secondsSinceEpoch }
            ),
            (
                "weatherd_sunset_timestamp_seconds",
                "Sunset of the location's day (Unix time); absent when the sun does not set.",
                { $0.today?.sunset?.secondsSinceEpoch }
            ),
        ]
        return definitions.map { name, help, extract in
            var family = Family.gauge(name, help: help)
            for entry in locations {
                guard let value = extract(entry), value.isFinite else { continue }
                family.samples.append(([("location", entry.location.id), ("name", entry.location.name)], value))
            }
            return family
        }
    }

    /// The used and limit gauges of the three quota windows; a window without a limit (0) has no limit
    /// sample.
    private static func quotaFamilies(_ quota: QuotaReport) -> [Family] {
        let windows = QuotaWindow.allCases.map { (labels: [("window", $0.rawValue)], usage: quota[$0]) }
        return [
            .gauge(
                "weatherd_quota_used_calls",
                help: "Weighted API calls counted in the current UTC window (minute, hour, day).",
                samples: windows.map { ($0.labels, $0.usage.used) }
            ),
            .gauge(
                "weatherd_quota_limit_calls",
                help: "The limit of weighted API calls per UTC window; absent for a window without a limit.",
                samples: windows.filter { $0.usage.limit > 0 }.map { ($0.labels, $0.usage.limit) }
            ),
            .gauge(
                "weatherd_quota_resets_timestamp_seconds",
                help: "When the current UTC window ends (Unix time).",
                samples: windows.map { ($0.labels, $0.usage.resetsAt.secondsSinceEpoch) }
            ),
        ]
    }

    /// A value of the day's outlook in °C; nil when the unit is not known (no weather beside it).
    static func todayCelsius(_ value: Double?, _ entry: LocationState) -> Double? {
        guard let value, let unit = entry.weather?.units.temperature else { return nil }
        return unit == .fahrenheit ? (value - 32) * 5 / 9 : value
    }

    private static func celsius(_ value: Double?, _ entry: LocationState) -> Double? {
        guard let value else { return nil }
        return entry.weather?.units.temperature == .fahrenheit ? (value - 32) * 5 / 9 : value
    }

    /// A precipitation value in metres; nil when the unit is not known (no weather beside it).
    static func meters(_ value: Double?, _ entry: LocationState) -> Double? {
        guard let value, let unit = entry.weather?.units.precipitation else { return nil }
        return unit == .inch ? value * 0.0254 : value / 1000
    }

    private static func metersPerSecond(_ value: Double?, _ entry: LocationState) -> Double? {
        guard let value, let unit = entry.weather?.units.windSpeed else { return nil }
        switch unit {
        case .kmh: return value / 3.6
        case .ms: return value
        case .mph: return value * 0.44704
        case .kn: return value * 1852 / 3600
        }
    }

    /// A label value with `\`, `"` and newlines escaped as the format requires.
    static func escape(_ value: String) -> String {
        Escaping.replacing(value, labelEscapes)
    }

    private static let labelEscapes = Escaping.Table(["\\": "\\\\", "\"": "\\\"", "\n": "\\n"])

    private static func format(_ value: Double, scale: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }
}
