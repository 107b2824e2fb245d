/// How `weatherd status` judges a snapshot at the time of reading (weatherd(1), docs/state-file.md): by the data and its
/// age, never by the `status` fields written earlier, which were true when the file was written.
extension StateSnapshot {
    /// A location as judged at one moment.
    public enum Verdict: Sendable, Hashable {
        /// Weather no older than `stale_after`, last fetch good.
        case fresh
        /// No weather yet, within the first two rotations after the daemon started.
        case starting
        /// No weather yet after two rotations.
        case overdue
        /// Weather older than `stale_after`.
        case stale
        /// The last fetch failed.
        case failing
    }

    /// The longest time between two writes of a running daemon's state: 3 × interval + timeout.
    public var writeDeadlineSeconds: Double { 3 * daemon.intervalSeconds + daemon.timeoutSeconds }

    /// When a location that never got weather stops counting as starting: two rotations
    /// (2 × N × interval) and one fetch timeout after the daemon started.
    public var startingUntil: Timestamp {
        daemon.startedAt.adding(
            seconds: 2 * Double(locations.count) * daemon.intervalSeconds + daemon.timeoutSeconds
        )
    }

    /// Whether the state is older than ``writeDeadlineSeconds`` at `now`: the daemon is not running.
    public func writtenTooLongAgo(at now: Timestamp) -> Bool {
        now.seconds(since: generatedAt) > writeDeadlineSeconds
    }

    /// The API's time when the reader's clock reads `now`: data ages are measured on the API's clock,
    /// with the offset the daemon found (`daemon.api_clock_offset_seconds`, docs/fetching.md).
    public func apiTime(_ now: Timestamp) -> Timestamp {
        now.adding(seconds: daemon.apiClockOffsetSeconds ?? 0)
    }

    /// The age of `weather` at `now` (the reader's clock), in seconds: now on the API's clock minus
    /// `observed_at`.
    public func dataAge(_ weather: Weather, at now: Timestamp) -> Double {
        apiTime(now).seconds(since: weather.observedAt)
    }

    /// Whether `entry` has weather no older than `stale_after` at `now` (a failing location keeps its
    /// last good weather, which can still be fresh).
    public func hasFreshWeather(_ entry: LocationState, at now: Timestamp) -> Bool {
        guard let weather = entry.weather else { return false }
        return apiTime(now) <= LocationStatus.staleAt(weather, staleAfter: daemon.staleAfterSeconds)
    }

    /// The verdict on `entry` at `now`.
    public func judge(_ entry: LocationState, at now: Timestamp) -> Verdict {
        switch status(of: entry, at: now) {
        case .error: .failing
        case .stale: .stale
        case .ok: .fresh
        case .pending: now > startingUntil ? .overdue : .starting
        }
    }

    /// The `status` of `entry` at `now`, by its data and age alone (``LocationStatus/judge``).
    public func status(of entry: LocationState, at now: Timestamp) -> LocationStatus {
        LocationStatus.judge(
            weather: entry.weather,
            lastError: entry.lastError,
            staleAfter: daemon.staleAfterSeconds,
            at: apiTime(now)
        )
    }

    /// This snapshot with every location's `status` judged again at `now`.
    public func rejudged(at now: Timestamp) -> StateSnapshot {
        var copy = self
        for index in copy.locations.indices {
            copy.locations[index].status = status(of: copy.locations[index], at: now)
        }
        return copy
    }

    /// The first moment after `now` at which the judgement can change with time alone (the state
    /// becomes too old, a location's weather turns stale, a pending location stops counting as
    /// starting); nil when none lies ahead.
    public func nextJudgementChange(after now: Timestamp) -> Timestamp? {
        var moments = [generatedAt.adding(seconds: writeDeadlineSeconds)]
        for entry in locations {
            if let weather = entry.weather {
                let staleAt = LocationStatus.staleAt(weather, staleAfter: daemon.staleAfterSeconds)
                moments.append(staleAt.adding(seconds: -(daemon.apiClockOffsetSeconds ?? 0)))
            } else {
                moments.append(startingUntil)
            }
        }
        return moments.filter { $0 > now }.min()
    }
}
