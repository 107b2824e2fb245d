/// What the state file shows of one location's warnings (`alerts`, docs/state-file.md): its source, when
/// it last answered, whether it has failed 3 polls in a row, and the warnings in force, most severe first.
public struct LocationAlerts: Sendable, Hashable {
    /// The source polled for the location.
    public var source: Alert.Source
    /// When the source last answered (200 or 304); nil before its first answer.
    public var fetchedAt: Timestamp?
    /// Whether the source's last 3 polls (or more) failed: the warnings shown may be out of date.
    public var stale: Bool
    /// The warnings in force.
    public var items: [Alert]

    /// Creates a value from each of its properties.
    public init(source: Alert.Source, fetchedAt: Timestamp? = nil, stale: Bool, items: [Alert]) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.stale = stale
        self.items = items
    }

    /// The most severe warning in force (the first), if any.
    public var mostSevere: Alert? { items.first }

    /// The failed polls in a row after which a source's warnings are stale.
    public static let staleAfterFailures = 3
}
