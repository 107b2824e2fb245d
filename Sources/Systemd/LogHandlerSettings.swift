import Logging

/// What swift-log asks every handler to keep, and weatherd's three handlers keep alike: the handler's own
/// metadata (none at first), the least severe level it logs (`info` at first) and its metadata provider.
public struct LogHandlerSettings: Sendable {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    var metadataProvider: Logger.MetadataProvider?
}

/// A swift-log handler that keeps its ``LogHandlerSettings`` in ``settings``: its `metadata`, `logLevel`,
/// `metadataProvider` and `[metadataKey:]` read and write them there.
public protocol SettingsLogHandler: LogHandler {
    /// The handler's metadata, level and metadata provider.
    var settings: LogHandlerSettings { get set }
}

extension SettingsLogHandler {
    /// Metadata attached to every entry of this handler.
    public var metadata: Logger.Metadata {
        get { settings.metadata }
        set { settings.metadata = newValue }
    }

    /// The least severe level logged.
    public var logLevel: Logger.Level {
        get { settings.logLevel }
        set { settings.logLevel = newValue }
    }

    /// A provider of contextual metadata.
    public var metadataProvider: Logger.MetadataProvider? {
        get { settings.metadataProvider }
        set { settings.metadataProvider = newValue }
    }

    /// Metadata of this handler.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { settings.metadata[key] }
        set { settings.metadata[key] = newValue }
    }
}
