import Dispatch
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import UnixSignals
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// The one runner of a ``WeatherLoop``: it owns the live objects the loop names by value — the clients of
/// the APIs and the alert sources, the files, the timers, the journal, systemd's socket — hands the loop its
/// events one at a time, with the time, and carries out the effects it returns. It reads what the previous
/// run left and the configuration on SIGHUP before the loop sees them, and keeps no state of the loop's.
/// Which thread runs what, and why, is docs/threads.md.
///
/// Which way each effect goes (``carryOut(_:)``):
/// - at once, on this thread: timers, notifications, journal entries, the state file and the textfile (with
///   `STATUS=`, and `READY=1` after the first state file written: ``StateOutput``), the link of an earlier
///   state file;
/// - on a thread of NIO's blocking-I/O pool: the durable writes, whose ends come back through the main queue;
/// - to `run`'s task: requests (fetches, alert polls) and their cancellation, run as child tasks on the
///   request executor, whose ends come back through the main queue.
@MainActor
public final class LoopRunner {
    /// The clients of one configuration: built again from each configuration read.
    public struct Clients: Sendable {
        /// The weather sources' clients.
        public var weather: [WeatherSource: any WeatherProviding]
        /// Resolves locations configured by name (nil: such locations fail).
        public var geocoder: (any GeocodingProviding)?
        /// Polls the official warnings (when the configuration has them on).
        public var alerts: any AlertPolling
        /// Asks the air quality (when a location asks for it; nil: its requests fail).
        public var airQuality: (any AirQualityProviding)?

        /// Clients.
        public init(
            weather: [WeatherSource: any WeatherProviding],
            geocoder: (any GeocodingProviding)?,
            alerts: any AlertPolling,
            airQuality: (any AirQualityProviding)? = nil
        ) {
            self.weather = weather
            self.geocoder = geocoder
            self.alerts = alerts
            self.airQuality = airQuality
        }
    }

    /// What the runner needs from the outside world.
    public struct Environment: Sendable {
        /// The clients of a configuration.
        public var makeClients: @Sendable (Configuration) -> Clients
        /// The systemd notifier.
        public var notifier: any ServiceNotifying
        /// The tick source.
        public var ticks: any TickSource
        /// The source of the watchdog's deadlines (every half `WatchdogSec`).
        public var watchdogTicks: any TickSource
        /// Both clocks, read once per event.
        public var now: @Sendable () -> Moment
        /// Reads the configuration again (SIGHUP).
        public var loadConfiguration: @Sendable () throws(ConfigError) -> Configuration

        /// An environment.
        public init(
            makeClients: @escaping @Sendable (Configuration) -> Clients,
            notifier: any ServiceNotifying,
            ticks: any TickSource,
            watchdogTicks: any TickSource,
            now: @escaping @Sendable () -> Moment,
            loadConfiguration: @escaping @Sendable () throws(ConfigError) -> Configuration
        ) {
            self.makeClients = makeClients
            self.notifier = notifier
            self.ticks = ticks
            self.watchdogTicks = watchdogTicks
            self.now = now
            self.loadConfiguration = loadConfiguration
        }
    }

    /// A request for `run`'s task.
    private enum Request {
        case fetch(FetchOrder, Clients)
        case air(AirOrder, (any AirQualityProviding)?)
        case poll(AlertPollOrder, any AlertPolling)
        case cancel
    }

    /// Where `run`'s task is: waiting for work (asleep), or with work noted while it was busy.
    private enum Wake {
        case idle
        case asleep(CheckedContinuation<Void, Never>)
        case pending
    }

    /// Whether `run` has not started yet, runs, or has returned: a request asked for before it starts waits
    /// for it (durable writes start at once); after it returned nothing is started, and the end of a write
    /// still running is not handed on.
    private enum Phase {
        case waiting
        case running
        case ended
    }

    private var loop: WeatherLoop
    private let files: DaemonFiles
    private let environment: Environment
    private var clients: Clients
    private let logger: Logger
    /// Where durable writes block (never the loop's thread).
    private let threadPool: NIOThreadPool
    /// Where requests and alert polls run (their task executor preference; nil: `run`'s own).
    private let requestExecutor: (any TaskExecutor)?
    private var ticker: (any Ticker)?
    private var watchdogTicker: (any Ticker)?
    private var output: StateOutput
    /// Encodes the cache's snapshots that the state file did not just hold, here on the loop's thread, before
    /// the durable write goes to the pool: an encoder value keeps the entries of the locations unchanged
    /// since its previous write; in the state file's words, as the cache often is the state file's text.
    private var cacheEncoder = StateEncoder(text: .inLanguageInUse)
    private var phase = Phase.waiting
    private var wake = Wake.idle
    /// Requests asked for and not started yet.
    private var queued: [Request] = []
    /// Whether the loop said it has finished.
    private var finished = false

