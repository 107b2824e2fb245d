import StateStore
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// Command-line values that override the configuration file (weatherd(1) precedence).
public struct ConfigOverrides: Sendable, Hashable {
    /// `--interval`.
    public var interval: Duration?
    /// `--api-url`.
    public var apiURL: String?
    /// `--state-file`.
    public var stateFile: String?
    /// `--cache-file`.
    public var cacheFile: String?
    /// `--alerts-url`: one base URL for all four alert sources.
    public var alertsURL: String?
    /// `--met-norway-url`: MET Norway's Locationforecast base URL.
    public var metNorwayURL: String?
    /// `--air-quality-url`: the air quality API's base URL.
    public var airQualityURL: String?

    /// No override: each option given is set after.
    public init() {}
}

/// Finds, reads and parses the configuration, then applies the command line.
public struct ConfigLoader: Sendable {
    /// Where the configuration is looked for when `--config` is not given.
    public static let defaultPath = "/etc/weatherd/config.yaml"

    /// `--config`, if given.
    public var explicitPath: String?
    /// Command-line overrides.
    public var overrides: ConfigOverrides = ConfigOverrides()

    /// Creates a value from each of its properties.
    public init(explicitPath: String? = nil, overrides: ConfigOverrides = ConfigOverrides()) {
        self.explicitPath = explicitPath
        self.overrides = overrides
    }

    /// The file that was (or would be) read; nil when the embedded defaults are used.
    public var effectivePath: String? {
        if let explicitPath { return explicitPath }
        return access(Self.defaultPath, F_OK) == 0 ? Self.defaultPath : nil
    }

    /// Loads the effective configuration. A missing file at the default path means the embedded
    /// defaults; a missing `--config` file is an error.
    public func load() throws(ConfigError) -> Configuration {
        var config = Configuration()
        if let path = effectivePath {
            let text = try Self.read(path)
            config = try ConfigParser(file: path).parse(text)
        }
        return try apply(overrides, to: config)
    }

    private func apply(_ overrides: ConfigOverrides, to base: Configuration) throws(ConfigError) -> Configuration {
        var config = base
        if let interval = overrides.interval {
            guard interval > .zero else {
                throw ConfigError(
                    file: "command line",
                    keyPath: "--interval",
                    line: nil,
                    message: "must be greater than 0"
                )
            }
            config.interval = interval
        }
        if let apiURL = overrides.apiURL {
            config.api.baseURL = try Self.checked(apiURL, option: "--api-url")
        }
        if let alertsURL = overrides.alertsURL {
            let url = try Self.checked(alertsURL, option: "--alerts-url")
            config.alerts.endpoints = AlertEndpoints(nws: url, metno: url, dwd: url, meteoalarm: url)
        }
        if let metNorwayURL = overrides.metNorwayURL {
            config.metNorway.baseURL = try Self.checked(metNorwayURL, option: "--met-norway-url")
        }
        if let airQualityURL = overrides.airQualityURL {
            config.airQuality.baseURL = try Self.checked(airQualityURL, option: "--air-quality-url")
        }
        if let stateFile = overrides.stateFile { config.stateFile = stateFile }
        if let cacheFile = overrides.cacheFile { config.cacheFile = cacheFile }
        return config
    }

    /// `url`, given on the command line as `option`, if it is a base URL weatherd can use.
    private static func checked(_ url: String, option: String) throws(ConfigError) -> String {
        if let problem = ConfigParser.urlProblem(url) {
            throw ConfigError(file: "command line", keyPath: option, line: nil, message: problem)
        }
        return url
    }

    private static func read(_ path: String) throws(ConfigError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path, limit: 1 << 20)
        } catch {
            let reason = error.errno == EFBIG ? "larger than 1 MiB" : String(cString: strerror(error.errno))
            throw ConfigError(file: path, keyPath: "", line: nil, message: "cannot \(error.operation): \(reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, keyPath: "", line: nil, message: "not valid UTF-8")
        }
        return text
    }
}
