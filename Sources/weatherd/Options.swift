import ArgumentParser
import Logging
import WeatherConfiguration
import WeatherCore
import WeatherDaemon
import WeatherDisplay

/// `--config`, `--state-file` and `--cache-file`, common to every command that reads the configuration.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file.", valueName: "path"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The state file (overrides state_file).", valueName: "path"))
    var stateFile: String?

    @Option(name: .long, help: ArgumentHelp("The durable cache (overrides cache_file).", valueName: "path"))
    var cacheFile: String?

    @OptionGroup var language: LanguageOption
}

/// `--language`, which every command takes.
struct LanguageOption: ParsableArguments {
    @Option(
        name: .customLong("language"),
        help: ArgumentHelp(
            "The language of the words for people: auto (the locale) or en, de, fr, es, it, nl, pl, pt, sv, nb (overrides language).",
            valueName: "language"
        )
    )
    var setting: String?

    /// Uses the language `--language` names, else `configured` (the configuration's `language`); returns
    /// what to say when it is not one weatherd has a catalogue for (the words are then English).
    @discardableResult
    func use(configured: String = "auto") -> String? {
        World.useLanguage(setting ?? configured)
    }
}

/// The options of `run` and `once`.
struct RuntimeOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The forecast API's base URL (overrides api.base_url).", valueName: "url"))
    var apiURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "One base URL for all four alert sources (overrides alerts.*_url): a mirror or look-alike serving their paths; run only.",
            valueName: "url"
        )
    )
    var alertsURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "MET Norway's Locationforecast base URL (overrides met_norway.base_url): a mirror or look-alike.",
            valueName: "url"
        )
    )
    var metNorwayURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The air quality API's base URL (overrides air_quality.base_url): a mirror or look-alike.",
            valueName: "url"
        )
    )
    var airQualityURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The rotation period: seconds or a duration like 500ms, 10s, 2m.", valueName: "duration"),
        transform: { text in
            guard let duration = DurationParser.parse(text), duration > .zero else {
                throw ValidationError("--interval must be a positive duration such as 10s or 500ms, got '\(text)'")
            }
            return duration
        }
    )
    var interval: Duration?

    @Option(name: .long, help: "Where logs go: auto (journal when its socket exists), journal or stderr.")
    var logTarget: LogTarget = .auto

    @Option(name: .long, help: "The least severe level logged: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info
}

/// `--log-target`.
enum LogTarget: String, ExpressibleByArgument, CaseIterable {
    case auto, journal, stderr
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// Output formats of `once` and `codes`.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension CommonOptions {
    /// The loader for these options.
    func loader(_ runtime: RuntimeOptions? = nil) -> ConfigLoader {
        var overrides = ConfigOverrides()
        overrides.stateFile = stateFile
        overrides.cacheFile = cacheFile
        if let runtime {
            overrides.interval = runtime.interval
            overrides.apiURL = runtime.apiURL
            overrides.alertsURL = runtime.alertsURL
            overrides.metNorwayURL = runtime.metNorwayURL
            overrides.airQualityURL = runtime.airQualityURL
        }
        return ConfigLoader(explicitPath: config, overrides: overrides)
    }

    /// Loads the configuration, or prints the error and exits 78 (EX_CONFIG).
    func loadConfiguration(_ runtime: RuntimeOptions? = nil) throws -> Configuration {
        do {
            return try loader(runtime).load()
        } catch {
            printError("weatherd: invalid configuration: \(error)")
            throw ExitCode(78)
        }
    }
}

extension StatusFormat: ExpressibleByArgument {}
