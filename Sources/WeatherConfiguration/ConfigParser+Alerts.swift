import WeatherCore
import YAML

/// The `alerts` section and a location's `alerts:` key (weatherd.conf(5), docs/alerts.md).
extension ConfigParser {
    func parseAlerts(_ node: Node, lines: inout [String: Int]) throws(ConfigError) -> Configuration.Alerts {
        var alerts = Configuration.Alerts()
        try readKeys(of: node, in: "alerts", notingLinesIn: &lines) { (key, value, path) throws(ConfigError) in
            switch key {
            case "enabled": alerts.enabled = try boolean(value, path: path)
            case "contact": alerts.contact = try contact(value, path: path)
            case "nws_url": alerts.endpoints.nws = try string(value, path: path)
            case "metno_url": alerts.endpoints.metno = try string(value, path: path)
            case "dwd_url": alerts.endpoints.dwd = try string(value, path: path)
            case "meteoalarm_url": alerts.endpoints.meteoalarm = try string(value, path: path)
            default: return false
            }
            return true
        }
        return alerts
    }

    /// `auto | nws | metno | dwd | none | {meteoalarm: {country: france, code: FR123}}`.
    func locationAlerts(_ node: Node, path: String) throws(ConfigError) -> AlertSetting {
        if case .mapping = node {
            var setting: AlertSetting?
            for (key, value, line) in try mapping(node, path: path) {
                guard key == "meteoalarm" else { throw unknownKey(key, path: path, line: line) }
                var country: String?
                var code: String?
                for (inner, innerValue, innerLine) in try mapping(value, path: "\(path).meteoalarm") {
                    switch inner {
                    case "country": country = try string(innerValue, path: "\(path).meteoalarm.country")
                    case "code": code = try string(innerValue, path: "\(path).meteoalarm.code")
                    default: throw unknownKey(inner, path: "\(path).meteoalarm", line: innerLine)
                    }
                }
                let slug = (country ?? "").lowercased()
                guard !slug.isEmpty, slug.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == "-") }) else {
                    throw error(
                        "\(path).meteoalarm.country",
                        value.mark.line,
                        "must name the country's feed in lower case (france, united-kingdom)"
                    )
                }
                if let code, code.isEmpty || code.contains(where: \.isWhitespace) {
                    throw error("\(path).meteoalarm.code", value.mark.line, "must be an area code without spaces")
                }
                setting = .meteoalarm(country: slug, code: code)
            }
            guard let setting else { throw error(path, node.mark.line, "must name a source") }
            return setting
        }
        let word = try string(node, path: path)
        switch word {
        case "auto": return .auto
        case "none": return .none
        case "nws": return .source(.nws)
        case "metno": return .source(.metno)
        case "dwd": return .source(.dwd)
        case "meteoalarm":
            throw error(
                path,
                node.mark.line,
                "meteoalarm needs its country: {meteoalarm: {country: france, code: FR123}}"
            )
        default:
            throw error(
                path,
                node.mark.line,
                "must be one of auto, nws, metno, dwd, none or {meteoalarm: …}, got \"\(word)\""
            )
        }
    }
}
