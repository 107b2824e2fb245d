import Logging
import StateStore
import WeatherCore

/// What the previous run left (docs/state-file.md, "Files" and "Upgrading from an earlier version"): the
/// cache, else an earlier state file, taken over and then replaced with a link to the state file.
extension WeatherLoop {
    /// Restores what the previous run left (read by the runner, ``PreviousRun``): the cache, else (an
    /// upgrade, or a cache lost) the first earlier state file that held a snapshot; says what was corrupt or
    /// unreadable. Returns the path of an earlier version's state file that was taken over and should become a
    /// link to the state file.
    func restorePreviousState(_ previous: PreviousRun, at now: Moment) -> String? {
        for found in previous.found {
            switch found.outcome {
            case .missing:
                continue
            case .loaded(let snapshot):
                let takenOver =
                    !found.isCache && cacheFile != nil && found.path != stateFile?.path && found.isRegularFile
                // Taken over, the snapshot goes into the cache at once, on this thread (``Effect/takeOver``): a
                // save of the restore beside it would write the same temporary file from the pool.
                restore(snapshot, from: found.path, isCache: found.isCache, saving: !takenOver, at: now)
                return takenOver ? found.path : nil
            case .corrupt(let reason, let movedTo):
                journalCorrupt(found.path, isCache: found.isCache, reason: reason, movedTo: movedTo)
            case .unreadable(let error) where found.isCache:
                // Its data is not replaced by an older file's.
                journal(.error, "cannot read the cache: \(error)", metadata: ["weather.cache_file": "\(found.path)"])
                return nil
            case .unreadable(let error):
                journal(
                    .error,
                    "cannot read the previous state: \(error)",
                    metadata: ["weather.state_file": "\(found.path)"]
                )
            }
        }
        return nil
    }

    /// Journals that the previous cache or state file at `path` was corrupt, and where it was moved aside to.
    private func journalCorrupt(_ path: String, isCache: Bool, reason: String, movedTo: String?) {
        let what = isCache ? "the cache" : "state file"
        let place = movedTo ?? "nowhere: could not rename it"
        journal(
            .error,
            "\(what) was corrupt (\(reason)); moved aside to \(place)",
            metadata: [isCache ? "weather.cache_file" : "weather.state_file": "\(path)"]
        )
    }

    /// Restores `previous`, read from `path`, and saves the cache when what it held changed at once (and
    /// `saving`). A cache that does not say that its run stopped was left by a run that was killed (or
    /// crashed, or lost its power), which may have had a request in flight: that request is counted now,
    /// and reaches the disk with this run's first write of the cache, which is asked for before its first
    /// request.
    private func restore(_ previous: StateSnapshot, from path: String, isCache: Bool, saving: Bool, at now: Moment) {
        let events = planner.restore(from: previous, at: now)
        journal(.info, "previous state loaded", metadata: ["weather.previous_state": "\(path)"])
        if isCache, previous.daemon.stoppedAt == nil {
            planner.chargeRequestLostInFlight(at: now)
            journal(
                .notice,
                "the previous run did not stop: one request it may have had in flight is counted in the quota windows"
            )
        }
        log(events)
        // A saved pause dropped at start must not come back at the next one.
        if saving, events.contains(where: \.changesDurableState) { saveCache(at: now) }
    }
}
