import StateStore

/// The files of one daemon (docs/state-file.md, "Files"): the state file rewritten every tick, the durable
/// cache and the alerts and geocoding caches beside it, and where an earlier version's state file may be
/// taken over from. The runner reads and writes them; the loop only names them.
public struct DaemonFiles: Sendable, Hashable {
    /// The state file (nil: none, as in some tests).
    public var stateFile: String?
    /// The durable cache (nil: none; the alerts and geocoding caches then sit beside the state file, and
    /// the previous state is read back from the state file).
    public var cacheFile: String?
    /// Where an earlier run's state file may be taken over from when there is no cache, in order.
    public var previousStateFiles: [String]

    /// The files of a daemon; `previousStateFiles` defaults to the state file.
    public init(stateFile: String?, cacheFile: String? = nil, previousStateFiles: [String]? = nil) {
        self.stateFile = stateFile
        self.cacheFile = cacheFile
        self.previousStateFiles = previousStateFiles ?? stateFile.map { [$0] } ?? []
    }

    /// The directory the caches sit in: the durable cache's, else the state file's.
    private var anchor: StateFile? { (cacheFile ?? stateFile).map(StateFile.init(path:)) }

    /// The alerts cache (`alerts.json` beside the durable cache).
    public var alertCache: AlertCache? { anchor.map(AlertCache.init(besideCache:)) }

    /// The geocoding cache (`geocoding.json` beside the durable cache).
    public var geocodingCache: GeocodingCache? { anchor.map(GeocodingCache.init(besideCache:)) }

    /// The path of the file a durable write of `file` goes to.
    public func path(of file: DurableFile) -> String? {
        switch file {
        case .cache: cacheFile
        case .alerts: alertCache?.path
        case .places: geocodingCache?.path
        }
    }
}
