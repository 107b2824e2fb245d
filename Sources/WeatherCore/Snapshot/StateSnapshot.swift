import MemberwiseInit

/// Everything the state file holds (docs/state-file.md, schema_version 1). Pure data; encoding lives in StateStore.
@MemberwiseInit
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
}
