import WeatherCore
import YAML

// scripts/fuzz compiles the parser and the template into one module of its own.
#if canImport(WeatherDisplay)
import WeatherDisplay
#endif

/// The `forecast` and `display` sections (weatherd.conf(5), docs/forecast.md).
extension ConfigParser {
    func parseForecast(_ node: Node) throws(ConfigError) -> ForecastSettings {
        var forecast = ForecastSettings()
        try readKeys(of: node, in: "forecast") { (key, value, path) throws(ConfigError) in
            switch key {
            case "hours": forecast.hours = try whole(value, path: path, range: ForecastSettings.hourRange)
            case "days": forecast.days = try whole(value, path: path, range: ForecastSettings.dayRange)
            case "nowcast": forecast.nowcast = try boolean(value, path: path)
            default: return false
            }
            return true
        }
        return forecast
    }

    /// The `display` section over `display`: its keys set, the others (and `air_quality.index`, kept there
    /// too) left as they are.
    func parseDisplay(_ node: Node, into display: inout DisplaySettings) throws(ConfigError) {
        try readKeys(of: node, in: "display") { (key, value, path) throws(ConfigError) in
            switch key {
            case "text":
                display.text = try string(value, path: path)
                do throws(TemplateError) {
                    _ = try Template(parsing: display.text)
                } catch {
                    throw self.error(path, value.mark.line, "\(error)")
                }
            case "icons": display.icons = try choice(value, path: path)
            case "clock": display.clock = try choice(value, path: path)
            default: return false
            }
            return true
        }
    }

    private func whole(_ node: Node, path: String, range: ClosedRange<Int>) throws(ConfigError) -> Int {
        let value = try number(node, path: path, range: Double(range.lowerBound)...Double(range.upperBound))
        guard value == value.rounded() else { throw error(path, node.mark.line, "must be a whole number") }
        return Int(value)
    }

    func boolean(_ node: Node, path: String) throws(ConfigError) -> Bool {
        let value = try scalar(node, path: path, expected: "true or false")
        switch value.style == .plain ? value.string : "" {
        case "true", "True", "TRUE", "yes", "on": return true
        case "false", "False", "FALSE", "no", "off": return false
        default: throw error(path, node.mark.line, "must be true or false, got \"\(value.string)\"")
        }
    }
}
