import Dispatch
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import UnixSignals
import WeatherConfiguration
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// The one runner of a ``WeatherLoop``'s effects, on the main actor: it hands the loop its events one at
/// a time and carries out what the loop asks for. In `weatherd run` the main thread drains the main queue
/// itself (``MainQueue``) and the timers fire on that queue, so a tick or a watchdog deadline is handled
/// in the timer's handler, on the main thread, with no hop and no thread started; an event from elsewhere
/// (a fetch's end, a signal) is handed to the main queue first.
///
/// Timers are started and stopped at once (and, at start, the durable write that takes an earlier
/// version's state file over, before the first tick). Durable writes start at once too, on a thread of
/// NIO's blocking-I/O pool, and their ends come back through the main queue: no task, no hop through the
/// network's event loop. Requests and alert polls are asynchronous, so they run as child tasks of
/// ``run(signals:)``, in a task group that stopping cancels, on the request executor (the network's event
/// loop in `weatherd run`, so the HTTP client's work needs no hop), and their ends come back through the
/// main queue; `run`'s task (on the main queue in `weatherd run`, ``MainQueueTaskExecutor``) waits in a
/// continuation, resumed only when there is such work to start, or when the loop has stopped. Tests
/// drive this same runner with manual timers and an injected clock, and wait for its work with
/// ``settle(requestsOnly:)``.
///
/// Which way each effect goes (``carryOut(_:)``):
/// - at once, on this thread: timers, notify messages, journal entries, the state file (whose end, written or
///   not, is handed back to the loop before the next effect), the link of an earlier state file, the
///   take-over write at start (the one durable write on this thread: before the first tick, once), and
///   the reads the loop asks for (what the previous run left at start, the configuration on SIGHUP), also
///   handed back before the next effect;
/// - on a thread of the blocking-I/O pool: the cache, geocoding and alerts cache writes, whose ends come
///   back through the main queue;
/// - queued for `run`'s task: requests (fetches, alert polls) and their cancellation.
@MainActor
public final class LoopRunner {
    private let loop: WeatherLoop
    private let logger: Logger
    /// Where durable writes block (never the loop's thread).
    private let threadPool: NIOThreadPool
    /// Where requests and alert polls run (their task executor preference; nil: `run`'s own).
    private let requestExecutor: (any TaskExecutor)?
    private var ticker: (any Ticker)?
    private var watchdogTicker: (any Ticker)?
    /// The state file and the textfile, replaced at the end of every tick and fetch on this thread, without
    /// `fsync` (the state file is on tmpfs: a copy in memory and a rename).
    private var output: StateOutput?
    /// Encodes the cache's snapshots that the state file did not just hold (a fetch's result and the stop
    /// take the state file's text: ``StateOutput/takeEncoded()``), here on the loop's thread, before the
    /// durable write goes to the pool: an encoder value keeps the entries of the locations unchanged since
    /// its previous write.
    private var cacheEncoder = StateEncoder()

    /// Whether `run` has not started yet, runs, or has returned: a request or poll asked for before it
    /// starts waits for it (durable writes need no task and start at once); after it returned nothing is
    /// started, and the end of a write still running is not handed on.
    private enum Phase {
        case waiting
        case running
        case ended
    }

