import WeatherCore

/// Spans of time as people read them, in the language in use.
extension Words {
    /// "12 s", "3 min", "2 h", "4 d": an age or a wait, whole units rounded down.
    public static func age(_ seconds: Double) -> String {
        let value = max(0, Int(seconds))
        if value < 120 { return Catalogue.word("{count} s", context: "duration", ["count": String(value)]) }
        if value < 7200 { return minutes(value / 60) }
        if value < 172_800 { return hours(value / 3600) }
        return Catalogue.plural("{count} d", "{count} d", count: value / 86_400)
    }

    /// "25 min"; from an hour on "2 h", "1 h 15 min".
    public static func duration(minutes: Int) -> String {
        guard minutes >= 60 else { return self.minutes(minutes) }
        guard minutes % 60 != 0 else { return hours(minutes / 60) }
        return Catalogue.word(
            "{hours} h {minutes} min",
            context: "duration",
            ["hours": String(minutes / 60), "minutes": String(minutes % 60)]
        )
    }

    /// "3 min".
    private static func minutes(_ count: Int) -> String {
        Catalogue.word("{count} min", context: "duration", ["count": String(count)])
    }

    /// "2 h".
    private static func hours(_ count: Int) -> String {
        Catalogue.word("{count} h", context: "duration", ["count": String(count)])
    }
}
