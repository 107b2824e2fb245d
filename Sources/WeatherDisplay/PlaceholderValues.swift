import WeatherCore

/// The values of the bar's placeholders for one location at one moment (docs/forecast.md); nil when not known.
/// Words and numbers as people read them in the language in use (`Leichter Regen`, `2,5`); `{condition}`,
/// `{id}` and `{source}` are the same in every language.
public struct PlaceholderValues: Sendable {
    /// The location's outlook.
    public let outlook: Outlook
    /// The age of its weather on the API's clock, seconds.
    public let age: Double?
    /// Icons and clock.
    public let style: DisplayStyle
    /// The reader's clock, on the API's clock where the daemon knows its offset (whether a warning is in
    /// force).
    public let apiNow: Timestamp

    /// The values of `entry` in `snapshot` at `now` (the reader's clock).
    public init(_ entry: LocationState, in snapshot: StateSnapshot, at now: Timestamp, style: DisplayStyle) {
        outlook = Outlook(entry, in: snapshot, at: now)
        age = entry.weather.map { snapshot.dataAge($0, at: now) }
        self.style = style
        self.apiNow = snapshot.apiTime(now)
    }

    /// The value of `placeholder`, numbers with `decimals` places (none by default); nil when not known.
    public func value(_ placeholder: Placeholder, decimals: Int? = nil) -> String? {
        let entry = outlook.entry
        let weather = entry.weather
        func number(_ value: Double?) -> String? {
            value.flatMap { Words.decimal($0, decimals: decimals ?? 0) }
        }
        func clock(_ time: Timestamp?) -> String? {
            guard let time, let offset = outlook.utcOffsetSeconds else { return nil }
            return TimeOfDay.text(time, utcOffsetSeconds: offset, clock: style.clock)
        }
        switch placeholder {
        case .icon:
            guard let weather else { return WeatherIcon.noData(style: style.icons) }
            return WeatherIcon.glyph(
                weather.code?.condition ?? .unknown,
                isDay: weather.isDay ?? true,
                style: style.icons
            )
        case .name: return entry.location.name
        case .id: return entry.location.id
        case .temperature: return number(weather?.temperature)
        case .apparentTemperature: return number(weather?.apparentTemperature)
        case .unit: return weather?.units.temperature.symbol
        case .condition: return weather?.code?.condition.rawValue
        case .description: return weather?.code.map { Words.description($0) }
        case .humidity: return number(weather?.relativeHumidity)
        case .windSpeed: return number(weather?.windSpeed)
        case .windUnit: return weather?.units.windSpeed.symbol
        case .windDirection: return number(weather?.windDirection)
        case .windArrow: return weather?.windDirection.flatMap(WindArrow.arrow(fromDegrees:))
        case .high: return number(outlook.today?.temperatureMax)
        case .low: return number(outlook.today?.temperatureMin)
        case .precipitationProbability: return number(outlook.today?.precipitationProbabilityMax)
        case .precipitationProbability6h:
            return number(outlook.hours.prefix(6).compactMap(\.precipitationProbability).max())
        case .nowcast: return outlook.nowcast.map { Words.nowcast($0) }
        case .tomorrowIcon:
            guard let code = outlook.tomorrow?.code else { return nil }
            return WeatherIcon.glyph(code.condition, isDay: true, style: style.icons)
        case .tomorrowHigh: return number(outlook.tomorrow?.temperatureMax)
        case .tomorrowLow: return number(outlook.tomorrow?.temperatureMin)
        case .sunrise: return clock(outlook.today?.sunrise)
        case .sunset: return clock(outlook.today?.sunset)
        case .age: return age.map { Report.age($0) }
        case .alert: return AlertText.inForce(entry, at: apiNow).first?.event ?? ""
        case .alerts: return String(AlertText.inForce(entry, at: apiNow).count)
        case .source: return entry.source?.rawValue
        case .aqi: return number(entry.air?.reading(on: style.airQualityScale).map { Double($0.index) })
        case .aqiLevel: return entry.air?.reading(on: style.airQualityScale).map { Words.airLevel($0.level) }
        case .uv: return number(entry.air?.uvIndex)
        case .pollen: return entry.air.map { AirText.pollen($0) ?? "" }
        }
    }
}
