import ArgumentParser
import Dispatch
import Logging
import StateStore
import Systemd
import WeatherCore
import WeatherDaemon

#if canImport(Glibc)
import Glibc
#endif

/// `weatherd run`: the daemon, in the foreground.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the daemon in the foreground (the default).",
        discussion: "Exits 0 after SIGTERM or SIGINT, 78 on a bad configuration, 1 on a fatal error. SIGHUP reloads."
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var runtime: RuntimeOptions

    func run() async throws {
        let config = try common.loadConfiguration(runtime)
        let logger = World.makeLogger(target: runtime.logTarget, level: runtime.logLevel)
        let stateFile = StateFile(path: World.stateFilePath(config))
        do {
            try stateFile.createDirectory()
        } catch {
            logger.error("\(error)", metadata: ["weather.state_file": "\(stateFile.path)"])
        }
        let httpClient = World.makeHTTPClient(timeout: config.timeout)
        let notifier = ServiceNotifier()
        let service = WeatherService(
            configuration: config,
            stateFile: stateFile,
            environment: WeatherService.Environment(
                makeProvider: { World.makeProvider($0, httpClient: httpClient, logger: logger) },
                notifier: notifier,
                ticks: DispatchTickSource(),
                now: World.now,
                pid: Int(getpid()),
                version: WeatherdVersion.current,
                makeGeocoder: { World.makeGeocoder($0, httpClient: httpClient, logger: logger) }
            ),
            logger: logger
        )
        let signals = SignalHandler(signals: [SIGTERM, SIGINT, SIGHUP])
        service.start()
        loop: for await signal in signals.stream {
            switch signal {
            case SIGHUP:
                notifier.reloading()
                do {
                    service.reload(try common.loader(runtime).load())
                } catch {
                    service.rejectReload(error)
                }
                notifier.ready(status: nil)
            default:
                break loop
            }
        }
        await service.stop()
        try? await httpClient.shutdown()
    }
}
