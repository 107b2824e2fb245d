import WeatherCore

/// The text form of `status`: a monitoring-plugin line with performance data after `|`, then one line
/// per location (and one for its outlook of the day, one for its air), as Nagios, Icinga and Checkmk read it.
/// The words are in the language in use but for the plugin's `WEATHERD OK` keyword, which monitoring reads;
/// the performance data is the same in every language.
public enum StatusText {
    /// The whole text; `snapshot` already judged at `now`; times of day on `clock`, air quality indices on
    /// `airQualityScale`.
    public static func render(
        _ snapshot: StateSnapshot,
        health: Health,
        now: Timestamp,
        clock: DisplaySettings.Clock = .twentyFourHour,
        airQualityScale: AirQualityScale = .european
    ) -> String {
        var lines = [summary(snapshot, health: health, now: now) + " | " + perfdata(snapshot, now: now).text]
        for entry in snapshot.locations {
            var line = "  " + (entry.location.id == snapshot.currentLocation ? "> " : "  ")
            line += pad("[\(entry.status.rawValue)]", 10) + Report.line(entry)
            if let fetchedAt = entry.fetchedAt {
                line += " · " + Catalogue.text("{age} old", ["age": Report.age(now.seconds(since: fetchedAt))])
            }
            if entry.fallbackSince != nil, let source = entry.source {
                line += " · " + Catalogue.text("from {source}", ["source": source.rawValue])
            }
            lines.append(longOutput(line))
            if let today = Report.today(entry, now: now, clock: clock) {
                lines.append(longOutput(String(repeating: " ", count: 14) + today))
            }
            if let air = entry.air {
                lines.append(longOutput(String(repeating: " ", count: 14) + AirText.line(air, scale: airQualityScale)))
            }
            let offset = entry.weather?.utcOffsetSeconds
            for alert in AlertText.inForce(entry, at: snapshot.apiTime(now)) {
                let text = AlertText.line(alert, utcOffsetSeconds: offset, clock: clock)
                lines.append(
                    longOutput(String(repeating: " ", count: 14) + text + " (\(Words.severity(alert.severity)))")
                )
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `WEATHERD OK - 4 locations, 0 failing, 0 stale, state written 3 s ago`: no `;` (Nagios turns it
    /// into `:`) and no `|` (it starts the performance data).
    public static func summary(_ snapshot: StateSnapshot, health: Health, now: Timestamp) -> String {
        let age = now.seconds(since: snapshot.generatedAt)
        let count = snapshot.locations.count
        let failing = snapshot.locations.filter { $0.status == .error }.count
        let stale = snapshot.locations.filter { $0.status == .stale }.count
        var parts = [
            Words.locations(count),
            Catalogue.plural("{count} failing", "{count} failing", count: failing),
            Catalogue.plural("{count} stale", "{count} stale", count: stale),
        ]
        let overdue = snapshot.locations.filter { snapshot.judge($0, at: now) == .overdue }.count
        if overdue > 0 {
            parts.append(Catalogue.plural("{count} still without data", "{count} still without data", count: overdue))
        }
        var written = Catalogue.text("state written {age} ago", ["age": Report.age(age)])
        if snapshot.writtenTooLongAgo(at: now) { written += " " + Catalogue.text("(daemon not running?)") }
        parts.append(written)
        if let until = snapshot.daemon.backoffUntil, until > now {
            parts.append(Catalogue.text("API paused until {time}", ["time": until.rfc3339]))
        }
        let words = parts.joined(separator: ", ").replacing(";", with: ",").replacing("|", with: "/")
        return "WEATHERD \(health.label) - " + words
    }

    /// The state's age (critical past 3 × interval + timeout), the failing, stale and pending counts,
    /// API requests, and per location its temperature, data age (warning past stale_after) and the
    /// day's precipitation probability.
    public static func perfdata(_ snapshot: StateSnapshot, now: Timestamp) -> Perfdata {
        var data = Perfdata()
        let count = Double(snapshot.locations.count)
        let age = max(0, now.seconds(since: snapshot.generatedAt)).rounded(.down)
        data.add("age", age, unit: "s", crit: snapshot.writeDeadlineSeconds, min: 0)
        for status in [LocationStatus.error, .stale, .pending] {
            let label = status == .error ? "failing" : status.rawValue
            let value = Double(snapshot.locations.filter { $0.status == status }.count)
            data.add(label, value, min: 0, max: count)
        }
        data.add("requests", Double(snapshot.daemon.requests), unit: "c", min: 0)
        for entry in snapshot.locations {
            let id = entry.location.id
            if let temperature = entry.weather?.temperature {
                data.add("\(id)_temperature", temperature, decimals: 1)
            }
            if let weather = entry.weather {
                let age = max(0, snapshot.dataAge(weather, at: now)).rounded(.down)
                data.add("\(id)_data_age", age, unit: "s", warn: snapshot.daemon.staleAfterSeconds, min: 0)
            }
            if let probability = entry.today?.precipitationProbabilityMax {
                data.add("\(id)_precipitation_probability", probability, unit: "%", min: 0, max: 100)
            }
        }
        return data
    }

    /// `text` padded with spaces to `width` characters (one space after a longer one).
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// A line of the long output: a `|` there would start more performance data.
    private static func longOutput(_ line: String) -> String {
        line.contains("|") ? line.replacing("|", with: "/") : line
    }
}
