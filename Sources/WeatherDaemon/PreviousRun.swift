import StateStore
import WeatherCore

/// What the previous run left on the disk (docs/state-file.md, "Files" and "Upgrading from an earlier
/// version"), read by the runner before the loop starts: ``WeatherLoop`` itself reads no file; it decides
/// what to restore and what to say from what is read here.
public struct PreviousRun: Sendable, Equatable {
    /// One file looked at for the previous state, with what was found.
    public struct Found: Sendable, Equatable {
        /// Its path.
        public var path: String
        /// Whether it is the cache (else an earlier state file).
        public var isCache: Bool
        /// What it held; a corrupt file has been moved aside.
        public var outcome: StateFile.LoadOutcome
        /// Whether it is a regular file (not a link): an earlier version's state file taken over from it
        /// becomes a link to the state file. Looked at only for an earlier state file that held a
        /// snapshot; true for the others.
        public var isRegularFile: Bool

        /// A file looked at.
        public init(path: String, isCache: Bool, outcome: StateFile.LoadOutcome, isRegularFile: Bool = true) {
            self.path = path
            self.isCache = isCache
            self.outcome = outcome
            self.isRegularFile = isRegularFile
        }
    }

    /// The files found, in order (a missing one is left out): the cache, then the earlier state files, up to
    /// the first that held a snapshot. An unreadable cache ends the search (its data is not replaced by an
    /// older file's).
    public var found: [Found] = []
    /// The places found by name before (the geocoding cache).
    public var places: [GeocodingCache.Query: Place] = [:]
    /// What was known of the warnings (the alerts cache), kept for when alerts are on.
    public var alertMemory = AlertPlanner.Memory()
    /// Whether the state file's directory is on tmpfs (nil when the mount table cannot tell, or there is no
    /// state file).
    public var stateFileIsInMemory: Bool?

    /// Nothing: a first start.
    public init() {}

    /// Reads what `files` hold at `now`: a killed run's temporary state file is removed, a corrupt cache or
    /// state file moved aside.
    public static func read(_ files: DaemonFiles, at now: Timestamp) -> PreviousRun {
        var run = PreviousRun()
        let stateFile = files.stateFile.map(StateFile.init(path:))
        if let stateFile { AtomicFile.removeLeftovers(for: stateFile.path) }
        run.found = findState(
            cache: files.cacheFile.map(StateFile.init(path:)),
            earlier: files.previousStateFiles,
            at: now
        )
        run.places = files.geocodingCache?.load() ?? [:]
        run.alertMemory = files.alertCache?.load(at: now) ?? AlertPlanner.Memory()
        run.stateFileIsInMemory = stateFile?.isInMemory
        return run
    }

    private static func findState(cache: StateFile?, earlier: [String], at now: Timestamp) -> [Found] {
        var found: [Found] = []
        if let cache {
            let outcome = cache.recoverPrevious(now: now)
            switch outcome {
            case .missing: break
            case .loaded, .unreadable: return [Found(path: cache.path, isCache: true, outcome: outcome)]
            case .corrupt: found.append(Found(path: cache.path, isCache: true, outcome: outcome))
            }
        }
        for path in earlier {
            let file = StateFile(path: path)
            let outcome = file.recoverPrevious(now: now)
            switch outcome {
            case .missing: continue
            case .loaded:
                found.append(Found(path: path, isCache: false, outcome: outcome, isRegularFile: file.isRegularFile))
                return found
            case .corrupt, .unreadable:
                found.append(Found(path: path, isCache: false, outcome: outcome))
            }
        }
        return found
    }
}
