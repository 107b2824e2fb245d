import ArgumentParser
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import StateStore
import Systemd
import UnixSignals
import WeatherConfiguration
import WeatherCore
import WeatherDaemon

#if canImport(Glibc)
import Glibc
#endif

/// `weatherd run`: the daemon, in the foreground.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the daemon in the foreground (the default).",
        discussion: """
            Exits 0 after SIGTERM or SIGINT, 78 on a bad configuration, 1 on a fatal error. SIGHUP reloads \
            the configuration; SIGUSR1 makes every location due at once.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var runtime: RuntimeOptions

    func run() async throws {
        let config = try common.loadConfiguration(runtime)
        let logger = World.makeLogger(target: runtime.logTarget, level: runtime.logLevel)
        if let notice = common.language.use(configured: config.language) { logger.notice("\(notice)") }
        let stateFile = StateFile(path: World.stateFilePath(config))
        let cacheFile = StateFile(path: World.cacheFilePath(config))
        for file in [stateFile, cacheFile] {
            do {
                try file.createDirectory()
            } catch {
                logger.error("\(error)", metadata: ["weather.file": "\(file.path)"])
            }
        }
        let httpClient = World.makeHTTPClient(timeout: config.timeout)
        let alertHTTPClient = World.makeAlertHTTPClient()
        // Trapped before READY=1, so a SIGHUP right after it is never lost.
        let signals = await UnixSignalsSequence(trapping: .sighup, .sigusr1)
        let loader = common.loader(runtime)
        let service = WeatherService(
            configuration: config,
            files: DaemonFiles(
                stateFile: stateFile.path,
                cacheFile: cacheFile.path,
                previousStateFiles: World.files.previousStateFiles(config)
            ),
            pid: Int(getpid()),
            version: WeatherdVersion.current,
            seed: UInt64.random(in: .min ... .max),
            environment: LoopRunner.Environment(
                makeClients: {
                    World.makeClients($0, httpClient: httpClient, alertHTTPClient: alertHTTPClient, logger: logger)
                },
                notifier: ServiceNotifier(),
                // On the main queue, which the main thread drains (MainQueue): the loop's thread.
                ticks: DispatchTickSource(),
                watchdogTicks: DispatchTickSource(),
                now: World.moment,
                loadConfiguration: { () throws(ConfigError) -> Configuration in try loader.load() }
            ),
            logger: logger,
            signals: signals,
            // The requests run on the HTTP client's event loop (NIO's one, `.singleton`): what the client
            // does for them then happens on its own thread, with no hop.
            requestExecutor: EventLoopTaskExecutor(MultiThreadedEventLoopGroup.singleton.next())
        )
        var groupLogger = logger
        groupLogger.logLevel = .error
        var group = ServiceGroupConfiguration(
            services: [
                .init(service: service, successTerminationBehavior: .gracefullyShutdownGroup)
            ],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: groupLogger
        )
        // The service stops at once unless a cache write hangs (a dying disk); past this, the group cancels
        // it and it stops waiting, so the process exits within docs/service.md's 2 s.
        group.maximumGracefulShutdownDuration = .milliseconds(1500)
        try await ServiceGroup(configuration: group).run()
        try? await httpClient.shutdown()
        try? await alertHTTPClient.shutdown()
    }
}
