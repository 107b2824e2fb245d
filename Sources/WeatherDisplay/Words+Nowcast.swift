import WeatherCore

/// The nowcast's sentence (docs/forecast.md "Nowcast") in the language in use: the bar's `{nowcast}`, the
/// tooltip, `weatherd forecast` and the state file's `summary`.
extension Words {
    /// `rain in 25 min`, `snow for the next 40 min`, `rain for 2 h`, `dry for 2 h`.
    public static func nowcast(_ summary: NowcastSummary) -> String {
        let values: KeyValuePairs<String, String> = ["duration": duration(minutes: summary.sentence.minutes)]
        switch (summary.sentence, summary.isSnow) {
        case (.dry, _): return Catalogue.text("dry for {duration}", values)
        case (.startsIn, false): return Catalogue.text("rain in {duration}", values)
        case (.startsIn, true): return Catalogue.text("snow in {duration}", values)
        // Translators: it rains now and stops then.
        case (.endsIn, false): return Catalogue.text("rain for the next {duration}", values)
        case (.endsIn, true): return Catalogue.text("snow for the next {duration}", values)
        // Translators: it rains now and through the whole nowcast, this long.
        case (.lasts, false): return Catalogue.text("rain for {duration}", values)
        case (.lasts, true): return Catalogue.text("snow for {duration}", values)
        }
    }
}
