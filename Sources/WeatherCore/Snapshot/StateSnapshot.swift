/// Everything the state file holds (docs/state-file.md, schema_version 1). Pure data; encoding lives in StateStore.
public struct StateSnapshot: Sendable, Hashable {
    /// The schema version this model writes.
    public static let currentSchemaVersion = 1

    /// The schema version of the file.
    public var schemaVersion: Int = StateSnapshot.currentSchemaVersion
    /// When the file was written.
    public var generatedAt: Timestamp
    /// The writing daemon.
    public var daemon: DaemonInfo
    /// The id of the location the last tick showed.
    public var currentLocation: String?
    /// The index *k* of the last tick that showed a location.
    public var rotationIndex: Int?
    /// Every configured location, in configuration order.
    public var locations: [LocationState]

    /// Creates a value from each of its properties.
    public init(
        schemaVersion: Int = StateSnapshot.currentSchemaVersion,
        generatedAt: Timestamp,
        daemon: DaemonInfo,
        currentLocation: String? = nil,
        rotationIndex: Int? = nil,
        locations: [LocationState]
    ) {
        self.schemaVersion = schemaVersion
        self.generatedAt = generatedAt
        self.daemon = daemon
        self.currentLocation = currentLocation
        self.rotationIndex = rotationIndex
        self.locations = locations
    }
}
