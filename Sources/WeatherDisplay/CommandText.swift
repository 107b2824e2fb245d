import StateStore
import WeatherCore

/// The `weatherd` commands' own lines for people, beside their reports (``StatusReport``, ``ForecastReport``,
/// ``AlertsReport``, ``AirReport``), in the language in use. Here rather than in the commands: the words for
/// people live in this target, where the catalogues' template is read from.
public enum CommandText {
    /// A comment `check-config` writes into the effective configuration.
    public enum ConfigComment: Sendable {
        /// After `limits:` when they are the defaults.
        case defaultLimits
        /// Under a location without coordinates.
        case noCoordinates
        /// After `alerts: auto` of a location without coordinates or country.
        case sourceChosenWhenResolved
        /// After `alerts: auto` of a place no alert source covers.
        case noAlertSource
    }

    /// `weatherd once` refuses while the daemon's pause lasts: the API is paused until `until`, as `file`
    /// records.
    public static func apiPaused(until: Timestamp, recordedIn file: String) -> String {
        Catalogue.text(
            "the API is paused until {time} (the daemon got HTTP 429 or 503; see {file}); not fetching."
                + " --force fetches anyway.",
            ["time": until.rfc3339, "file": file]
        )
    }

    /// `status --follow` cannot watch the state file.
    public static func cannotWatch(_ path: String, error: String) -> String {
        Catalogue.text("cannot watch {path}: {error}", ["path": path, "error": error])
    }

    /// `status --follow` cannot write its output.
    public static func cannotWriteStandardOutput(_ reason: String) -> String {
        Catalogue.text("cannot write to standard output: {error}", ["error": reason])
    }

    /// The UNKNOWN line of the monitoring plugin `plugin` (`ALERTS`, `AIR`) when the state file cannot be read:
    /// the keyword English, as monitoring reads it; no `;` or `|` after it.
    public static func unreadableStateFile(plugin: String, path: String, error: StateFileReadError) -> String {
        let reason = Catalogue.text(
            "cannot read the state file {path}: {error}",
            ["path": path, "error": Words.stateFileError(error)]
        )
        return "\(plugin) UNKNOWN - " + reason.replacing(";", with: ",").replacing("|", with: "/")
    }

    /// `check-config`'s first line: `configuration is valid: /etc/weatherd/config.yaml`, or without a file,
    /// `…: embedded defaults (no /etc/weatherd/config.yaml)`.
    public static func configurationValid(file: String?, defaultPath: String) -> String {
        let source = file ?? Catalogue.text("embedded defaults (no {path})", ["path": defaultPath])
        return Catalogue.text("configuration is valid: {source}", ["source": source])
    }

    /// A comment of `check-config`'s effective configuration.
    public static func comment(_ comment: ConfigComment) -> String {
        switch comment {
        case .defaultLimits: Catalogue.text("the defaults for this base_url")
        case .noCoordinates: Catalogue.text("no coordinates: resolved by the geocoding API")
        case .sourceChosenWhenResolved: Catalogue.text("the source is chosen when the name is resolved")
        case .noAlertSource: Catalogue.text("no alert source for this place")
        }
    }

    /// The headings of `weatherd codes`' table: code, condition, category, description.
    public static var codesHeadings: [String] {
        // Translators: the headings of `weatherd codes`' table; upper case in English.
        [
            Catalogue.word("CODE", context: "codes table"), Catalogue.word("CONDITION", context: "codes table"),
            Catalogue.word("CATEGORY", context: "codes table"), Catalogue.word("DESCRIPTION", context: "codes table"),
        ]
    }
}
