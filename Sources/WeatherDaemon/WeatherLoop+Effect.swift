import Logging
import StateStore
import WeatherCore
import WeatherDisplay

extension WeatherLoop {
    /// What the loop asks its runner to do: plain data, carried out in order. Timers, journal entries,
    /// notifications and the state file at once, on the loop's thread; durable writes on a thread of their
    /// own and requests as tasks, whose ends come back as events.
    public enum Effect: Sendable, Equatable {
        /// Tick every `interval`, the first tick at once (replacing the running timer, if any).
        case startTicks(every: Duration)
        /// A watchdog deadline every `interval`.
        case startWatchdog(every: Duration)
        /// Stop both timers (stopping).
        case stopTimers
        /// One journal entry.
        case log(Logger.Level, String, metadata: Logger.Metadata)
        /// Tell systemd (`READY=1` only once the state file was written: the runner holds it back until then).
        case notify(ServiceNotification)
        /// Replace the state file (and the Prometheus textfile) with `snapshot`, without `fsync` (tmpfs), and
        /// tell systemd `status` (`READY=1` with it after the first state file written); nil: tell nothing
        /// (the final file, while stopping).
        case publish(StateSnapshot, status: String?)
        /// A durable write; its end comes back as ``Event/written(_:_:)``.
        case write(DurableContent)
        /// Replace an earlier version's state file, whose data the cache now holds, with a link to the
        /// state file.
        case linkPreviousStateFile(String)
        /// A request (a geocoding first, when the order says so); its end comes back as
        /// ``Event/fetched(_:_:)``.
        case fetch(FetchOrder)
        /// An air quality request; its end comes back as ``Event/airFetched(_:_:elapsed:)``.
        case fetchAir(AirOrder)
        /// An alert poll; its end comes back as ``Event/polled(_:_:)``.
        case poll(AlertPollOrder)
        /// Cancel the fetch, the air quality request and the alert polls in flight (stopping).
        case cancelRequests
        /// Nothing the loop started still runs: the runner may return.
        case finished
    }
}

/// One of the files written durably (`fsync`, `rename`, directory `fsync`), off the loop's thread.
public enum DurableFile: Sendable, Hashable {
    /// The durable cache (docs/state-file.md).
    case cache
    /// The alerts cache beside it (docs/alerts.md).
    case alerts
    /// The geocoding cache beside it.
    case places
}

/// What a durable write writes.
public enum DurableContent: Sendable, Equatable {
    /// The cache: a snapshot; `samePublished` when it is the one the state file was just asked to hold,
    /// whose encoded bytes the runner then reuses.
    case cache(StateSnapshot, samePublished: Bool)
    /// What is known of the warnings.
    case alerts(AlertPlanner.Memory)
    /// The places found by name.
    case places([GeocodingCache.Query: Place])

    /// The file it goes to.
    public var file: DurableFile {
        switch self {
        case .cache: .cache
        case .alerts: .alerts
        case .places: .places
        }
    }
}
