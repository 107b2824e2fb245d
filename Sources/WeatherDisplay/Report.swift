import WeatherCore

/// Human-readable lines for `once` and `status`, in the language in use.
public enum Report {
    /// `Berlin: 2.0 °C, Slight rain (feels like -1.3 °C, humidity 81%, wind 16.9 km/h from 254°)`, or the
    /// failure.
    public static func line(_ entry: LocationState) -> String {
        let (start, weather) = start(entry)
        guard let weather else { return start }
        var text = start
        let details = details(weather)
        if !details.isEmpty { text += " (\(details.joined(separator: ", ")))" }
        if let error = entry.lastError { text += " [" + lastFetchFailed(error) + "]" }
        return text
    }

    /// The start of a location's line with the weather it speaks of: `Berlin: 2.0 °C, Slight rain`; without
    /// weather, the whole line, the failure (`Berlin: fetch failed: timed out after 5 s`) or
    /// `Berlin: no data yet`, and nil.
    static func start(_ entry: LocationState) -> (text: String, weather: Weather?) {
        let name = entry.location.name
        guard let weather = entry.weather else {
            if let error = entry.lastError {
                return (
                    Catalogue.text("{location}: fetch failed: {error}", ["location": name, "error": error.message]), nil
                )
            }
            return (Catalogue.text("{location}: no data yet", ["location": name]), nil)
        }
        let text = Catalogue.text("{location}: {weather}", ["location": name, "weather": Words.summary(weather)])
        return (text, weather)
    }

    /// The details after the summary: feels like, humidity, wind.
    public static func details(_ weather: Weather) -> [String] {
        var details: [String] = []
        if let value = weather.apparentTemperature {
            details.append(
                Catalogue.text("feels like {temperature}", ["temperature": temperature(value, weather.units)])
            )
        }
        if let value = weather.relativeHumidity {
            details.append(Catalogue.text("humidity {humidity}%", ["humidity": Words.number(value)]))
        }
        if let value = weather.windSpeed {
            let speed = Words.oneDecimal(value) + " " + weather.units.windSpeed.symbol
            if let direction = weather.windDirection {
                details.append(
                    Catalogue.text(
                        "wind {speed} from {direction}°",
                        ["speed": speed, "direction": Words.number(direction)]
                    )
                )
            } else {
                details.append(Catalogue.text("wind {speed}", ["speed": speed]))
            }
        }
        return details
    }

    /// `-1.3 °C`: a temperature with its unit.
    static func temperature(_ value: Double, _ units: Units) -> String {
        Words.oneDecimal(value) + " " + units.temperature.symbol
    }

    /// `last fetch failed: timed out`.
    static func lastFetchFailed(_ error: ErrorRecord) -> String {
        Catalogue.text("last fetch failed: {error}", ["error": error.message])
    }

    /// "12 s", "3 min", "2 h", "4 d".
    public static func age(_ seconds: Double) -> String {
        Words.age(seconds)
    }

    /// `weatherd: state written 2 h ago (daemon not running?)`: the tooltip's and `weatherd forecast`'s last line
    /// when the state file is old.
    static func notRunning(_ snapshot: StateSnapshot, now: Timestamp) -> String {
        let age = Report.age(now.seconds(since: snapshot.generatedAt))
        return "weatherd: " + Catalogue.text("state written {age} ago", ["age": age]) + " "
            + Catalogue.text("(daemon not running?)")
    }
}
