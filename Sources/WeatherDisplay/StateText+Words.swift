import StateStore
import WeatherCore

extension StateText {
    /// The state file's human text in the language in use (``Catalogue``): what the daemon writes. English is
    /// the file's own words.
    public static var inLanguageInUse: StateText {
        guard Catalogue.language != .english else { return .english }
        return StateText(description: { Words.description($0) }, nowcast: { Words.nowcast($0) })
    }
}
