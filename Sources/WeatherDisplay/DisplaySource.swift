import WeatherCore

/// Where a reader takes its display settings from (docs/forecast.md "Where the text comes from"): the text from
/// `--text`, else from the configuration when the reader could read it, else from `daemon.display` in
/// the state file (the daemon writes its settings there, since /etc/weatherd may be unreadable to a
/// bar's user), else the default; the icons, the clock and the air quality scale from the configuration,
/// else the state file, else the defaults.
public struct DisplaySource: Sendable {
    /// `--text`, parsed.
    public var text: Template?
    /// The configuration's `display` section, when the reader could read the configuration file.
    public var configuration: DisplaySettings?

    /// A source.
    public init(text: Template? = nil, configuration: DisplaySettings? = nil) {
        self.text = text
        self.configuration = configuration
    }

    /// The style for a state file that carries `written` (its `daemon.display`; nil in files of earlier
    /// versions). A text that does not parse is passed over for the next source.
    public func style(written: DisplaySettings?) -> DisplayStyle {
        let template =
            text ?? configuration.flatMap { try? Template(parsing: $0.text) }
            ?? written.flatMap { try? Template(parsing: $0.text) } ?? .standard
        let settings = configuration ?? written ?? DisplaySettings()
        return DisplayStyle(
            template: template,
            icons: settings.icons,
            clock: settings.clock,
            airQualityScale: settings.airQualityScale
        )
    }
}
