/// The state file's content (docs/state-file.md).
extension Planner {
    /// What the daemon adds to a snapshot: who it is and since when.
    public struct Identity: Sendable, Hashable {
        /// Process id.
        public var pid: Int
        /// weatherd's version.
        public var version: String
        /// When the daemon started.
        public var startedAt: Timestamp
        /// The fetch deadline in seconds.
        public var timeout: Double
        /// The `display` settings, written for readers that cannot read the configuration.
        public var display: DisplaySettings?
        /// The durable cache's path, written for readers that look for the alerts cache beside it; nil
        /// without a cache.
        public var cacheFile: String?
    }

    /// The state file's content at `now`.
    public func snapshot(at now: Moment, identity: Identity) -> StateSnapshot {
        var shown = ShownForecasts()
        return snapshot(at: now, identity: identity, shown: &shown)
    }

    /// The state file's content at `now`, each location's forecast window taken from `shown` while it
    /// holds (and kept there): what the daemon does at every tick.
    public func snapshot(at now: Moment, identity: Identity, shown: inout ShownForecasts) -> StateSnapshot {
        let apiNow = apiTime(at: now)
        var daemon = DaemonInfo(
            pid: identity.pid,
            version: identity.version,
            startedAt: identity.startedAt,
            intervalSeconds: settings.interval,
            timeoutSeconds: identity.timeout,
            staleAfterSeconds: settings.staleAfter,
            refresh: settings.refresh.description,
            ticks: counters.ticks,
            ticksFetched: counters.ticksFetched,
            ticksSkipped: counters.ticksSkipped,
            ticksFromCache: counters.ticksFromCache,
            ticksMissed: counters.ticksMissed,
            fetchesOK: counters.fetchesOK,
            fetchesFailed: counters.fetchesFailed,
            requests: counters.requests,
            backoffUntil: backoff.until?.wall(at: now),
            backoffCause: backoff.cause,
            quota: QuotaReport(ledger, limits: settings.limits, at: apiNow),
            apiClockOffsetSeconds: apiClock.offset,
            apiClockSamples: apiClock.samples
        )
        daemon.sourceRequests = counters.sourceRequests.isEmpty ? nil : counters.sourceRequests
        daemon.display = identity.display
        daemon.cacheFile = identity.cacheFile
        daemon.rainEpisodes = rainEpisodes.isEmpty ? nil : rainEpisodes.sorted()
        shown.forget(allBut: records)
        return StateSnapshot(
            generatedAt: now.wall,
            daemon: daemon,
            currentLocation: currentLocation,
            rotationIndex: rotationIndex,
            locations: records.map { record in
                var state = LocationState(
                    location: record.location,
                    status: LocationStatus.judge(
                        weather: record.weather,
                        lastError: record.lastError,
                        staleAfter: settings.staleAfter,
                        at: apiNow
                    ),
                    fetchedAt: record.fetchedAt,
                    nextRefreshAt: nextRefresh(of: record, at: now),
                    weather: record.weather,
                    today: record.today,
                    forecast: record.forecast.isEmpty
                        ? nil
                        : shown.window(
                            of: record.location.id,
                            record.forecast,
                            at: apiNow,
                            settings: settings.forecast,
                            utcOffsetSeconds: record.weather?.utcOffsetSeconds
                        ),
                    lastError: record.lastError,
                    consecutiveFailures: record.failures
                )
                state.source = record.source
                state.fallbackSince = record.fallbackSince
                state.firstSourceRetryAt = record.firstSourceRetryAt
                state.sourcePause = record.sourcePause.flatMap { $0.until > now.wall ? $0 : nil }
                state.elevation = record.elevation
                state.air = wantsAir(record) ? record.air.air : nil
                return state
            }
        )
    }
}

extension Planner.Identity {
    /// Daemon `pid` of `version`, started at `startedAt`, with a fetch deadline of `timeout` seconds; its
    /// display settings and cache file are set after.
    public init(pid: Int, version: String, startedAt: Timestamp, timeout: Double) {
        self.pid = pid
        self.version = version
        self.startedAt = startedAt
        self.timeout = timeout
    }
}
