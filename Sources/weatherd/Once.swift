import ArgumentParser
import OpenMeteo
import StateStore
import WeatherCore
import WeatherDaemon

#if canImport(Glibc)
import Glibc
#endif

/// `weatherd once`: fetch every location once, print, exit.
struct Once: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fetch every configured location once, print the weather and exit.",
        discussion: "Exits 0 when every fetch succeeded, 1 when any failed, 78 on a bad configuration."
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var runtime: RuntimeOptions

    @Option(name: .long, help: "Output format: text or json (the state file's schema).")
    var format: TextOrJSON = .text

    func run() async throws {
        let config = try common.loadConfiguration(runtime)
        var logger = World.makeLogger(
            target: runtime.logTarget == .auto ? .stderr : runtime.logTarget,
            level: runtime.logLevel
        )
        logger.logLevel = max(runtime.logLevel, .warning)
        let httpClient = World.makeHTTPClient(timeout: config.timeout)
        let provider = World.makeProvider(config, httpClient: httpClient, logger: logger)
        let geocoder = World.makeGeocoder(config, httpClient: httpClient, logger: logger)
        // Places a running daemon already resolved; `once` reads the cache but does not write it.
        let places = GeocodingCache(besideStateFile: StateFile(path: World.stateFilePath(config))).load()
        let started = World.now()
        var state = WeatherState(locations: config.locations)
        for (index, configured) in config.locations.enumerated() {
            state.ticks += 1
            state.currentLocation = configured.id
            state.rotationIndex = index
            do throws(FetchError) {
                var location = configured
                if !location.hasCoordinates {
                    let key = GeocodingCache.key(name: location.name, countryCode: location.countryCode)
                    let place =
                        if let cached = places[key] { cached } else {
                            try await geocoder.place(named: location.name, countryCode: location.countryCode)
                        }
                    location = location.resolved(latitude: place.latitude, longitude: place.longitude)
                    state.resolve(id: location.id, latitude: place.latitude, longitude: place.longitude)
                }
                let weather = try await provider.currentWeather(at: location, units: config.units)
                state.recordSuccess(id: location.id, weather: weather, at: World.now())
            } catch {
                state.recordFailure(id: configured.id, error: error, at: World.now())
            }
        }
        try? await httpClient.shutdown()
        let snapshot = state.snapshot(
            now: World.now(),
            pid: Int(getpid()),
            version: WeatherdVersion.current,
            startedAt: started,
            interval: config.interval.seconds,
            timeout: config.timeout.seconds,
            staleAfter: config.staleAfter.seconds,
            backoffUntil: nil
        )
        switch format {
        case .json: print(StateEncoder.encode(snapshot), terminator: "")
        case .text: snapshot.locations.forEach { print(Report.line($0)) }
        }
        if state.fetchesFailed > 0 { throw ExitCode(1) }
    }
}
