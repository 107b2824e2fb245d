import WeatherCore
import YAML

/// Parses and validates the YAML configuration into a ``Configuration``. Keys not in the file keep
/// their embedded defaults; unknown keys, wrong types and out-of-range values are ``ConfigError``s that
/// name the file, the key path and the line.
public struct ConfigParser: Sendable {
    /// The file name used in errors.
    public var file: String

    /// Parses `text` on top of `base` (the embedded defaults by default) and validates the result.
    public func parse(_ text: String, base: Configuration = Configuration()) throws(ConfigError) -> Configuration {
        let root: Node?
        do {
            root = try YAMLParser().parse(text)
        } catch {
            throw Self.describe(error, file: file)
        }
        var config = base
        guard let root else { return try validated(config) }
        // Lines of keys checked across keys (URLs, ids), so those errors can name a line too.
        var lines: [String: Int] = [:]
        let top = try mapping(root, path: "")
        for (key, value, keyLine) in top {
            lines[key] = keyLine
            switch key {
            case "interval": config.interval = try duration(value, path: key)
            case "refresh": config.refresh = try refresh(value, path: key)
            case "timeout": config.timeout = try duration(value, path: key)
            case "stale_after": config.staleAfter = try duration(value, path: key)
            case "state_file":
                let path = try string(value, path: key)
                config.stateFile = path.isEmpty ? nil : path
            case "cache_file":
                let path = try string(value, path: key)
                config.cacheFile = path.isEmpty ? nil : path
            case "prometheus_textfile":
                let path = try string(value, path: key)
                config.prometheusTextfile = path.isEmpty ? nil : path
            case "api": try parseAPI(value, into: &config.api, lines: &lines)
            case "units": try parseUnits(value, into: &config.units)
            case "forecast": config.forecast = try parseForecast(value)
            case "display": try parseDisplay(value, into: &config.display)
            case "alerts": config.alerts = try parseAlerts(value, lines: &lines)
            case "sources": config.sources = try sources(value, path: key)
            case "contact": config.contact = try contact(value, path: key)
            case "met_norway": config.metNorway = try parseMetNorway(value, lines: &lines)
            case "language":
                let language = try string(value, path: key)
                config.language = language.isEmpty ? "auto" : language
            case "air_quality": try parseAirQuality(value, into: &config, lines: &lines)
            case "locations": config.locations = try parseLocations(value, lines: &lines)
            default: throw unknownKey(key, path: "", line: keyLine)
            }
        }
        return try validated(config, lines: lines)
    }

    /// Checks the rules that span keys: interval > 0, timeout > 0, valid URLs, unique ids, at least one
    /// location. `lines` gives the line of a key path, where known.
    public func validated(_ config: Configuration, lines: [String: Int] = [:]) throws(ConfigError) -> Configuration {
        if config.interval <= .zero { throw error("interval", lines["interval"], "must be greater than 0") }
        if config.timeout <= .zero { throw error("timeout", lines["timeout"], "must be greater than 0") }
        if config.staleAfter <= .zero { throw error("stale_after", lines["stale_after"], "must be greater than 0") }
        let urls = [
            ("api.base_url", config.api.baseURL), ("api.geocoding_url", config.api.geocodingURL),
            ("alerts.nws_url", config.alerts.endpoints.nws), ("alerts.metno_url", config.alerts.endpoints.metno),
            ("alerts.dwd_url", config.alerts.endpoints.dwd),
            ("alerts.meteoalarm_url", config.alerts.endpoints.meteoalarm),
            ("met_norway.base_url", config.metNorway.baseURL),
            ("air_quality.base_url", config.airQuality.baseURL),
        ]
        for (key, url) in urls {
            if let problem = Self.urlProblem(url) { throw error(key, lines[key], problem) }
        }
        if config.locations.isEmpty {
            throw error("locations", lines["locations"], "at least one location is required")
        }
        var seen: Set<String> = []
        for (index, location) in config.locations.enumerated() {
            let path = "locations[\(index)]"
            let line = lines["\(path).id"] ?? lines[path]
            if location.id.isEmpty { throw error("\(path).id", line, "must not be empty") }
            if !seen.insert(location.id).inserted {
                throw error("\(path).id", line, "duplicate id \"\(location.id)\"")
            }
        }
        return config
    }

