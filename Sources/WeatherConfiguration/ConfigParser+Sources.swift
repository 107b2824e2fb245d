import WeatherCore
import YAML

/// The weather sources (docs/sources.md): `sources` (the order tried, also per location), `contact` (in the
/// User-Agent of every source that asks for one) and `met_norway`.
extension ConfigParser {
    /// A list of source names, each known and none twice, at least one.
    func sources(_ node: Node, path: String) throws(ConfigError) -> [WeatherSource] {
        guard case .sequence(let items) = node else {
            throw error(path, node.mark.line, "must be a list of sources, e.g. [open-meteo, met-norway]")
        }
        var sources: [WeatherSource] = []
        for (index, item) in items.enumerated() {
            let source: WeatherSource = try choice(item, path: "\(path)[\(index)]")
            if sources.contains(source) {
                throw error("\(path)[\(index)]", item.mark.line, "\(source.rawValue) is listed twice")
            }
            sources.append(source)
        }
        if sources.isEmpty { throw error(path, node.mark.line, "must name at least one source") }
        return sources
    }

    /// A contact for a User-Agent: one line without parentheses.
    func contact(_ node: Node, path: String) throws(ConfigError) -> String {
        let contact = try string(node, path: path)
        if contact.contains(where: { $0.isNewline || $0 == "(" || $0 == ")" }) {
            throw error(path, node.mark.line, "must be one line without parentheses (it goes in the User-Agent)")
        }
        return contact
    }

    func parseMetNorway(_ node: Node, lines: inout [String: Int]) throws(ConfigError) -> Configuration.MetNorway {
        var metNorway = Configuration.MetNorway()
        try readKeys(of: node, in: "met_norway", notingLinesIn: &lines) { (key, value, path) throws(ConfigError) in
            switch key {
            case "base_url": metNorway.baseURL = try string(value, path: path)
            default: return false
            }
            return true
        }
        return metNorway
    }
}
