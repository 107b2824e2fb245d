import ArgumentParser
import OpenMeteo
import StateStore
import WeatherConfiguration
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
            unless --force. A location whose first source fails is asked of its next one (the sources \
            key). Exits 0 when every location was fetched, 1 when any location has no weather from any \
            source (or when refused), 78 on a bad configuration.
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
        if let notice = common.language.use(configured: config.language) { printError("weatherd: \(notice)") }
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
            printError("weatherd: " + CommandText.apiPaused(until: until, recordedIn: source))
            throw ExitCode(1)
        }
        let httpClient = World.makeHTTPClient(timeout: config.timeout)
        let sourceClient = World.makeAlertHTTPClient()
        let clients = World.makeClients(config, httpClient: httpClient, alertHTTPClient: sourceClient, logger: logger)
        // The daemon's decisions: its planner, with every location due at once (SIGUSR1's refresh), fetches
        // each as the daemon would (LoopRunner.perform, and the fetch a finished one hands on, as the loop
        // starts it) and records what came back through the planner's same `finish`, so that the output is
        // what the state file would say of the weather (`once` polls no warnings and logs no tick). Unlike
        // the daemon, it asks every location once: its requests count in a ledger of its own with no
        // limits, and a 429 or 503 does not hold back the locations after it.
        var settings = config.plannerSettings
        settings.limits = .none
        var planner = Planner(locations: config.locations, settings: settings, seed: .random(in: 0 ... .max))
        // Places a running daemon already resolved; `once` reads the cache but does not write it.
        let places = GeocodingCache(besideCache: cache).load()
        for configured in config.locations where !configured.hasCoordinates {
            if let place = places[GeocodingCache.Query(configured)] { planner.resolve(id: configured.id, to: place) }
        }
        planner.refreshAll()
        // One rotation; a second for the locations whose first source failed, asked of their next source
        // (docs/sources.md).
        for rotation in 0..<2 {
            if rotation == 1 && !planner.failOverFailedLocations(at: World.moment()) { break }
            for _ in config.locations {
                guard let plan = planner.tick(at: World.moment()) else { break }
                var next = plan.queuedFetch
                var air = plan.airFetch
                if case .fetch(let order) = plan.action { next = order }
                // The weather, then the air of the locations that ask for it (docs/air.md), one at a time.
                while next != nil || air != nil {
                    if let order = next {
                        let outcome = await LoopRunner.perform(order, clients: clients)
                        let finished = planner.finish(outcome, at: World.moment())
                        (next, air) = (finished?.next, finished?.nextAir)
                    } else if let order = air {
                        let (result, _) = await LoopRunner.perform(order, provider: clients.airQuality)
                        let finished = planner.finishAir(result, at: World.moment())
                        (next, air) = (finished?.next, finished?.nextAir)
                    }
                    planner.forgetPause()
                }
            }
        }
        try? await httpClient.shutdown()
        try? await sourceClient.shutdown()
        var identity = Planner.Identity(
            pid: Int(getpid()),
            version: WeatherdVersion.current,
            startedAt: started,
            timeout: config.timeout.seconds
        )
        identity.display = config.display
        let snapshot = planner.snapshot(at: World.moment(), identity: identity)
        let now = World.now()
        switch format {
        case .json: print(StateEncoder.encode(snapshot), terminator: "")
        case .text:
            for entry in snapshot.locations {
                print(Report.line(entry))
                if let today = Report.today(entry, now: now, clock: config.display.clock) { print("  " + today) }
                if let air = entry.air { print("  " + AirText.line(air, scale: config.display.airQualityScale)) }
            }
        }
        // A location its first source failed and a later one served was fetched.
        if snapshot.locations.contains(where: { $0.weather == nil || $0.lastError != nil }) {
            throw ExitCode(1)
        }
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
