/// An invalid configuration: which file, which key, which line, and what is wrong. Exit status 78.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or "command line").
    public var file: String
    /// The key path, e.g. `locations[1].latitude`; empty for the whole document.
    public var keyPath: String
    /// The 1-based line, when YAML gives one.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// `config.yaml:12: locations[1].latitude: must be between -90 and 90, got 91`.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        text += ": "
        if !keyPath.isEmpty { text += "\(keyPath): " }
        return text + message
    }
}
