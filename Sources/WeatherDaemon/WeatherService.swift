import Logging
import Dispatch
import ServiceLifecycle
import StateStore
import UnixSignals
import WeatherCore

/// The daemon as a swift-service-lifecycle `Service`: `run()` owns a ``WeatherLoop`` on the main actor
/// (``LoopOwner``) and hands it its events one at a time — ticks and watchdog deadlines, SIGHUP and
/// SIGUSR1, the ends of fetches and cache writes, graceful shutdown. Fetches and durable writes are child
/// tasks of `run()`, so stopping is cancellation: graceful shutdown cancels the fetch (the HTTP client
/// ends a cancelled request at once) and lets the cache write end, and the `ServiceGroup`'s maximum
/// graceful shutdown duration cancels whatever still runs (a cache write stuck on a dying disk is given
/// up).
public struct WeatherService: Service {
    fileprivate let configuration: Configuration
    fileprivate let stateFile: StateFile?
    fileprivate let cacheFile: StateFile?
    fileprivate let previousStateFiles: [String]?
    fileprivate let environment: WeatherLoop.Environment
    fileprivate let logger: Logger
    fileprivate let signals: UnixSignalsSequence?

    /// A service for `configuration` (see ``WeatherLoop/init(configuration:stateFile:cacheFile:previousStateFiles:environment:logger:send:)``);
    /// `signals` (trapped before `READY=1`, so none is lost) carries SIGHUP and SIGUSR1. The loop runs on
    /// the main actor, where the environment's timers should fire too (``DispatchTickSource`` on the main
    /// queue).
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
        await LoopOwner().run(self)
    }
}

/// The loop's owner, on the main actor: in `weatherd run` the main thread drains the main queue itself
/// (``MainQueue``), and the timers fire on that queue, so a tick or a watchdog deadline is handled in the
/// timer's handler, on the main thread, with no hop and no thread started. An event from elsewhere (a
/// fetch's end, a signal) is handed to the main queue first. Only when the loop asks for effects (a fetch,
/// a cache write) or has finished is `run()`'s task woken, through an `AsyncStream`, to start them as its
/// child tasks, which run where the task executor preference says (the network's event loop in
/// `weatherd run`).
@MainActor
private final class LoopOwner {
    private var loop: WeatherLoop?
    private var effects: [WeatherLoop.Effect] = []
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>

    nonisolated init() {
        _ = mainQueueKey
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Hands `event` to the loop: at once when called on the main queue (a timer's handler), else
    /// through it.
    nonisolated func receive(_ event: ServiceEvent) {
        if DispatchQueue.getSpecific(key: mainQueueKey) != nil {
            MainActor.assumeIsolated { handle(event) }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { self.handle(event) } }
        }
    }

    private func handle(_ event: ServiceEvent) {
        guard let loop else { return }
        loop.handle(event)
        let asked = loop.takeEffects()
        effects.append(contentsOf: asked)
        if !asked.isEmpty || loop.isFinished { wake.yield() }
    }

    /// The loop, until it has finished (or the task is cancelled).
    func run(_ service: WeatherService) async {
        let loop = WeatherLoop(
            configuration: service.configuration,
            stateFile: service.stateFile,
            cacheFile: service.cacheFile,
            previousStateFiles: service.previousStateFiles,
            environment: service.environment,
            logger: service.logger,
            send: { [self] event in receive(event) }
        )
        self.loop = loop
        let signals = service.signals
        let logger = service.logger
        handle(.start)
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { background in
                if let signals {
                    background.addTask {
                        for await signal in signals {
                            switch signal {
                            case .sighup: self.receive(.reloadRequested)
                            case .sigusr1: self.receive(.refreshRequested)
                            default: break
                            }
                        }
                    }
                }
                // Fetches in a group of their own, so stopping cancels them and not the cache write.
                await withDiscardingTaskGroup { fetches in
                    var iterator = wakes.makeAsyncIterator()
                    repeat {
                        let asked = effects
                        effects.removeAll()
                        for effect in asked {
                            switch effect {
                            case .fetch(let order, let provider, let geocoder):
                                fetches.addTask {
                                    let outcome = await WeatherLoop.perform(
                                        order,
                                        provider: provider,
                                        geocoder: geocoder
                                    )
                                    self.receive(.fetched(order, outcome))
                                }
                            case .writeCache(let snapshot, let file):
                                background.addTask {
                                    let error = await CacheWriter.write(
                                        snapshot,
                                        to: file,
                                        logger: logger,
                                        on: .singleton
                                    )
                                    self.receive(.cacheWritten(error))
                                }
                            case .saveGeocoding(let places, let cache):
                                background.addTask {
                                    await WeatherLoop.save(places, to: cache, logger: logger, on: .singleton)
                                }
                            case .cancelFetch:
                                fetches.cancelAll()
                            }
                        }
                        if loop.isFinished { break }
                    } while await iterator.next(isolation: MainActor.shared) != nil
                    // Cancelled without a graceful shutdown first (or past its maximum duration): the
                    // loop stops now, so STOPPING=1 and the final state file are not skipped.
                    if !loop.isFinished {
                        loop.handle(.shutdown)
                        _ = loop.takeEffects()
                    }
                }
                self.loop = nil
                wake.finish()
                background.cancelAll()
            }
        } onGracefulShutdown: {
            self.receive(.shutdown)
        }
    }
}

/// Marks the main queue, so that ``LoopOwner/receive(_:)`` can tell a timer's handler (already on the
/// main queue) from an event of another thread without a check that traps.
private let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
}()
