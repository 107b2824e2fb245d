import ArgumentParser
import OpenMeteo
import StateStore
import WeatherCore
import WeatherDaemon
import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// `weatherd once`: fetch every location once, print, exit.
struct Once: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fetch every configured location once, print the weather and exit.",
        discussion: """
            Fetches whatever the refresh policy, without counting in the daemon's quota ledger. While the \
            daemon's cache (else the state file) records a pause of the API (after a 429 or 503), refuses \
            unless --force. Exits 0 when every fetch succeeded, 1 when any failed (or when refused), 78 on a \
            bad configuration.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var runtime: RuntimeOptions

    @Option(name: .long, help: "Output format: text or json (the state file's schema).")
    var format: TextOrJSON = .text

    @Flag(name: .long, help: "Fetch even while the daemon's cache or state file records a pause of the API.")
    var force = false

    func run() async throws {
        let config = try common.loadConfiguration(runtime)
        var logger = World.makeLogger(
            target: runtime.logTarget == .auto ? .stderr : runtime.logTarget,
            level: runtime.logLevel
        )
        logger.logLevel = max(runtime.logLevel, .warning)
        let cache = StateFile(path: World.cacheFilePath(config))
        let stateFile = StateFile(path: World.stateFilePath(config))
        let started = World.now()
        // The cache is the daemon's durable record; without one, an earlier version's state file.
        if !force, let (until, source) = Self.pause(recordedIn: [cache, stateFile]) {
            printError(
                "weatherd: the API is paused until \(until.rfc3339) (the daemon got HTTP 429 or 503; "
                    + "see \(source)); not fetching. --force fetches anyway."
            )
            throw ExitCode(1)
        }
        let httpClient = World.makeHTTPClient(timeout: config.timeout)
        let provider = World.makeProvider(config, httpClient: httpClient, logger: logger)
        let geocoder = World.makeGeocoder(config, httpClient: httpClient, logger: logger)
        // Places a running daemon already resolved; `once` reads the cache but does not write it.
        let places = GeocodingCache(besideCache: cache).load()
        var entries: [LocationState] = []
        var requests = 0
        for configured in config.locations {
            var entry = LocationState(location: configured, status: .pending)
            do throws(FetchError) {
                if !configured.hasCoordinates {
                    let place: Place
                    if let cached = places[GeocodingCache.Query(configured)] {
                        place = cached
                    } else {
                        requests += 1
                        place = try await geocoder.place(named: configured.name, countryCode: configured.countryCode)
                    }
                    entry.location = configured.resolved(latitude: place.latitude, longitude: place.longitude)
                }
                requests += 1
                // The blocks are stamped with the time their request was sent, as the daemon stamps them.
                let sentAt = World.now()
                let forecast = try await provider.forecast(
                    at: entry.location,
                    units: config.units,
                    blocks: config.forecast.everyBlock
                )
                entry.weather = forecast.weather
                var known = LocationForecast()
                known.take(forecast, at: sentAt, wall: World.now())
                let shown = known.window(
                    at: World.now(),
                    settings: config.forecast,
                    utcOffsetSeconds: forecast.weather.utcOffsetSeconds
                )
                entry.today = shown.daily.first
                entry.forecast = shown
                entry.fetchedAt = World.now()
            } catch {
                entry.lastError = ErrorRecord(error, at: World.now())
            }
            entry.status = LocationStatus.judge(
                weather: entry.weather,
                lastError: entry.lastError,
                staleAfter: config.staleAfter.seconds,
                at: World.now()
            )
            entries.append(entry)
        }
        try? await httpClient.shutdown()
        let failed = entries.filter { $0.lastError != nil }.count
        let now = World.now()
        var daemon = DaemonInfo(
            pid: Int(getpid()),
            version: WeatherdVersion.current,
            startedAt: started,
            intervalSeconds: config.interval.seconds,
            timeoutSeconds: config.timeout.seconds,
            staleAfterSeconds: config.staleAfter.seconds,
            refresh: config.refresh.description,
            ticks: entries.count,
            ticksFetched: entries.count,
            fetchesOK: entries.count - failed,
            fetchesFailed: failed,
            requests: requests,
            quota: QuotaReport(QuotaLedger(), limits: config.limits, at: now)
        )
        daemon.display = config.display
        let snapshot = StateSnapshot(
            generatedAt: now,
            daemon: daemon,
            currentLocation: entries.last?.location.id,
            rotationIndex: entries.isEmpty ? nil : entries.count - 1,
            locations: entries
        )
        switch format {
        case .json: print(StateEncoder.encode(snapshot), terminator: "")
        case .text:
            for entry in snapshot.locations {
                print(Report.line(entry))
                if let today = Report.today(entry, now: now, clock: config.display.clock) { print("  " + today) }
            }
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// The pause the first readable of `files` records, and that file's path, when the pause lies ahead
    /// and within its cause's own limit (docs/fetching.md: the daemon drops one beyond it at start, and so does
    /// `once`).
    static func pause(recordedIn files: [StateFile]) -> (Timestamp, String)? {
        guard let (file, snapshot) = files.lazy.compactMap({ file in (try? file.read()).map { (file, $0) } }).first,
            let until = snapshot.daemon.backoffUntil
        else { return nil }
        let daemon = snapshot.daemon
        var backoff = Backoff()
        let restored = backoff.restore(
            until: until,
            cause: daemon.backoffCause,
            at: World.moment(),
            apiClock: daemon.apiClock
        )
        return restored == .kept ? (until, file.path) : nil
    }
}