    /// Why `url` is not an http(s) URL with a host, or nil when it is.
    public static func urlProblem(_ url: String) -> String? {
        let lowered = url.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lowered.hasPrefix) else {
            return "must be an http:// or https:// URL, got \"\(url)\""
        }
        let rest = url.dropFirst(scheme.count)
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if host.isEmpty { return "has no host: \"\(url)\"" }
        if url.contains(where: { $0 == " " || $0.isNewline }) { return "must not contain spaces" }
        if rest.contains("?") || rest.contains("#") { return "must not contain a query or fragment" }
        return nil
    }

    // MARK: - Sections

    private func parseAPI(
        _ node: Node,
        into api: inout Configuration.API,
        lines: inout [String: Int]
    )
        throws(ConfigError)
    {
        try readKeys(of: node, in: "api", notingLinesIn: &lines) { (key, value, path) throws(ConfigError) in
            switch key {
            case "base_url": api.baseURL = try string(value, path: path)
            case "geocoding_url": api.geocodingURL = try string(value, path: path)
            case "api_key": api.apiKey = try string(value, path: path)
            case "limits": api.limits = try parseLimits(value)
            default: return false
            }
            return true
        }
    }

    private func parseLimits(_ node: Node) throws(ConfigError) -> Configuration.LimitSettings {
        var limits = Configuration.LimitSettings()
        try readKeys(of: node, in: "api.limits") { (key, value, path) throws(ConfigError) in
            switch key {
            case "minute": limits.minute = try number(value, path: path, range: 0...1e9)
            case "hour": limits.hour = try number(value, path: path, range: 0...1e9)
            case "day": limits.day = try number(value, path: path, range: 0...1e9)
            default: return false
            }
            return true
        }
        return limits
    }

    private func parseUnits(_ node: Node, into units: inout Units) throws(ConfigError) {
        try readKeys(of: node, in: "units") { (key, value, path) throws(ConfigError) in
            switch key {
            case "temperature": units.temperature = try choice(value, path: path)
            case "wind_speed": units.windSpeed = try choice(value, path: path)
            case "precipitation": units.precipitation = try choice(value, path: path)
            default: return false
            }
            return true
        }
    }

    private func parseLocations(_ node: Node, lines: inout [String: Int]) throws(ConfigError) -> [Location] {
        guard case .sequence(let sequence) = node else {
            throw error("locations", node.mark.line, "must be a list of locations")
        }
        var locations: [Location] = []
        for (index, item) in sequence.enumerated() {
            let path = "locations[\(index)]"
            var id: String?
            var name: String?
            var latitude: Double?
            var longitude: Double?
            var countryCode: String?
            var alerts = AlertSetting.auto
            var sources: [WeatherSource]?
            var airQuality: Bool?
            lines[path] = item.mark.line
            for (key, value, line) in try mapping(item, path: path) {
                lines["\(path).\(key)"] = line
                switch key {
                case "id": id = try string(value, path: "\(path).id")
                case "name": name = try string(value, path: "\(path).name")
                case "latitude": latitude = try number(value, path: "\(path).latitude", range: -90...90)
                case "longitude": longitude = try number(value, path: "\(path).longitude", range: -180...180)
                case "country_code":
                    let code = try string(value, path: "\(path).country_code")
                    guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                        throw error(
                            "\(path).country_code",
                            value.mark.line,
                            "must be a two-letter country code, got \"\(code)\""
                        )
                    }
                    countryCode = code.uppercased()
                case "alerts": alerts = try locationAlerts(value, path: "\(path).alerts")
                case "sources": sources = try self.sources(value, path: "\(path).sources")
                case "air_quality": airQuality = try boolean(value, path: "\(path).air_quality")
                default: throw unknownKey(key, path: path, line: line)
                }
            }
            let line = item.mark.line
            guard let name, !name.trimmingWhitespace().isEmpty else {
                throw error("\(path).name", line, "a location needs a non-empty name")
            }
            if (latitude == nil) != (longitude == nil) {
                throw error(path, line, "\"\(name)\" needs both latitude and longitude, or neither (resolved by name)")
            }
            if let id, id.isEmpty { throw error("\(path).id", line, "must not be empty") }
            var location =
                if let latitude, let longitude {
                    Location(id: id, name: name, latitude: latitude, longitude: longitude, countryCode: countryCode)
                } else {
                    Location(id: id, name: name, countryCode: countryCode)
                }
            location.alerts = alerts
            location.sources = sources
            location.airQuality = airQuality
            if location.id.isEmpty {
                throw error("\(path).id", line, "the name \"\(name)\" gives no id; set one ([a-z0-9-])")
            }
            if location.id.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw error("\(path).id", line, "must not contain control characters")
            }
            locations.append(location)
        }
        return locations
    }

    // MARK: - Sections and typed values

    /// Reads the section `node` at `section` (`alerts`, `api.limits`) key by key. `read` is given each key,
    /// its value and its path (`alerts.enabled`), and returns false for a key it does not know: that key is
    /// then an "unknown key" error at its line.
    func readKeys(
        of node: Node,
        in section: String,
        _ read: (_ key: String, _ value: Node, _ path: String) throws(ConfigError) -> Bool
    ) throws(ConfigError) {
        var unnoted: [String: Int] = [:]
        try readKeys(of: node, in: section, notingLinesIn: &unnoted, read)
    }

    /// ``readKeys(of:in:_:)``, with each key's line noted in `lines` under its path, for the checks across
    /// keys (``validated(_:lines:)``) to name.
    func readKeys(
        of node: Node,
        in section: String,
        notingLinesIn lines: inout [String: Int],
        _ read: (_ key: String, _ value: Node, _ path: String) throws(ConfigError) -> Bool
    ) throws(ConfigError) {
        for (key, value, line) in try mapping(node, path: section) {
            let path = "\(section).\(key)"
            lines[path] = line
            guard try read(key, value, path) else { throw unknownKey(key, path: section, line: line) }
        }
    }

    func mapping(_ node: Node, path: String) throws(ConfigError) -> [(String, Node, Int?)] {
        guard case .mapping(let mapping) = node else {
            if case .scalar(let scalar) = node, Self.isNull(scalar) { return [] }
            throw error(
                path,
                node.mark.line,
                path.isEmpty ? "the file must be a mapping of keys" : "must be a mapping"
            )
        }
        var entries: [(String, Node, Int?)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else {
                throw error(path, key.mark.line, "keys must be plain strings")
            }
            entries.append((scalar.string, value, key.mark.line))
        }
        return entries
    }

    func scalar(_ node: Node, path: String, expected: String) throws(ConfigError) -> Node.Scalar {
        guard case .scalar(let scalar) = node else { throw error(path, node.mark.line, "must be \(expected)") }
        return scalar
    }

    func string(_ node: Node, path: String) throws(ConfigError) -> String {
        let value = try scalar(node, path: path, expected: "a string")
        if Self.isNull(value) { return "" }
        return value.string
    }

    func number(_ node: Node, path: String, range: ClosedRange<Double>) throws(ConfigError) -> Double {
        let value = try scalar(node, path: path, expected: "a number")
        guard value.style == .plain, let number = Double(value.string), number.isFinite,
            value.string.allSatisfy({ $0.isNumber || "+-.eE".contains($0) })
        else {
            throw error(path, node.mark.line, "must be a number, got \"\(value.string)\"")
        }
        guard range.contains(number) else {
            throw error(
                path,
                node.mark.line,
                "must be between \(NumberFormat.json(range.lowerBound)) and \(NumberFormat.json(range.upperBound)), got \(value.string)"
            )
        }
        return number
    }

    private func duration(_ node: Node, path: String) throws(ConfigError) -> Duration {
        let value = try scalar(node, path: path, expected: "a duration")
        guard let duration = DurationParser.parse(value.string) else {
            throw error(
                path,
                node.mark.line,
                "must be a duration such as 10s, 500ms, 2m or a number of seconds, got \"\(value.string)\""
            )
        }
        guard duration > .zero else { throw error(path, node.mark.line, "must be greater than 0") }
        return duration
    }

    private func refresh(_ node: Node, path: String) throws(ConfigError) -> RefreshPolicy {
        let value = try scalar(node, path: path, expected: "auto, every_tick or a duration")
        guard let policy = RefreshPolicy(parsing: value.string) else {
            throw error(
                path,
                node.mark.line,
                "must be auto, every_tick or a duration such as 15m, got \"\(value.string)\""
            )
        }
        return policy
    }

    func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: Node,
        path: String
    ) throws(ConfigError)
        -> Choice where Choice.RawValue == String
    {
        let value = try scalar(node, path: path, expected: "a string")
        guard let choice = Choice(rawValue: value.string) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw error(path, node.mark.line, "must be one of \(allowed), got \"\(value.string)\"")
        }
        return choice
    }

    static func isNull(_ scalar: Node.Scalar) -> Bool {
        scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    // MARK: - Errors

    func error(_ path: String, _ line: Int?, _ message: String) -> ConfigError {
        ConfigError(file: file, keyPath: path, line: line, message: message)
    }

    func unknownKey(_ key: String, path: String, line: Int?) -> ConfigError {
        ConfigError(file: file, keyPath: path.isEmpty ? key : "\(path).\(key)", line: line, message: "unknown key")
    }

    static func describe(_ error: YAMLError, file: String) -> ConfigError {
        let message =
            switch error.kind {
            case .duplicateKey: "duplicate key"
            case .reader: "cannot read: \(error.problem)"
            default: "invalid YAML: \(error.problem)" + (error.context.map { " (\($0))" } ?? "")
            }
        return ConfigError(file: file, keyPath: error.keyPath, line: error.mark?.line, message: message)
    }
}
