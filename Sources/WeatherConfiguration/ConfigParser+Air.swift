import WeatherCore
import YAML

/// The `air_quality` section (weatherd.conf(5), docs/air.md); a location's `air_quality: true|false` is read
/// with the other location keys.
extension ConfigParser {
    func parseAirQuality(_ node: Node, into config: inout Configuration, lines: inout [String: Int]) throws(ConfigError)
    {
        try readKeys(of: node, in: "air_quality", notingLinesIn: &lines) { (key, value, path) throws(ConfigError) in
            switch key {
            case "enabled": config.airQuality.enabled = try boolean(value, path: path)
            // With the display settings: the daemon writes those into the state file, for its readers.
            case "index": config.display.airQualityScale = try choice(value, path: path)
            case "base_url": config.airQuality.baseURL = try string(value, path: path)
            default: return false
            }
            return true
        }
    }
}