    private var phase = Phase.waiting
    /// Requests, polls and cancellations asked for and not started yet.
    private var queued: [WeatherLoop.Effect] = []
    /// `run`'s task while it waits for work (``nextWork()``), and whether work came while it was not
    /// waiting. A continuation resumed here, not an `AsyncStream`: the stream's `next` is not isolated, so
    /// each wake hopped off the main actor onto `run`'s task executor and back, through the main queue each
    /// time. Per fetch (callgrind and strace, every tick a fetch): `MainQueueTaskExecutor.enqueue` 6 times,
    /// now once; the main thread wrote its eventfd 12 times and polled it 8, now 2 and 4; 869,000 → 851,000
    /// instructions.
    private var sleeper: CheckedContinuation<Void, Never>?
    private var workPending = false
    /// Work asked for whose end has not been handled yet, and the requests (fetches and alert polls)
    /// among it.
    private var outstanding = 0
    private var outstandingRequests = 0
    private var waiters: [(requestsOnly: Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// A runner for `loop`, whose durable writes block a thread of `threadPool` and whose requests and polls
    /// run on `requestExecutor`.
    public nonisolated init(
        loop: WeatherLoop,
        logger: Logger,
        threadPool: NIOThreadPool = .singleton,
        requestExecutor: (any TaskExecutor)? = nil
    ) {
        _ = mainQueueKey
        self.loop = loop
        self.logger = logger
        self.threadPool = threadPool
        self.requestExecutor = requestExecutor
        self.output = loop.stateFile.map { StateOutput(file: $0, textfile: nil, logger: logger) }
    }

    /// Hands `event` to the loop: at once when called on the main queue (a timer's handler), else through
    /// it.
    public nonisolated func post(_ event: ServiceEvent) {
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

    /// Starts the loop: it asks for what the previous run left, read here (the loop reads no file).
    public func start() {
        send(.startRequested)
    }

    /// SIGHUP: the loop asks for the configuration again, read here.
    public func reload() {
        send(.reloadRequested)
    }

    /// Hands `event` to the loop now and carries out what it asks for, in order; an effect whose end is an
    /// event at once (a state write) has that event handed to the loop before the effects after it.
    public func send(_ event: ServiceEvent) {
        var effects = loop.handle(event)
        var next = 0
        while next < effects.count {
            let effect = effects[next]
            next += 1
            if let ended = carryOut(effect) { effects.insert(contentsOf: loop.handle(ended), at: next) }
        }
        if loop.isFinished { wakeRun() }
    }

    /// Whether the loop has stopped with nothing it started still running.
    public var isFinished: Bool { loop.isFinished }

    /// The state as the loop holds it now.
    public func takeCurrentSnapshot() -> StateSnapshot { loop.takeCurrentSnapshot() }

    /// Carries out `effect`: at once, or by handing it to `run`'s task; returns the event of its end when
    /// that comes at once.
    private func carryOut(_ effect: WeatherLoop.Effect) -> ServiceEvent? {
        let environment = loop.environment
        switch effect {
        case .notify(let notification):
            notification.send(through: environment.notifier)
        case .log(let level, let message, let metadata):
            logger.log(level: level, "\(message)", metadata: metadata)
        case .writeState(let snapshot, let textfile):
            // In place: the output's encoder remembers each location's text, not to be copied every tick.
            output?.textfile = textfile
            return .stateWritten(output?.write(snapshot) ?? true)
        case .linkPreviousStateFile(let old, let statePath, let cachePath):
            Self.link(old, to: statePath, cache: cachePath, logger: logger)
        case .takeOver(let snapshot, let file, let path):
            // Before the first tick, on this thread: the earlier file becomes a link only once this is written.
            let error = CacheWriter.writeBlocking(cacheEncoder.encodedText(snapshot), to: file, logger: logger)
            return .tookOver(path, error: error)
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
        case .readPreviousRun(let now):
            return .start(PreviousRun.read(for: loop, at: now))
        case .readConfiguration(let alertCache):
            let read = Result { () throws(ConfigError) in try environment.reloadConfiguration() }
            var alertMemory: AlertPlanner.Memory?
            if case .success(let configuration) = read, configuration.alerts.enabled {
                alertMemory = alertCache?.load()
            }
            return .reload(read, alertMemory: alertMemory)
        case .writeCache(let snapshot, let file, let sameAsStateFile):
            let written = sameAsStateFile ? output?.takeEncoded() : nil
            let text = written ?? cacheEncoder.encodedText(snapshot)
            let logger = logger
            startDurableWrite(to: file.path) { skipped in
                .cacheWritten(skipped ?? CacheWriter.writeBlocking(text, to: file, logger: logger))
            }
        case .saveGeocoding(let places, let cache):
            startSave("cannot cache the resolved place", path: cache.path, ending: nil) { try cache.save(places) }
        case .saveAlerts(let memory, let cache):
            startSave("cannot save the alerts cache", path: cache.path, ending: .alertsSaved) { try cache.save(memory) }
        case .fetch, .pollAlerts, .cancelRequests:
            guard phase != .ended else { return nil }
            let isRequest = if case .cancelRequests = effect { false } else { true }
            if isRequest {
                outstanding += 1
                outstandingRequests += 1
            }
            queued.append(effect)
            wakeRun()
        }
        return nil
    }

    /// Runs `write` (of the file at `path`) on a thread of the pool and hands the event it returns to the
    /// loop through the main queue, always later, never inside the `send` that asked for it. A pool that is
    /// not running (shut down, or a test's never started) calls it at once on this thread with the error
    /// `skipped`, and the write, skipped, still ends. A write that blocks for good (a dying disk) holds a
    /// thread of the pool, not `run`: cancelling `run`'s task ends it without waiting for the write.
    private func startDurableWrite(
        to path: String,
        _ write: @escaping @Sendable (_ skipped: FileSystemError?) -> ServiceEvent?
    ) {
        guard phase != .ended else { return }
        outstanding += 1
        threadPool.submit { [self] state in
            let skipped: FileSystemError? =
                if case .active = state { nil } else {
                    FileSystemError(operation: "write", path: path, errno: ECANCELED)
                }
            let event = write(skipped)
            DispatchQueue.main.async { MainActor.assumeIsolated { self.ended(event, request: false) } }
        }
    }

    /// Runs `save` durably on a thread of the pool, logs its failure as `problem: error` (naming the file; a
    /// geocoding save that fails leaves the places in memory, to be saved with the next one found), and
    /// hands `ending` to the loop when it is over.
    private func startSave(
        _ problem: String,
        path: String,
        ending: ServiceEvent?,
        _ save: @escaping @Sendable () throws -> Void
    ) {
        let logger = logger
        startDurableWrite(to: path) { skipped in
            do {
                if let skipped { throw skipped }
                try save()
            } catch {
                logger.error("\(problem): \(error)", metadata: ["weather.file": "\(path)"])
            }
            return ending
        }
    }

    /// The end of a piece of work: its event handed to the loop (what that asks for is counted before
    /// this work stops being), then the waiters told when nothing is left.
    private func ended(_ event: ServiceEvent?, request: Bool) {
        // A durable write that outlived `run` (given up on cancellation) has no one left to tell.
        guard phase != .ended else { return }
        if let event { send(event) }
        outstanding -= 1
        if request { outstandingRequests -= 1 }
        resumeWaiters()
        if loop.isFinished { wakeRun() }
    }

    /// Tells `run`'s task that there is work to start (requests, polls, cancellations) or that the loop has
    /// finished: resumes it if it waits, else it finds the work when it looks next.
    private func wakeRun() {
        guard let sleeper else {
            workPending = true
            return
        }
        self.sleeper = nil
        sleeper.resume()
    }

    /// Waits, on this thread, until ``wakeRun()`` is called (at once if it was called since the last wait);
    /// false when `run`'s task is cancelled.
    private func nextWork() async -> Bool {
        await withTaskCancellationHandler {
            // Cancelled already: the handler ran first, on this thread, and left the work pending.
            if !workPending { await withCheckedContinuation { sleeper = $0 } }
        } onCancel: {
            self.onMainQueue { $0.wakeRun() }
        }
        workPending = false
        return !Task.isCancelled
    }

    private func resumeWaiters() {
        waiters.removeAll { waiter in
            guard outstanding == 0 || (waiter.requestsOnly && outstandingRequests == 0) else { return false }
            waiter.continuation.resume()
            return true
        }
    }

    /// Waits until every request and durable write asked for, and every one asked for at their ends, has
    /// ended (with `requestsOnly`, the requests alone: fetches and alert polls).
    public func settle(requestsOnly: Bool = false) async {
        guard outstanding > 0, !(requestsOnly && outstandingRequests == 0) else { return }
        await withCheckedContinuation { waiters.append((requestsOnly, $0)) }
    }

    /// Runs the work the loop asks for until the loop has finished (or the task is cancelled: the loop
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
                            case .sigusr1: self.post(.refreshRequested)
                            default: break
                            }
                        }
                    }
                }
                await withDiscardingTaskGroup { fetches in
                    repeat {
                        let work = queued
                        queued.removeAll()
                        for effect in work {
                            switch effect {
                            case .fetch(let order, let provider, let geocoder):
                                fetches.addTask(executorPreference: requestExecutor) {
                                    let outcome = await Self.perform(
                                        order,
                                        provider: provider,
                                        geocoder: geocoder
                                    )
                                    // Through the main queue: awaiting `ended` would hop back here afterwards.
                                    self.onMainQueue { $0.ended(.fetched(order, outcome), request: true) }
                                }
                            case .pollAlerts(let order, let poller):
                                fetches.addTask(executorPreference: requestExecutor) {
                                    let outcome = await poller.poll(order)
                                    self.onMainQueue { $0.ended(.alertsPolled(order, outcome), request: true) }
                                }
                            case .cancelRequests:
                                fetches.cancelAll()
                            case .startTicks, .startWatchdog, .stopTimers, .readPreviousRun, .readConfiguration,
                                .notify, .log, .writeState, .linkPreviousStateFile, .takeOver, .writeCache,
                                .saveGeocoding, .saveAlerts:
                                break  // carried out when asked for
                            }
                        }
                        // Finished, with no request, poll or durable write still running.
                        if loop.isFinished && outstanding == 0 { break }
                    } while await nextWork()
                    if !loop.isFinished { send(.shutdown) }
                }
                phase = .ended
                queued.removeAll()
                background.cancelAll()
            }
        } onGracefulShutdown: {
            self.post(.shutdown)
        }
        outstanding = 0
        outstandingRequests = 0
        resumeWaiters()
    }
}

/// Marks the main queue, so that ``LoopRunner/post(_:)`` can tell a timer's handler (already on the
/// main queue) from an event of another thread without a check that traps.
private let mainQueueKey: DispatchSpecificKey<Void> = {
    let key = DispatchSpecificKey<Void>()
    DispatchQueue.main.setSpecific(key: key, value: ())
    return key
}()
