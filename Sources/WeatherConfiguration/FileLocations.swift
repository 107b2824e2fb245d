/// Where weatherd's files live (weatherd.conf(5); docs/state-file.md, "Files", "Upgrading from an earlier
/// version" and "Readers").
///
/// The state file changes every tick, so it lives in the runtime directory (tmpfs: a tick writes
/// nothing to the disk); what must survive a restart or a power cut lives in the durable cache in the
/// state directory, with the geocoding cache beside it.
public struct FileLocations: Sendable, Hashable {
    /// The process environment (`RUNTIME_DIRECTORY`, `STATE_DIRECTORY`, `XDG_*`, `HOME`).
    public var environment: [String: String]
    /// Whether the process runs as root.
    public var isRoot: Bool

    /// Creates a value from each of its properties.
    public init(environment: [String: String], isRoot: Bool) {
        self.environment = environment
        self.isRoot = isRoot
    }

    /// The state file when none is configured: `$RUNTIME_DIRECTORY/state.json` (systemd's
    /// `RuntimeDirectory=`), `/run/weatherd/state.json` for root, `$XDG_RUNTIME_DIR/weatherd/state.json`,
    /// else beside the cache.
    public var defaultStateFile: String {
        if let directory = firstDirectory("RUNTIME_DIRECTORY") { return directory + "/state.json" }
        if isRoot { return "/run/weatherd/state.json" }
        if let runtime = absolute("XDG_RUNTIME_DIR") { return runtime + "/weatherd/state.json" }
        return Self.sibling(of: defaultCacheFile, named: "state.json")
    }

    /// The durable cache when none is configured: `$STATE_DIRECTORY/cache.json` (systemd's
    /// `StateDirectory=`), `/var/lib/weatherd/cache.json` for root, else
    /// `$XDG_STATE_HOME/weatherd/cache.json` (`~/.local/state/weatherd/cache.json`).
    public var defaultCacheFile: String {
        if let directory = firstDirectory("STATE_DIRECTORY") { return directory + "/cache.json" }
        if isRoot { return "/var/lib/weatherd/cache.json" }
        if let xdg = absolute("XDG_STATE_HOME") { return xdg + "/weatherd/cache.json" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return home + "/.local/state/weatherd/cache.json"
    }

    /// The state file of `config`: its `state_file`, or the default.
    public func stateFile(_ config: Configuration) -> String {
        config.stateFile ?? defaultStateFile
    }

    /// The durable cache of `config`: its `cache_file`, or the default.
    public func cacheFile(_ config: Configuration) -> String {
        config.cacheFile ?? defaultCacheFile
    }

    /// Where an earlier version's state file may hold the data to take over when there is no cache, most
    /// likely first: the state file itself (a configured path, or one a stopped daemon left in the runtime
    /// directory), then `state.json` beside the cache (the earlier default: `$STATE_DIRECTORY/state.json`,
    /// `/var/lib/weatherd/state.json`, `~/.local/state/weatherd/state.json`).
    public func previousStateFiles(_ config: Configuration) -> [String] {
        let current = stateFile(config)
        let earlier = Self.sibling(of: cacheFile(config), named: "state.json")
        return earlier == current ? [current] : [current, earlier]
    }

    /// The state files a reader without a path looks for, in order: the user's own daemon's, the system
    /// service's, an earlier version's.
    public var readerStateFiles: [String] {
        var paths: [String] = []
        if let runtime = absolute("XDG_RUNTIME_DIR") { paths.append(runtime + "/weatherd/state.json") }
        paths += ["/run/weatherd/state.json", "/var/lib/weatherd/state.json"]
        return paths
    }

    /// The state file a reader without a path reports on when none of ``readerStateFiles`` exists (after
    /// a boot, before the daemon wrote one): that of the daemon whose cache is there — the user's own,
    /// else the system service's — else this process's default. `exists` tells whether a file exists.
    public func readerFallbackStateFile(exists: (String) -> Bool) -> String {
        if exists(defaultCacheFile) { return defaultStateFile }
        if exists("/var/lib/weatherd/cache.json") { return "/run/weatherd/state.json" }
        return defaultStateFile
    }

    /// The caches a reader without a path looks for: the user's own daemon's, the system service's.
    public var readerCacheFiles: [String] {
        let paths = [defaultCacheFile, "/var/lib/weatherd/cache.json"]
        return paths[0] == paths[1] ? [paths[0]] : paths
    }

    /// `name` in the directory of `path`.
    public static func sibling(of path: String, named name: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    /// The first of a ':'-separated list of directories in `variable` (systemd may pass several; the
    /// first is ours), when set.
    private func firstDirectory(_ variable: String) -> String? {
        guard let value = environment[variable], !value.isEmpty else { return nil }
        return value.split(separator: ":").first.map(String.init) ?? value
    }

    /// `variable`'s value when it is an absolute path (the XDG rules ignore relative ones).
    private func absolute(_ variable: String) -> String? {
        guard let value = environment[variable], value.hasPrefix("/") else { return nil }
        return value
    }
}