    /// A runner of a new loop for `configuration` and `files`, whose durable writes block a thread of
    /// `threadPool` and whose requests and polls run on `requestExecutor`.
    public nonisolated init(
        configuration: Configuration,
        files: DaemonFiles,
        pid: Int,
        version: String,
        seed: UInt64,
        environment: Environment,
        logger: Logger,
        threadPool: NIOThreadPool = .singleton,
        requestExecutor: (any TaskExecutor)? = nil
    ) {
        _ = mainQueueKey
        let identity = WeatherLoop.Identity(
            pid: pid,
            version: version,
            files: files,
            watchdogTimeout: environment.notifier.watchdogTimeout
        )
        self.loop = WeatherLoop(configuration: configuration, identity: identity, seed: seed)
        self.files = files
        self.environment = environment
        self.clients = environment.makeClients(configuration)
        self.logger = logger
        self.threadPool = threadPool
        self.requestExecutor = requestExecutor
        self.output = StateOutput(
            file: files.stateFile.map(StateFile.init(path:)),
            textfile: configuration.prometheusTextfile,
            notifier: environment.notifier,
            logger: logger
        )
    }

    /// Hands `event` to the loop: at once when called on the main queue (a timer's handler), else through it.
    public nonisolated func post(_ event: WeatherLoop.Event) {
        onMainQueue { $0.send(event) }
    }

