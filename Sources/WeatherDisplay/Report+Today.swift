import WeatherCore

/// The day's outlook in words, for `once`, `status` and the Waybar tooltip, in the language in use.
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
        let outlook = outlook(today, location: entry.location, weather: entry.weather, clock: clock)
            .joined(separator: ", ")
        if let offset, LocalDate(at: now, utcOffsetSeconds: offset) != today.date {
            return today.date.description + ": " + outlook
        }
        return Catalogue.text("today: {outlook}", ["outlook": outlook])
    }

    /// The parts of an outlook: description, high, low, precipitation probability, sun.
    public static func outlook(
        _ today: DayForecast,
        location: Location,
        weather: Weather?,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) -> [String] {
        var parts: [String] = []
        if let code = today.code { parts.append(Words.description(code)) }
        func temperature(_ value: Double) -> String {
            Words.oneDecimal(value) + (weather.map { " " + $0.units.temperature.symbol } ?? "")
        }
        if let high = today.temperatureMax {
            parts.append(Catalogue.text("high {temperature}", ["temperature": temperature(high)]))
        }
        if let low = today.temperatureMin {
            parts.append(Catalogue.text("low {temperature}", ["temperature": temperature(low)]))
        }
        if let probability = today.precipitationProbabilityMax {
            parts.append(
                Catalogue.text("precipitation {probability}%", ["probability": Words.number(probability.rounded())])
            )
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
        case (let sunrise?, let sunset?):
            return Catalogue.text(
                "sunrise {sunrise}, sunset {sunset}",
                ["sunrise": time(sunrise), "sunset": time(sunset)]
            )
        case (nil, let sunset?): return Catalogue.text("no sunrise, sunset {sunset}", ["sunset": time(sunset)])
        case (let sunrise?, nil): return Catalogue.text("sunrise {sunrise}, no sunset", ["sunrise": time(sunrise)])
        case (nil, nil):
            return today.sunlessDay(latitude: location.latitude) == .midnightSun
                ? Catalogue.text("midnight sun: no sunset") : Catalogue.text("polar night: no sunrise")
        }
    }
}
