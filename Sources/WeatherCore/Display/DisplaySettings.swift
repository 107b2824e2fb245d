/// The `display` section of the configuration (weatherd.conf(5), docs/forecast.md): the bar's text, icons and clock. The
/// daemon writes it into the state file for readers that cannot read the configuration.
public struct DisplaySettings: Sendable, Hashable {
    /// Which icons `{icon}` and the tooltip draw.
    public enum Icons: String, Sendable, CaseIterable {
        /// Unicode emoji (the default).
        case emoji
        /// Nerd Font weather glyphs, day and night forms.
        case nerd
        /// No icons.
        case none
    }

    /// How times of day are written.
    public enum Clock: String, Sendable, CaseIterable {
        /// `14:30`.
        case twentyFourHour = "24h"
        /// `2:30 PM`.
        case twelveHour = "12h"
    }

    /// The default text of the bar.
    public static let defaultText = "{icon} {temperature}{unit} {name}"

    /// The bar's text template.
    public var text: String = DisplaySettings.defaultText
    /// The icons.
    public var icons: Icons = .emoji
    /// The clock.
    public var clock: Clock = .twentyFourHour
    /// The scale of `{aqi}`, the air quality level and its Waybar class (`air_quality.index`, docs/air.md):
    /// kept with the display settings, which the daemon writes into the state file for its readers.
    public var airQualityScale: AirQualityScale = .european

    /// Creates a value from each of its properties.
    public init(
        text: String = DisplaySettings.defaultText,
        icons: Icons = .emoji,
        clock: Clock = .twentyFourHour,
        airQualityScale: AirQualityScale = .european
    ) {
        self.text = text
        self.icons = icons
        self.clock = clock
        self.airQualityScale = airQualityScale
    }
}
