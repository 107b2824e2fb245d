import Logging
import StateStore
import WeatherCore
import WeatherDisplay

/// What the previous run left (docs/state-file.md, "Files" and "Upgrading from an earlier version"): the
/// cache, else an earlier state file, taken over and then replaced with a link to the state file.
extension WeatherLoop {
    /// What restoring the previous run asks of the cache.
    enum Restored: Sendable, Equatable {
        /// Nothing to write.
        case unchanged
        /// What was restored changed at once (a saved pause dropped): the cache is written anew.
        case changed
        /// An earlier version's state file at the path was taken over: its data goes into the cache, then
        /// the file becomes a link to the state file.
        case takenOver(String)
    }

    /// Restores what the previous run left (read by the runner, ``PreviousRun``): the cache, else (an
    /// upgrade, or a cache lost) the first earlier state file that held a snapshot; says what was corrupt or
    /// unreadable.
    mutating func restorePreviousState(_ previous: PreviousRun) -> Restored {
        let files = identity.files
        for found in previous.found {
            switch found.outcome {
            case .missing:
                continue
            case .loaded(let snapshot):
                let changed = restore(snapshot, from: found.path, isCache: found.isCache)
                let takenOver =
                    !found.isCache && files.cacheFile != nil && found.path != files.stateFile && found.isRegularFile
                return takenOver ? .takenOver(found.path) : changed ? .changed : .unchanged
            case .corrupt(let reason, let movedTo):
                journalCorrupt(found.path, isCache: found.isCache, reason: reason, movedTo: movedTo)
            case .unreadable(let error) where found.isCache:
                // Its data is not replaced by an older file's.
                journal(
                    .error,
                    Catalogue.text("cannot read the cache: {error}", ["error": "\(error)"]),
                    metadata: ["weather.cache_file": "\(found.path)"]
                )
                return .unchanged
            case .unreadable(let error):
                journal(
                    .error,
                    Catalogue.text("cannot read the previous state: {error}", ["error": "\(error)"]),
                    metadata: ["weather.state_file": "\(found.path)"]
                )
            }
        }
        return .unchanged
    }

    /// Journals that the previous cache or state file at `path` was corrupt, and where it was moved aside to.
    private mutating func journalCorrupt(_ path: String, isCache: Bool, reason: String, movedTo: String?) {
        let values: KeyValuePairs = ["reason": reason, "path": movedTo ?? ""]
        let message =
            switch (isCache, movedTo) {
            case (true, nil):
                Catalogue.text("the cache was corrupt ({reason}); moved aside to nowhere: could not rename it", values)
            case (true, _): Catalogue.text("the cache was corrupt ({reason}); moved aside to {path}", values)
            case (false, nil):
                Catalogue.text("state file was corrupt ({reason}); moved aside to nowhere: could not rename it", values)
            case (false, _): Catalogue.text("state file was corrupt ({reason}); moved aside to {path}", values)
            }
        journal(
            .error,
            message,
            metadata: [isCache ? "weather.cache_file" : "weather.state_file": "\(path)"]
        )
    }

    /// Restores `previous`, read from `path`; returns whether what it held changed at once (a saved pause
    /// dropped). A cache that does not say that its run stopped was left by a run that was killed (or
    /// crashed, or lost its power), which may have had a request in flight: that request is counted now,
    /// and reaches the disk with this run's first write of the cache, which is asked for before its first
    /// request.
    private mutating func restore(_ previous: StateSnapshot, from path: String, isCache: Bool) -> Bool {
        let events = planner.restore(from: previous, at: now)
        journal(.info, Catalogue.text("previous state loaded"), metadata: ["weather.previous_state": "\(path)"])
        if isCache, previous.daemon.stoppedAt == nil {
            planner.chargeRequestLostInFlight(at: now)
            journal(
                .notice,
                Catalogue.text(
                    "the previous run did not stop: one request it may have had in flight is counted in the quota windows"
                )
            )
        }
        log(events)
        return events.contains(where: \.changesDurableState)
    }
}
