import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import UnixSignals
import WeatherConfiguration
import WeatherCore

/// The daemon as a swift-service-lifecycle `Service`: `run()` has a ``WeatherLoop`` run by a
/// ``LoopRunner`` on the main actor, which hands it its events one at a time — ticks and watchdog deadlines, SIGHUP and
/// SIGUSR1, the ends of fetches and cache writes, graceful shutdown. Fetches are child tasks of `run()` and
/// durable writes run on NIO's blocking-I/O pool, so stopping is cancellation: graceful shutdown cancels
/// the fetch (the HTTP client ends a cancelled request at once) and `run()` waits for the cache write to
/// end, and when the `ServiceGroup`'s maximum graceful shutdown duration cancels `run()` it stops waiting
/// (a cache write stuck on a dying disk is left to its thread; the previous cache stays).
public struct WeatherService: Service {
    fileprivate let configuration: Configuration
    fileprivate let stateFile: StateFile?
    fileprivate let cacheFile: StateFile?
    fileprivate let previousStateFiles: [String]?
    fileprivate let environment: WeatherLoop.Environment
    fileprivate let logger: Logger
    fileprivate let signals: UnixSignalsSequence?
    fileprivate let requestExecutor: (any TaskExecutor)?

    /// A service for `configuration` (see ``WeatherLoop/init(configuration:stateFile:cacheFile:previousStateFiles:environment:)``);
    /// `signals` (trapped before `READY=1`, so none is lost) carries SIGHUP and SIGUSR1. The loop runs on
    /// the main actor, where the environment's timers should fire too (``DispatchTickSource`` on the main
    /// queue). Requests and alert polls run with `requestExecutor` as their task executor preference (the
    /// HTTP client's event loop in `weatherd run`; nil: `run()`'s own).
    public init(
        configuration: Configuration,
        stateFile: StateFile?,
        cacheFile: StateFile? = nil,
        previousStateFiles: [String]? = nil,
        environment: WeatherLoop.Environment,
        logger: Logger,
        signals: UnixSignalsSequence? = nil,
        requestExecutor: (any TaskExecutor)? = nil
    ) {
        self.configuration = configuration
        self.stateFile = stateFile
        self.cacheFile = cacheFile
        self.previousStateFiles = previousStateFiles
        self.environment = environment
        self.logger = logger
        self.signals = signals
        self.requestExecutor = requestExecutor
    }

    /// Where the durable writes block: NIO's shared pool (tests that park a write in a syscall bring their own).
    var threadPool = NIOThreadPool.singleton

    /// Runs the daemon until graceful shutdown (SIGTERM/SIGINT through a `ServiceGroup`) and its stop.
    public func run() async {
        let runner = makeRunner()
        await runner.start()
        await runner.run(signals: signals)
    }

    /// A new loop for this service, with its runner (whose durable writes block a thread of `threadPool`).
    func makeRunner() -> LoopRunner {
        LoopRunner(
            loop: WeatherLoop(
                configuration: configuration,
                stateFile: stateFile,
                cacheFile: cacheFile,
                previousStateFiles: previousStateFiles,
                environment: environment
            ),
            logger: logger,
            threadPool: threadPool,
            requestExecutor: requestExecutor
        )
    }
}

/// The service's name in swift-service-lifecycle's logs. `ServiceGroupConfiguration` makes it with
/// `"\(service)"`; without a description of its own that is Swift's reflection over every stored property
/// (the configuration, the environment's closures, the logger), a dynamic cast per value, each a scan of
/// the binary's 7,000 protocol conformances: 47 of the 109 million instructions from exec to READY=1
/// (callgrind).
extension WeatherService: CustomStringConvertible {
    public var description: String { "WeatherService" }
}
