import ArgumentParser
import WeatherConfiguration
import WeatherCore
import StateStore
import WeatherDaemon
import WeatherDisplay

/// `weatherd check-config`: validates the configuration and prints the effective one.
struct CheckConfig: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate the configuration and print the effective values.",
        discussion: "Exits 0 when valid, 78 when not."
    )

    @OptionGroup var common: CommonOptions

    func run() throws {
        let config = try common.loadConfiguration()
        // The language first: the comments are for people.
        let notice = common.language.use(configured: config.language)
        let file = common.loader().effectivePath
        print("# " + CommandText.configurationValid(file: file, defaultPath: ConfigLoader.defaultPath))
        if let notice { print("# \(notice)") }
        let yaml = EffectiveConfig.yaml(
            config,
            stateFile: World.stateFilePath(config),
            cacheFile: World.cacheFilePath(config)
        )
        print(yaml, terminator: "")
        for warning in config.warnings { printError("weatherd: warning: \(warning)") }
    }
}

/// The effective configuration as YAML, the API key masked.
enum EffectiveConfig {
    static func yaml(_ config: Configuration, stateFile: String, cacheFile: String) -> String {
        var lines = [
            "interval: \(DurationParser.format(config.interval))",
            "refresh: \(config.refresh)",
            "timeout: \(DurationParser.format(config.timeout))",
            "stale_after: \(DurationParser.format(config.staleAfter))",
            "state_file: \(quoted(stateFile))",
            "cache_file: \(quoted(cacheFile))",
            "prometheus_textfile: \(quoted(config.prometheusTextfile ?? ""))",
            "api:",
            "  base_url: \(quoted(config.api.baseURL))",
            "  geocoding_url: \(quoted(config.api.geocodingURL))",
            "  api_key: \(config.api.apiKey.isEmpty ? "\"\"" : "\"(set, not shown)\"")",
            "  limits:"
                + (config.api.limits == Configuration.LimitSettings()
                    ? "  # " + CommandText.comment(.defaultLimits) : ""),
            "    minute: \(NumberFormat.json(Weight.calls(config.limits.minuteTenths)))",
            "    hour: \(NumberFormat.json(Weight.calls(config.limits.hourTenths)))",
            "    day: \(NumberFormat.json(Weight.calls(config.limits.dayTenths)))",
            "units:",
            "  temperature: \(config.units.temperature.rawValue)",
            "  wind_speed: \(config.units.windSpeed.rawValue)",
            "  precipitation: \(config.units.precipitation.rawValue)",
            "alerts:",
            "  enabled: \(config.alerts.enabled)",
            "  contact: \(quoted(config.alerts.contact))",
            "  nws_url: \(quoted(config.alerts.endpoints.nws))",
            "  metno_url: \(quoted(config.alerts.endpoints.metno))",
            "  dwd_url: \(quoted(config.alerts.endpoints.dwd))",
            "  meteoalarm_url: \(quoted(config.alerts.endpoints.meteoalarm))",
            "language: \(config.language)",
            "sources: \(sourceList(config.sources))",
            "contact: \(quoted(config.contact))",
            "met_norway:",
            "  base_url: \(quoted(config.metNorway.baseURL))",
            "air_quality:",
            "  enabled: \(config.airQuality.enabled)",
            "  index: \(config.display.airQualityScale.rawValue)",
            "  base_url: \(quoted(config.airQuality.baseURL))",
            "locations:",
        ]
        for location in config.locations {
            lines += ["  - id: \(quoted(location.id))", "    name: \(quoted(location.name))"]
            if location.hasCoordinates {
                lines += ["    latitude: \(location.latitude)", "    longitude: \(location.longitude)"]
            } else {
                lines.append("    # " + CommandText.comment(.noCoordinates))
            }
            if let countryCode = location.countryCode { lines.append("    country_code: \(countryCode)") }
            lines.append("    alerts: \(alertSetting(location))")
            if let sources = location.sources { lines.append("    sources: \(sourceList(sources))") }
            let air = location.wantsAirQuality(enabledByDefault: config.airQuality.enabled)
            lines.append("    air_quality: \(air)" + (location.airQuality == nil ? "  # air_quality.enabled" : ""))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A list of sources as YAML's flow sequence: `[open-meteo, met-norway]`.
    static func sourceList(_ sources: [WeatherSource]) -> String {
        "[" + sources.map(\.rawValue).joined(separator: ", ") + "]"
    }

    /// A location's `alerts:` setting, with the source it picks (`auto  # nws`).
    static func alertSetting(_ location: Location) -> String {
        let setting: String
        switch location.alerts {
        case .auto: setting = "auto"
        case .none: return "none"
        case .source(let source): return source.rawValue
        case .meteoalarm(let country, let code):
            let codeText = code.map { ", code: \(quoted($0))" } ?? ""
            return "{meteoalarm: {country: \(quoted(country))\(codeText)}}"
        }
        guard location.hasCoordinates || location.countryCode != nil else {
            return setting + "  # " + CommandText.comment(.sourceChosenWhenResolved)
        }
        guard let target = AlertTarget.choose(location.alerts, for: location, placeCountryCode: nil) else {
            return setting + "  # " + CommandText.comment(.noAlertSource)
        }
        return setting + "  # " + target.source.rawValue + (target.country.map { " (feeds-\($0))" } ?? "")
    }

    /// A YAML double-quoted scalar (JSON escaping is valid YAML).
    static func quoted(_ text: String) -> String {
        var output = ""
        StateStore.JSONWriter.appendEscaped(text, to: &output)
        return output
    }
}
