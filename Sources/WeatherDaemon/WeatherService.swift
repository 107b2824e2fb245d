import Logging
import ServiceLifecycle
import StateStore
import UnixSignals
import WeatherCore

/// The daemon as a swift-service-lifecycle `Service` (SPEC §4, §7, §8): `run()` owns a ``WeatherLoop``
/// and feeds it one stream of events — ticks and watchdog deadlines (timers that only yield into the
/// stream), SIGHUP and SIGUSR1, the ends of fetches and cache writes, graceful shutdown — one at a time. Fetches and durable writes are child tasks of `run()`, so
/// stopping is cancellation: graceful shutdown cancels the fetch (the HTTP client ends a cancelled
/// request at once) and lets the cache write end, and the `ServiceGroup`'s maximum graceful shutdown
/// duration cancels whatever still runs (a cache write stuck on a dying disk is given up).
public struct WeatherService: Service {
    private let configuration: Configuration
    private let stateFile: StateFile?
    private let cacheFile: StateFile?
    private let previousStateFiles: [String]?
    private let environment: WeatherLoop.Environment
    private let logger: Logger
    private let signals: UnixSignalsSequence?

    /// A service for `configuration` (see ``WeatherLoop/init(configuration:stateFile:cacheFile:previousStateFiles:environment:logger:send:)``);
    /// `signals` (trapped before `READY=1`, so none is lost) carries SIGHUP and SIGUSR1.
    public init(
        configuration: Configuration,
        stateFile: StateFile?,
        cacheFile: StateFile? = nil,
        previousStateFiles: [String]? = nil,
        environment: WeatherLoop.Environment,
        logger: Logger,
        signals: UnixSignalsSequence? = nil
    ) {
        self.configuration = configuration
        self.stateFile = stateFile
        self.cacheFile = cacheFile
        self.previousStateFiles = previousStateFiles
        self.environment = environment
        self.logger = logger
        self.signals = signals
    }

    /// Runs the daemon until graceful shutdown (SIGTERM/SIGINT through a `ServiceGroup`) and its stop.
    public func run() async {
        await runLoop()
    }

    /// The loop. In the daemon Swift's global executor is NIO's event loops (Run.swift), so the loop
    /// runs on the event loop thread its timers fire on, woken by nothing else on a tick that fetches
    /// nothing.
    private func runLoop() async {
        let (events, continuation) = AsyncStream.makeStream(of: ServiceEvent.self)
        let loop = WeatherLoop(
            configuration: configuration,
            stateFile: stateFile,
            cacheFile: cacheFile,
            previousStateFiles: previousStateFiles,
            environment: environment,
            logger: logger,
            send: { continuation.yield($0) }
        )
        continuation.yield(.start)
        let signals = self.signals
        let logger = self.logger
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { background in
                if let signals {
                    background.addTask {
                        for await signal in signals {
                            switch signal {
                            case .sighup: continuation.yield(.reloadRequested)
                            case .sigusr1: continuation.yield(.refreshRequested)
                            default: break
                            }
                        }
                    }
                }
                // Fetches in a group of their own, so stopping cancels them and not the cache write.
                await withDiscardingTaskGroup { fetches in
                    for await event in events {
                        loop.handle(event)
                        for effect in loop.takeEffects() {
                            switch effect {
                            case .fetch(let order, let provider, let geocoder):
                                fetches.addTask {
                                    let outcome = await WeatherLoop.perform(
                                        order,
                                        provider: provider,
                                        geocoder: geocoder
                                    )
                                    continuation.yield(.fetched(order, outcome))
                                }
                            case .writeCache(let snapshot, let file):
                                background.addTask {
                                    let error = await CacheWriter.write(
                                        snapshot,
                                        to: file,
                                        logger: logger,
                                        on: .singleton
                                    )
                                    continuation.yield(.cacheWritten(error))
                                }
                            case .cancelFetch:
                                fetches.cancelAll()
                            }
                        }
                        if loop.isFinished { break }
                    }
                    // Cancelled without a graceful shutdown first (or past its maximum duration): the
                    // loop stops now, so STOPPING=1 and the final state file are not skipped.
                    if !loop.isFinished {
                        loop.handle(.shutdown)
                        _ = loop.takeEffects()
                    }
                }
                continuation.finish()
                background.cancelAll()
            }
        } onGracefulShutdown: {
            continuation.yield(.shutdown)
        }
    }
}
