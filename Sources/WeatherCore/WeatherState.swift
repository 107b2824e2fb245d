/// The daemon's running state: per-location records and counters. A value type with pure transitions,
/// turned into a ``StateSnapshot`` for the state file. Times are passed in, never read.
public struct WeatherState: Sendable {
    /// What is known about one location.
    public struct Record: Sendable, Hashable {
        /// The location as configured.
        public var location: Location
        /// The last good weather.
        public var weather: Weather?
        /// When it was fetched.
        public var fetchedAt: Timestamp?
        /// The last failure, cleared by a success.
        public var lastError: ErrorRecord?
        /// Whether the weather was loaded from a previous run and not refreshed since.
        public var fromPreviousRun = false
    }

    /// Records in configuration order.
    public private(set) var records: [Record]
    /// The rotation over the configured locations.
    public private(set) var rotation: Rotation
    /// Ticks so far.
    public var ticks = 0
    /// Ticks skipped because a fetch was still running.
    public var ticksSkipped = 0
    /// Successful fetches.
    public var fetchesOK = 0
    /// Failed fetches.
    public var fetchesFailed = 0
    /// Ticks served from cache during a backoff.
    public var ticksFromCache = 0
    /// The id of the location the last tick showed.
    public var currentLocation: String?
    /// The index of the last tick that showed a location.
    public var rotationIndex: Int?

    /// Creates the state for `locations`, all pending.
    public init(locations: [Location]) {
        records = locations.map { Record(location: $0) }
        rotation = Rotation(locations: locations)
    }

    /// Replaces the configured locations (a reload), keeping what is known about ids that stay.
    public mutating func configure(locations: [Location]) {
        let known = Dictionary(records.map { ($0.location.id, $0) }, uniquingKeysWith: { first, _ in first })
        records = locations.map { location in
            var record = known[location.id] ?? Record(location: location)
            if record.location != location {
                // Coordinates changed: the old weather belongs to another place.
                let moved =
                    record.location.latitude != location.latitude
                    || record.location.longitude != location.longitude
                record.location = location
                if moved { record = Record(location: location) }
            }
            return record
        }
        rotation = Rotation(locations: locations)
    }

    /// Takes the weather of a previous run for locations that are still configured at the same place;
    /// it is marked stale until refreshed. Counters start anew.
    public mutating func restore(from previous: StateSnapshot) {
        for entry in previous.locations {
            guard let index = records.firstIndex(where: { $0.location.id == entry.location.id }),
                records[index].location.hasCoordinates, entry.location.hasCoordinates,
                records[index].location.isSamePlace(as: entry.location)
            else { continue }
            records[index].weather = entry.weather
            records[index].fetchedAt = entry.fetchedAt
            records[index].fromPreviousRun = entry.weather != nil
        }
    }

    /// Gives the location `id` (configured by name) the coordinates geocoding found.
    public mutating func resolve(id: String, latitude: Double, longitude: Double) {
        update(id) { $0.location = $0.location.resolved(latitude: latitude, longitude: longitude) }
        rotation = Rotation(locations: records.map(\.location))
    }

    /// The record of `id`.
    public func record(id: String) -> Record? {
        records.first { $0.location.id == id }
    }

    /// Records a successful fetch.
    public mutating func recordSuccess(id: String, weather: Weather, at now: Timestamp) {
        fetchesOK += 1
        update(id) {
            $0.weather = weather
            $0.fetchedAt = now
            $0.lastError = nil
            $0.fromPreviousRun = false
        }
    }

    /// Records a failed fetch; the last good weather stays.
    public mutating func recordFailure(id: String, error: FetchError, at now: Timestamp) {
        fetchesFailed += 1
        update(id) { $0.lastError = ErrorRecord(error, at: now) }
    }

    /// The status of a record at `now`.
    public static func status(of record: Record, now: Timestamp, staleAfter: Double) -> LocationStatus {
        if record.lastError != nil { return .error }
        guard record.weather != nil, let fetchedAt = record.fetchedAt else { return .pending }
        if record.fromPreviousRun || now.seconds(since: fetchedAt) > staleAfter { return .stale }
        return .ok
    }

    /// The state file content at `now`.
    public func snapshot(
        now: Timestamp,
        pid: Int,
        version: String,
        startedAt: Timestamp,
        interval: Double,
        timeout: Double,
        staleAfter: Double,
        backoffUntil: Timestamp?
    ) -> StateSnapshot {
        StateSnapshot(
            generatedAt: now,
            daemon: DaemonInfo(
                pid: pid,
                version: version,
                startedAt: startedAt,
                intervalSeconds: interval,
                timeoutSeconds: timeout,
                staleAfterSeconds: staleAfter,
                ticks: ticks,
                ticksSkipped: ticksSkipped,
                fetchesOK: fetchesOK,
                fetchesFailed: fetchesFailed,
                ticksFromCache: ticksFromCache,
                backoffUntil: backoffUntil
            ),
            currentLocation: currentLocation,
            rotationIndex: rotationIndex,
            locations: records.map { record in
                LocationState(
                    location: record.location,
                    status: Self.status(of: record, now: now, staleAfter: staleAfter),
                    fetchedAt: record.fetchedAt,
                    weather: record.weather,
                    lastError: record.lastError
                )
            }
        )
    }

    private mutating func update(_ id: String, _ change: (inout Record) -> Void) {
        guard let index = records.firstIndex(where: { $0.location.id == id }) else { return }
        change(&records[index])
    }
}
