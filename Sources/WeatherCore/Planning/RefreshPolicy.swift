/// When a location's weather is fetched (weatherd.conf(5) `refresh`, docs/fetching.md "When").
public enum RefreshPolicy: Sendable, Hashable, CustomStringConvertible {
    /// When the API can have new data: `observed_at` + the data interval + a spread delay.
    case auto
    /// At every tick (one request per tick: for a self-hosted instance).
    case everyTick
    /// When the last successful fetch is at least this old.
    case every(Duration)

    /// Parses `auto`, `every_tick` or a duration (`15m`, `900`); nil otherwise.
    public init?(parsing text: String) {
        switch text.trimmingWhitespace() {
        case "auto": self = .auto
        case "every_tick": self = .everyTick
        default:
            guard let duration = DurationParser.parse(text), duration > .zero else { return nil }
            self = .every(duration)
        }
    }

    /// `auto`, `every_tick` or the duration as the configuration writes it (`15m`).
    public var description: String {
        switch self {
        case .auto: "auto"
        case .everyTick: "every_tick"
        case .every(let duration): DurationParser.format(duration)
        }
    }
}
