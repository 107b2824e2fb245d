import WeatherCore

/// The day's outlook in words, for `once`, `status` and the Waybar tooltip.
extension Report {
    /// `today: Slight rain, high 4.1 °C, low -0.8 °C, precipitation 80%, sunrise 07:35, sunset 15:56`,
    /// times in the location's local time on `clock`; nil without an outlook. An outlook of another
    /// local date than `now`'s is labelled with its date instead of "today".
    public static func today(
        _ entry: LocationState,
        now: Timestamp,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> String? {
        guard let today = entry.today else { return nil }
        let offset = entry.weather?.utcOffsetSeconds
        var label = "today"
        if let offset, LocalDate(at: now, utcOffsetSeconds: offset) != today.date { label = today.date.description }
        let parts = outlook(today, location: entry.location, weather: entry.weather, clock: clock)
        return "\(label): " + parts.joined(separator: ", ")
    }

    /// The parts of an outlook: description, high, low, precipitation probability, sun.
    public static func outlook(
        _ today: DayForecast,
        location: Location,
        weather: Weather?,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> [String] {
        var parts: [String] = []
        if let code = today.code { parts.append(code.description) }
        let unit = weather.map { " " + $0.units.temperature.symbol } ?? ""
        if let high = today.temperatureMax { parts.append("high \(NumberFormat.oneDecimal(high))\(unit)") }
        if let low = today.temperatureMin { parts.append("low \(NumberFormat.oneDecimal(low))\(unit)") }
        if let probability = today.precipitationProbabilityMax {
            parts.append("precipitation \(NumberFormat.json(probability.rounded()))%")
        }
        parts.append(sun(today, location: location, weather: weather, clock: clock))
        return parts
    }

    /// `sunrise 07:35, sunset 15:56` in the location's local time (UTC when its offset is unknown);
    /// without either, what that means at the location's latitude and date: polar night (no sunrise) or
    /// midnight sun (no sunset).
    public static func sun(
        _ today: DayForecast,
        location: Location,
        weather: Weather?,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> String {
        let offset = weather?.utcOffsetSeconds
        func time(_ time: Timestamp) -> String {
            TimeOfDay.text(time, utcOffsetSeconds: offset ?? 0, clock: clock) + (offset == nil ? " UTC" : "")
        }
        switch (today.sunrise, today.sunset) {
        case (let sunrise?, let sunset?): return "sunrise \(time(sunrise)), sunset \(time(sunset))"
        case (nil, let sunset?): return "no sunrise, sunset \(time(sunset))"
        case (let sunrise?, nil): return "sunrise \(time(sunrise)), no sunset"
        case (nil, nil):
            return today.sunlessDay(latitude: location.latitude) == .midnightSun
                ? "midnight sun: no sunset" : "polar night: no sunrise"
        }
    }
}
