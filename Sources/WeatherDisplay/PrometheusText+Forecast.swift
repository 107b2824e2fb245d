import WeatherCore

/// The forecast's series (docs/forecast.md "Prometheus"): per location and day ahead (`days_ahead` 0 being the
/// location's current local day) the day's high and low, precipitation probability and sum; and when
/// the nowcast's next rain starts.
extension PrometheusText {
    static func forecastFamilies(_ snapshot: StateSnapshot) -> [Family] {
        let apiNow = snapshot.apiTime(snapshot.generatedAt)
        typealias Extract = (DayForecast, LocationState) -> Double?
        let definitions: [(String, String, Extract)] = [
            (
                "weatherd_forecast_temperature_max_celsius", "The highest temperature of the location's day.",
                { todayCelsius($0.temperatureMax, $1) }
            ),
            (
                "weatherd_forecast_temperature_min_celsius", "The lowest temperature of the location's day.",
                { todayCelsius($0.temperatureMin, $1) }
            ),
            (
                "weatherd_forecast_precipitation_probability_ratio",
                "The highest precipitation probability of the location's day, 0 to 1.",
                { day, _ in day.precipitationProbabilityMax.map { $0 / 100 } }
            ),
            (
                "weatherd_forecast_precipitation_meters", "The precipitation of the location's day.",
                { meters($0.precipitationSum, $1) }
            ),
        ]
        var families = definitions.map { name, help, _ in
            Family.gauge(name, help: help + " days_ahead 0 is its current local day.")
        }
        var rainStart = Family.gauge(
            "weatherd_nowcast_rain_start_timestamp_seconds",
            help: "When the next rain (or snow) of the nowcast starts (Unix time); absent when none within 2 hours."
        )
        for entry in snapshot.locations {
            let location = [("location", entry.location.id), ("name", entry.location.name)]
            for (daysAhead, day) in daysAhead(of: entry, at: apiNow) {
                for (index, definition) in definitions.enumerated() {
                    guard let value = definition.2(day, entry), value.isFinite else { continue }
                    families[index].samples.append((location + [("days_ahead", String(daysAhead))], value))
                }
            }
            if let startsAt = entry.nowcastSummary(at: apiNow)?.rainStartsAt {
                rainStart.samples.append((location, startsAt.secondsSinceEpoch))
            }
        }
        return families + [rainStart]
    }

    /// The location's days from its current local date at `apiNow` on, each with how many days ahead it
    /// is; without a known UTC offset, the days as they are, the first being 0.
    private static func daysAhead(of entry: LocationState, at apiNow: Timestamp) -> [(Int, DayForecast)] {
        let days = entry.forecast?.daily ?? []
        guard let offset = entry.weather?.utcOffsetSeconds else { return Array(days.enumerated()) }
        let today = LocalDate(at: apiNow, utcOffsetSeconds: offset)
        return days.compactMap { day in
            let ahead = Int(day.date.daysSinceEpoch - today.daysSinceEpoch)
            return ahead >= 0 ? (ahead, day) : nil
        }
    }
}
