import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import UnixSignals
import WeatherConfiguration
import WeatherCore

/// The daemon as a swift-service-lifecycle `Service`: `run()` has a ``LoopRunner`` run a ``WeatherLoop`` on
/// the main actor until graceful shutdown (SIGTERM/SIGINT through a `ServiceGroup`) and its stop. Requests
/// are child tasks of `run()` and durable writes run on NIO's blocking-I/O pool, so stopping is
/// cancellation: graceful shutdown cancels the requests (the HTTP client ends a cancelled request at once)
/// and `run()` waits for the cache write to end, and when the `ServiceGroup`'s maximum graceful shutdown
/// duration cancels `run()` it stops waiting (a cache write stuck on a dying disk is left to its thread;
/// the previous cache stays).
public struct WeatherService: Service {
    private let makeRunner: @Sendable @MainActor () -> LoopRunner
    private let signals: UnixSignalsSequence?

    /// A service for `configuration` and `files` (see ``LoopRunner``); `signals` (trapped before `READY=1`,
    /// so none is lost) carries SIGHUP and SIGUSR1. The environment's timers should fire on the main queue
    /// (``DispatchTickSource``), the loop's thread. Requests and alert polls run with `requestExecutor` as
    /// their task executor preference (the HTTP client's event loop in `weatherd run`; nil: `run()`'s own).
    public init(
        configuration: Configuration,
        files: DaemonFiles,
        pid: Int,
        version: String,
        seed: UInt64,
        environment: LoopRunner.Environment,
        logger: Logger,
        signals: UnixSignalsSequence? = nil,
        threadPool: NIOThreadPool = .singleton,
        requestExecutor: (any TaskExecutor)? = nil
    ) {
        self.makeRunner = {
            LoopRunner(
                configuration: configuration,
                files: files,
                pid: pid,
                version: version,
                seed: seed,
                environment: environment,
                logger: logger,
                threadPool: threadPool,
                requestExecutor: requestExecutor
            )
        }
        self.signals = signals
    }

    /// Runs the daemon until graceful shutdown and its stop.
    public func run() async {
        let runner = await makeRunner()
        await runner.start()
        await runner.run(signals: signals)
    }
}

/// The service's name in swift-service-lifecycle's logs. `ServiceGroupConfiguration` makes it with
/// `"\(service)"`; without a description of its own that is Swift's reflection over every stored property,
/// a dynamic cast per value, each a scan of the binary's 7,000 protocol conformances: 47 of the 109
/// million instructions from exec to READY=1 (callgrind).
extension WeatherService: CustomStringConvertible {
    public var description: String { "WeatherService" }
}
