import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import StateStore
import UnixSignals
import WeatherCore

/// The daemon as a swift-service-lifecycle `Service` (SPEC §4, §7, §8): `run()` owns a ``WeatherLoop``
/// on one thread (``LoopThread``) and hands it its events one at a time — ticks and watchdog deadlines,
/// SIGHUP and SIGUSR1, the ends of fetches and cache writes, graceful shutdown. Fetches and durable
/// writes are child tasks of `run()`, so stopping is cancellation: graceful shutdown cancels the fetch
/// (the HTTP client ends a cancelled request at once) and lets the cache write end, and the
/// `ServiceGroup`'s maximum graceful shutdown duration cancels whatever still runs (a cache write stuck
/// on a dying disk is given up).
public struct WeatherService: Service {
    fileprivate let configuration: Configuration
    fileprivate let stateFile: StateFile?
    fileprivate let cacheFile: StateFile?
    fileprivate let previousStateFiles: [String]?
    fileprivate let environment: WeatherLoop.Environment
    fileprivate let logger: Logger
    fileprivate let signals: UnixSignalsSequence?
    private let eventLoop: any EventLoop

    /// A service for `configuration` (see ``WeatherLoop/init(configuration:stateFile:cacheFile:previousStateFiles:environment:logger:send:)``);
    /// `signals` (trapped before `READY=1`, so none is lost) carries SIGHUP and SIGUSR1; the loop runs
    /// on `eventLoop`'s thread, where the environment's timers should fire too.
    public init(
        configuration: Configuration,
        stateFile: StateFile?,
        cacheFile: StateFile? = nil,
        previousStateFiles: [String]? = nil,
        environment: WeatherLoop.Environment,
        logger: Logger,
        signals: UnixSignalsSequence? = nil,
        eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.next()
    ) {
        self.configuration = configuration
        self.stateFile = stateFile
        self.cacheFile = cacheFile
        self.previousStateFiles = previousStateFiles
        self.environment = environment
        self.logger = logger
        self.signals = signals
        self.eventLoop = eventLoop
    }

    /// Runs the daemon until graceful shutdown (SIGTERM/SIGINT through a `ServiceGroup`) and its stop.
    public func run() async {
        await LoopThread(eventLoop: eventLoop).run(self)
    }
}

/// Where the loop runs: an actor whose executor is an NIO event loop (NIO's own `SerialExecutor`), a
/// thread that lives from start to stop, where the tick source's timers fire too. An event that comes
/// on that thread (a tick, a watchdog deadline) is handled there at once, inside the timer's callback
/// (`assumeIsolated`); one from another thread (a fetch's end, a signal) is handed to the event loop
/// first. Only when the loop asks for effects (a fetch, a cache write) or has finished is `run()`'s task
/// woken, through an `AsyncStream`, to start them in its task groups. Measured reason (gdb, strace at
/// 10 s): waking a task for every tick went through Swift's global executor (`AsyncStream.yield` →
/// `swift_task_enqueueGlobal` → `pthread_create`), and libdispatch's worker threads exit after 5 s
/// idle, so every tick made a thread; handled in the timer's callback, a tick that fetches nothing
/// wakes one thread and makes none.
private actor LoopThread {
    let eventLoop: any EventLoop
    private var loop: WeatherLoop?
    private var effects: [WeatherLoop.Effect] = []
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        eventLoop.executor.asUnownedSerialExecutor()
    }

    /// Hands `event` to the loop: at once on the event loop's thread, else through it.
    nonisolated func receive(_ event: ServiceEvent) {
        if eventLoop.inEventLoop {
            assumeIsolated { $0.handle(event) }
        } else {
            eventLoop.execute { self.assumeIsolated { $0.handle(event) } }
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
                            case .cancelFetch:
                                fetches.cancelAll()
                            }
                        }
                        if loop.isFinished { break }
                    } while await iterator.next(isolation: self) != nil
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
