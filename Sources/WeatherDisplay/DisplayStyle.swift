import WeatherCore

/// How a reader shows weather (docs/forecast.md): the bar's text template, the icons, the clock.
public struct DisplayStyle: Sendable, Hashable {
    /// The bar's text.
    public var template: Template
    /// The icons.
    public var icons: DisplaySettings.Icons
    /// The clock.
    public var clock: DisplaySettings.Clock
    /// The scale of `{aqi}`, the level and its class (`air_quality.index`).
    public var airQualityScale: AirQualityScale

    /// A style; the defaults are weatherd.conf(5)'s.
    public init(
        template: Template = .standard,
        icons: DisplaySettings.Icons = .emoji,
        clock: DisplaySettings.Clock = .twentyFourHour,
        airQualityScale: AirQualityScale = .european
    ) {
        self.template = template
        self.icons = icons
        self.clock = clock
        self.airQualityScale = airQualityScale
    }

    /// The defaults: `{icon} {temperature}{unit} {name}`, emoji, 24h.
    public static let standard = DisplayStyle()
}