    /// Runs `body` at once when called on the main queue (a timer's handler), else through it.
    private nonisolated func onMainQueue(_ body: @escaping @MainActor @Sendable (LoopRunner) -> Void) {
        if DispatchQueue.getSpecific(key: mainQueueKey) != nil {
            MainActor.assumeIsolated { body(self) }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { body(self) } }
        }
    }

    /// Starts the loop with what the previous run left, read here.
    public func start() {
        let now = environment.now()
        send(.start(PreviousRun.read(files, at: now.wall)), at: now)
    }

    /// SIGHUP: the configuration read again (with the clients and the textfile it names) for the loop.
    public func reload() {
        let read = Result { () throws(ConfigError) in try environment.loadConfiguration() }
        if case .success(let configuration) = read {
            clients = environment.makeClients(configuration)
            output.textfile = configuration.prometheusTextfile
        }
        send(.reload(read))
    }

    /// Hands `event` to the loop now and carries out what it asks for, in order.
    public func send(_ event: WeatherLoop.Event) {
        send(event, at: environment.now())
    }

    private func send(_ event: WeatherLoop.Event, at now: Moment) {
        for effect in loop.handle(event, at: now) { carryOut(effect) }
    }

    /// Carries out `effect`: at once, or by handing it to a thread of the pool or to `run`'s task.
    private func carryOut(_ effect: WeatherLoop.Effect) {
        switch effect {
        case .startTicks(let interval):
            ticker?.stop()
            ticker = environment.ticks.start(interval: interval) { [self] missed in post(.tick(missed: missed)) }
        case .startWatchdog(let interval):
            watchdogTicker?.stop()
            watchdogTicker = environment.watchdogTicks.start(interval: interval) { [self] _ in post(.watchdog) }
        case .stopTimers:
            ticker?.stop()
            ticker = nil
            watchdogTicker?.stop()
            watchdogTicker = nil
        case .log(let level, let message, let metadata):
            logger.log(level: level, "\(message)", metadata: metadata)
        case .notify(let notification):
            output.notify(notification)
        case .publish(let snapshot, let status):
            // In place: the output's encoder remembers each location's text, not to be copied every tick.
            output.publish(snapshot, status: status)
        case .write(let content):
            startDurableWrite(content)
        case .linkPreviousStateFile(let old):
            // Never a link to nothing: the state file must exist first.
            if output.hasWritten, let state = files.stateFile {
                Self.link(old, to: state, cache: files.cacheFile ?? "", logger: logger)
            }
        case .fetch(let order):
            request(.fetch(order, clients))
        case .fetchAir(let order):
            request(.air(order, clients.airQuality))
        case .poll(let order):
            request(.poll(order, clients.alerts))
        case .cancelRequests:
            request(.cancel)
        case .finished:
            finished = true
            wakeRun()
        }
    }

    private func request(_ request: Request) {
        guard phase != .ended else { return }
        queued.append(request)
        wakeRun()
    }

    /// Runs the durable write of `content` on a thread of the pool and hands its end to the loop through
    /// the main queue, always later, never inside the `send` that asked for it. A pool that is not running
    /// (shut down) ends it at once with `ECANCELED`. A write that blocks for good (a dying disk) holds a
    /// thread of the pool, not `run`: cancelling `run`'s task ends it without waiting for the write.
    private func startDurableWrite(_ content: DurableContent) {
        guard phase != .ended else { return }
        let file = content.file
        let write: @Sendable () -> FileSystemError?
        switch content {
        case .cache(let snapshot, let samePublished):
            guard let cache = files.cacheFile.map(StateFile.init(path:)) else { return }
            let text = (samePublished ? output.takeEncoded() : nil) ?? cacheEncoder.encodedBytes(snapshot)
            let logger = logger
            write = { Self.writeCache(text, to: cache, logger: logger) }
        case .alerts(let memory):
            guard let cache = files.alertCache else { return }
            write = { Self.error { () throws(FileSystemError) in try cache.save(memory) } }
        case .places(let places):
            guard let cache = files.geocodingCache else { return }
            write = { Self.error { () throws(FileSystemError) in try cache.save(places) } }
        }
        let path = files.path(of: file) ?? ""
        threadPool.submit { [self] state in
            let error: FileSystemError? =
                if case .active = state { write() } else {
                    FileSystemError(operation: "write", path: path, errno: ECANCELED)
                }
            DispatchQueue.main.async { MainActor.assumeIsolated { self.ended(.written(file, error)) } }
        }
    }

    /// Writes the cache durably on this thread; a state directory that went missing is created again first.
    private nonisolated static func writeCache(
        _ text: [UInt8],
        to file: StateFile,
        logger: Logger
    ) -> FileSystemError? {
        error { () throws(FileSystemError) in
            if try file.writeRecreatingDirectory(text, durable: true) {
                let message = Catalogue.text("the cache's directory was missing; created it again")
                logger.notice(
                    "\(message)",
                    metadata: ["weather.cache_file": "\(file.path)"]
                )
            }
        }
    }

    /// The error `body` throws, nil when it does not.
    private nonisolated static func error(_ body: () throws(FileSystemError) -> Void) -> FileSystemError? {
        do throws(FileSystemError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The end of a piece of work, handed to the loop unless `run` has returned (a durable write that outlived
    /// it, given up on cancellation, has no one left to tell).
    private func ended(_ event: WeatherLoop.Event) {
        guard phase != .ended else { return }
        send(event)
    }

    /// Tells `run`'s task that there is work to start or that the loop has finished: resumes it if it
    /// sleeps, else it finds the work when it looks next.
    private func wakeRun() {
        guard case .asleep(let continuation) = wake else {
            wake = .pending
            return
        }
        wake = .idle
        continuation.resume()
    }

    /// Waits, on this thread, until ``wakeRun()`` is called (at once if it was called since the last wait);
    /// false when `run`'s task is cancelled. A continuation resumed here, not an `AsyncStream`: the stream's
    /// `next` is not isolated, so each wake hopped off the main actor and back (bench/README.md, "fetch").
    private func nextWork() async -> Bool {
        await withTaskCancellationHandler {
            // Cancelled already: the handler ran first, on this thread, and left the work pending.
            if case .idle = wake { await withCheckedContinuation { wake = .asleep($0) } }
        } onCancel: {
            self.onMainQueue { $0.wakeRun() }
        }
        wake = .idle
        return !Task.isCancelled
    }

    /// Runs the requests the loop asks for until the loop has finished (or the task is cancelled: the loop
    /// then stops at once, so `STOPPING=1` and the final state file are not skipped). SIGHUP and SIGUSR1
    /// from `signals` become reloads and refreshes; graceful shutdown stops the loop.
    public func run(signals: UnixSignalsSequence? = nil) async {
        phase = .running
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { background in
                if let signals {
                    background.addTask {
                        for await signal in signals {
                            switch signal {
                            case .sighup: self.onMainQueue { $0.reload() }
                            case .sigusr1: self.post(.refresh)
                            default: break
                            }
                        }
                    }
                }
                await withDiscardingTaskGroup { requests in
                    repeat {
                        let work = queued
                        queued.removeAll()
                        for request in work {
                            switch request {
                            case .fetch(let order, let clients):
                                requests.addTask(executorPreference: requestExecutor) {
                                    let outcome = await Self.perform(order, clients: clients)
                                    // Through the main queue: awaiting `ended` would hop back here afterwards.
                                    self.onMainQueue { $0.ended(.fetched(order, outcome)) }
                                }
                            case .air(let order, let provider):
                                requests.addTask(executorPreference: requestExecutor) {
                                    let (result, elapsed) = await Self.perform(order, provider: provider)
                                    self.onMainQueue { $0.ended(.airFetched(order, result, elapsed: elapsed)) }
                                }
                            case .poll(let order, let poller):
                                requests.addTask(executorPreference: requestExecutor) {
                                    let outcome = await poller.poll(order)
                                    self.onMainQueue { $0.ended(.polled(order, outcome)) }
                                }
                            case .cancel:
                                requests.cancelAll()
                            }
                        }
                        if finished { break }
                    } while await nextWork()
                    if !finished { send(.shutdown) }
                }
                phase = .ended
                queued.removeAll()
                background.cancelAll()
            }
        } onGracefulShutdown: {
            self.post(.shutdown)
        }
    }
}

/// Marks the main queue, so that ``LoopRunner/post(_:)`` can tell a timer's handler (already on the
/// main queue) from an event of another thread without a check that traps.
private let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
}()
