/// A source that refused a location (MET Norway's 403, identification refused, or 429): it is not asked
/// for that location before `until` (docs/sources.md).
public struct SourcePause: Sendable, Hashable {
    /// The source.
    public var source: WeatherSource
    /// Not before this (the host's wall clock).
    public var until: Timestamp

    /// A pause.
    public init(source: WeatherSource, until: Timestamp) {
        self.source = source
        self.until = until
    }
}
