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
        let started = World.now()
        var state = WeatherState(locations: config.locations)
        for (index, location) in config.locations.enumerated() {
            state.ticks += 1
            state.currentLocation = location.id
            state.rotationIndex = index
            do {
                let weather = try await provider.currentWeather(at: location, units: config.units)
                state.recordSuccess(id: location.id, weather: weather, at: World.now())
            } catch {
                state.recordFailure(id: location.id, error: error, at: World.now())
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
