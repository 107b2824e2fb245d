import Logging

#if canImport(Glibc)
import Glibc
#endif

/// A swift-log backend for a person at a terminal: one short line per entry, the local time first,
/// then the message and where the weather came from:
///
///     14:05:06  Berlin: 2.0 °C, Slight rain · network
///     14:05:16  London: fetch failed: timed out after 5 s        (yellow)
///
/// Warnings (labelled `warning:`) are yellow, errors (`error:`) bold red, unless `NO_COLOR` is set
/// (https://no-color.org) or `TERM` is `dumb`. The metadata fields, which the journal keeps, are shown
/// only when the level is `debug` or `trace`. The local time comes from
/// `localtime_r` (the system's time zone), not from ICU.
public struct TerminalLogHandler: SettingsLogHandler {
    /// The handler's metadata, level and metadata provider.
    public var settings = LogHandlerSettings()

    private let colors: Bool
    private let fileDescriptor: Int32

    /// Creates a handler writing to `fileDescriptor` (standard error unless told otherwise); `colors`
    /// defaults to what `NO_COLOR` and `TERM` say.
    public init(colors: Bool? = nil, fileDescriptor: Int32 = 2) {
        tzset()
        self.colors = colors ?? Self.colorsWanted(noColor: Self.environment("NO_COLOR"), term: Self.environment("TERM"))
        self.fileDescriptor = fileDescriptor
    }

    /// Whether to colour, given the values of `NO_COLOR` and `TERM`: not when `NO_COLOR` is set to
    /// anything but the empty string, nor for `TERM=dumb`.
    public static func colorsWanted(noColor: String?, term: String?) -> Bool {
        if let noColor, !noColor.isEmpty { return false }
        return term != "dumb"
    }

    /// Writes one line.
    public func log(event: LogEvent) {
        let line = Self.format(
            message: event.message.description,
            level: event.level,
            metadata: mergedMetadata(event.metadata),
            time: Self.localTime(),
            colors: colors,
            showFields: logLevel <= .debug
        )
        StderrLogHandler.write(line + "\n", to: fileDescriptor)
    }

    /// The line for one entry, without its newline.
    static func format(
        message: String,
        level: Logger.Level,
        metadata: Logger.Metadata,
        time: String,
        colors: Bool,
        showFields: Bool
    ) -> String {
        var text = StderrLogHandler.singleLine(message)
        if case .string(let source)? = metadata["weather.source"], source != "none" {
            text += " · \(source)"
            if case .string(let milliseconds)? = metadata["weather.fetch_ms"] { text += " \(milliseconds) ms" }
        }
        if showFields { text += StderrLogHandler.fields(metadata) }
        let label: String
        let color: String
        switch level {
        case .trace, .debug: (label, color) = ("debug: ", "\u{1B}[2m")
        case .info, .notice: (label, color) = ("", "")
        case .warning: (label, color) = ("warning: ", "\u{1B}[33m")
        case .error, .critical: (label, color) = (level == .error ? "error: " : "critical: ", "\u{1B}[1;31m")
        }
        guard colors, !color.isEmpty else { return "\(time)  \(label)\(text)" }
        return "\(time)  \(color)\(label)\(text)\u{1B}[0m"
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `14:05:06` in the system's time zone.
    static func localTime() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "--:--:--" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
