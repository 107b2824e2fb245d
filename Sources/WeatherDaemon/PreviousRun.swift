import StateStore
import WeatherConfiguration
import WeatherCore

/// What the previous run left on the disk (docs/state-file.md, "Files" and "Upgrading from an earlier
/// version"), and where the state file is, read by the loop's runner before the loop starts:
/// ``WeatherLoop`` itself reads no file; it decides what to restore and what to say from what is read here.
public struct PreviousRun: Sendable {
    /// One file looked at for the previous state, with what was found.
    public struct Found: Sendable {
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
    }

    /// The files found, in order (a missing one is left out): the cache, then the earlier state files, up to
    /// the first that held a snapshot. An unreadable cache ends the search (its data is not replaced by an
    /// older file's).
    public var found: [Found] = []
    /// The places found by name before (the geocoding cache).
    public var places: [GeocodingCache.Query: Place] = [:]
    /// What was known of the warnings (the alerts cache), read when alerts are on; empty otherwise (a
    /// reload that turns them on reads it then: ``WeatherLoop/Effect/readConfiguration(alertCache:)``).
    public var alertMemory: AlertPlanner.Memory = AlertPlanner.Memory()
    /// Whether the state file's directory is on tmpfs (read with the rest: nil when the mount table
    /// cannot tell, or there is no state file).
    public var stateFileIsInMemory: Bool?

    /// Creates a value from each of its properties.
    public init(
        found: [Found] = [],
        places: [GeocodingCache.Query: Place] = [:],
        alertMemory: AlertPlanner.Memory = AlertPlanner.Memory(),
        stateFileIsInMemory: Bool? = nil
    ) {
        self.found = found
        self.places = places
        self.alertMemory = alertMemory
        self.stateFileIsInMemory = stateFileIsInMemory
    }

    /// Reads what `loop`'s files hold at `now`: a killed run's temporary state file is removed, a corrupt
    /// cache or state file moved aside.
    @MainActor static func read(for loop: WeatherLoop, at now: Timestamp) -> PreviousRun {
        var run = PreviousRun()
        if let stateFile = loop.stateFile { AtomicFile.removeLeftovers(for: stateFile.path) }
        run.found = findState(cache: loop.cacheFile, earlier: loop.previousStateFiles, at: now)
        run.places = loop.geocodingCache?.load() ?? [:]
        if loop.alertPoller != nil, let alertCache = loop.alertCache { run.alertMemory = alertCache.load() }
        run.stateFileIsInMemory = loop.stateFile?.isInMemory
        return run
    }

    private static func findState(cache: StateFile?, earlier: [String], at now: Timestamp) -> [Found] {
        var found: [Found] = []
        if let cache {
            let outcome = cache.recoverPrevious(now: now)
            switch outcome {
            case .missing: break
            case .loaded, .unreadable:
                return [Found(path: cache.path, isCache: true, outcome: outcome, isRegularFile: true)]
            case .corrupt: found.append(Found(path: cache.path, isCache: true, outcome: outcome, isRegularFile: true))
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
                found.append(Found(path: path, isCache: false, outcome: outcome, isRegularFile: true))
            }
        }
        return found
    }
}
