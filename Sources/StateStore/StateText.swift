import WeatherCore

/// The words of the state file that carry human text (docs/state-file.md): the `description` of the weather,
/// of each hour and day, and the nowcast's `summary`. Everything else in the file (keys, enumerations,
/// numbers, times) is the same in every language. English by default (``english``); the daemon gives the
/// words of its language (WeatherDisplay's `StateText.inLanguageInUse`), which this target cannot know.
public struct StateText: Sendable {
    /// The description of a weather code: `Slight rain`, `Unknown weather code 42`.
    public var description: @Sendable (WMOCode) -> String
    /// The nowcast's sentence: `rain in 25 min`.
    public var nowcast: @Sendable (NowcastSummary) -> String

    /// Words from these two.
    public init(
        description: @escaping @Sendable (WMOCode) -> String,
        nowcast: @escaping @Sendable (NowcastSummary) -> String
    ) {
        self.description = description
        self.nowcast = nowcast
    }

    /// The English words: the codes' own descriptions and the nowcast's English sentence.
    public static let english = StateText(description: { $0.description }, nowcast: { $0.summary })
}
