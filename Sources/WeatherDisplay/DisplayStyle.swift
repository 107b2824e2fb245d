import WeatherCore

/// How a reader shows weather (docs/forecast.md): the bar's text template, the icons, the clock.
public struct DisplayStyle: Sendable, Hashable {
    /// The bar's text.
    public var template: Template
    /// The icons.
    public var icons: DisplaySettings.Icons
    /// The clock.
    public var clock: DisplaySettings.Clock

    /// A style; the defaults are weatherd.conf(5)'s.
    public init(
        template: Template = .standard,
        icons: DisplaySettings.Icons = .emoji,
        clock: DisplaySettings.Clock = .twentyFourHour
    ) {
        self.template = template
        self.icons = icons
        self.clock = clock
    }

    /// The defaults: `{icon} {temperature}{unit} {name}`, emoji, 24h.
    public static let standard = DisplayStyle()
}
