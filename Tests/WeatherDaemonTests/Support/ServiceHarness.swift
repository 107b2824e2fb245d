import Foundation
import Logging
import NIOPosix
import StateStore
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport
@testable import WeatherDaemon

/// A ``WeatherLoop`` wired to test doubles — scripted provider, manual tick and watchdog sources,
/// recording notifier and logger, injected clocks, a real state file in a temporary directory — and run
/// by the production ``LoopRunner``, as ``WeatherService/run()`` runs it: the test hands it events (a
/// tick, a watchdog deadline, a reload, the shutdown) and waits for the work they started (fetches,
/// cache writes) to end. Unless a test says otherwise it refreshes `every_tick` (one fetch per tick, so
/// each tick's answer is the script's), with no quota limits.
actor ServiceHarness {
    nonisolated let directory: TemporaryDirectory
    nonisolated let clock = TestClock()
    nonisolated let provider: ScriptedProvider
    nonisolated let notifier: RecordingNotifier
    nonisolated let ticks = ManualTickSource()
    nonisolated let watchdogTicks = ManualTickSource()
    nonisolated let log = LogRecorder()
    nonisolated let stateFile: StateFile
    /// The durable cache, when the harness has one.
    nonisolated let cacheFile: StateFile?
    /// How often the service built a provider (once at init, again on reloads that change the API).
    nonisolated let providersMade = Locked(0)
    /// The loop's configuration and environment, for ``makeService()``.
    nonisolated let configuration: Configuration
    nonisolated let environment: WeatherLoop.Environment
    nonisolated let previousStateFiles: [String]?
    /// What reading the configuration again gives (SIGHUP); nil: the configuration the harness began with.
    nonisolated let configurationRead: Locked<Result<Configuration, ConfigError>?>
    /// Where the cache writes block (a test that parks a write in a syscall brings its own).
    nonisolated let threadPool: NIOThreadPool
    private let runner: LoopRunner
    /// The service whose runner the harness drives (its `run()` makes a loop of its own).
    private nonisolated let service: WeatherService

    static let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    static let london = Location(name: "London", latitude: 51.5074, longitude: -0.1278)
    static let newYork = Location(name: "New York", latitude: 40.7128, longitude: -74.006)
    static let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)

    static let version = "0.1.0-test"
    static let pid = 4242

    /// - Parameters:
    ///   - statePath: the state file, relative to `directory` (default `state.json`).
    ///   - cachePath: the durable cache, relative to `directory` (default `cache.json`); nil for none.
    ///   - previousStateFiles: where an earlier state file is taken over from (default: the state file).
    ///   - directory: reuse a directory (e.g. to restart on a previous state file).
    ///   - alerts: the poller of the official warnings; nil: none are polled.
    init(
        locations: [Location] = [berlin, london, newYork],
        interval: Duration = .seconds(10),
        refresh: RefreshPolicy = .everyTick,
        statePath: String = "state.json",
        cachePath: String? = "cache.json",
        previousStateFiles: [String]? = nil,
        directory: TemporaryDirectory = TemporaryDirectory("weatherd-service"),
        geocoder: ScriptedGeocoder? = nil,
        alerts: ScriptedAlertPoller? = nil,
        watchdog: Duration? = nil,
        seed: UInt64 = 42,
        threadPool: NIOThreadPool = .singleton,
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        self.directory = directory
        self.threadPool = threadPool
        var configuration = Configuration()
        configuration.locations = locations
        configuration.interval = interval
        configuration.refresh = refresh
        configuration.api.baseURL = "http://127.0.0.1:9"
        configure(&configuration)
        let stateFile = StateFile(path: directory.file(statePath))
        self.stateFile = stateFile
        let cacheFile = cachePath.map { StateFile(path: directory.file($0)) }
        self.cacheFile = cacheFile
        let seenAtReady = Locked<[Bool]>([])
        self.seenAtReady = seenAtReady
        let path = stateFile.path
        let onReady: @Sendable () -> Void = {
            let exists = FileManager.default.fileExists(atPath: path)
            seenAtReady.withLock { $0.append(exists) }
        }
        let notifier = RecordingNotifier(onReady: onReady, watchdogTimeout: watchdog)
        self.notifier = notifier
        let clock = self.clock
        let provider = ScriptedProvider(clock: clock)
        self.provider = provider
        let providersMade = self.providersMade
        var makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)?
        if let geocoder {
            makeGeocoder = { _ in geocoder }
        }
        var makeAlertPoller: (@Sendable (Configuration) -> any AlertPolling)?
        if let alerts {
            makeAlertPoller = { _ in alerts }
        }
        let configurationRead = Locked<Result<Configuration, ConfigError>?>(nil)
        let environment = WeatherLoop.Environment(
            makeProvider: { _ in
                providersMade.withLock { $0 += 1 }
                return provider
            },
            makeGeocoder: makeGeocoder,
            makeAlertPoller: makeAlertPoller,
            notifier: notifier,
            ticks: ticks,
            watchdogTicks: watchdogTicks,
            now: { clock.moment },
            pid: Self.pid,
            version: Self.version,
            seed: seed,
            reloadConfiguration: { [configuration, configurationRead] () throws(ConfigError) -> Configuration in
                try configurationRead.value?.get() ?? configuration
            }
        )
        self.environment = environment
        self.configuration = configuration
        self.previousStateFiles = previousStateFiles
        self.configurationRead = configurationRead
        var service = WeatherService(
            configuration: configuration,
            stateFile: stateFile,
            cacheFile: cacheFile,
            previousStateFiles: previousStateFiles,
            environment: environment,
            logger: log.logger()
        )
        service.threadPool = threadPool
        self.service = service
        let runner = service.makeRunner()
        self.runner = runner
        // The runner's work loop, for the harness's life (it ends when the loop has stopped; a harness
        // dropped before that leaves it waiting, with nothing to run).
        Task { await runner.run() }
    }

    /// A ``WeatherService`` (the real `run()`) on the same files, doubles and clocks, for tests of the
    /// wiring; it has a loop of its own.
    nonisolated func makeService() -> WeatherService {
        service
    }

    /// Whether the state file existed at each `READY=1`.
    nonisolated let seenAtReady: Locked<[Bool]>

    /// Hands the loop `event`; the runner starts what it asks for.
    private func send(_ event: ServiceEvent) async {
        await runner.send(event)
    }

    func start() async {
        await runner.start()
    }

    /// One tick, without waiting for its fetch: the tick timer fires (as the real one does, on the main
    /// queue, where the runner's handler hands the loop the tick at once). Nothing happens while the timer
    /// is not running (before the start, after the stop).
    func tickWithoutWaiting(missed: Int = 0) async {
        let ticks = ticks
        await MainActor.run { ticks.fire(missed: missed) }
    }

    /// One tick, then waits until its fetch (and any queued after it) has ended, the state file is
    /// written and so is the cache.
    func tick(missed: Int = 0) async {
        await tickWithoutWaiting(missed: missed)
        await settle()
    }

    /// A watchdog deadline: the watchdog timer fires, if it runs.
    func watchdogDeadline() async {
        let watchdogTicks = watchdogTicks
        await MainActor.run { watchdogTicks.fire() }
    }

    /// Waits until every fetch and cache write started, and every one they started in turn, has ended.
    func settle() async {
        await runner.settle()
    }

    /// Waits until every request started (fetches and alert polls), and every one queued after it, has
    /// ended (not the durable writes).
    func settleFetches() async {
        await runner.settle(requestsOnly: true)
    }

    /// Graceful shutdown: the loop stops, and the harness waits for what it still runs.
    func stop() async {
        await send(.shutdown)
        await settle()
    }

    /// SIGHUP, with the configuration read being `configuration`.
    func reload(_ configuration: Configuration) async {
        configurationRead.withLock { $0 = .success(configuration) }
        await runner.reload()
    }

    /// SIGHUP, with the configuration read being rejected with `error`.
    func rejectReload(_ error: ConfigError) async {
        configurationRead.withLock { $0 = .failure(error) }
        await runner.reload()
    }

    /// SIGUSR1.
    func refreshAll() async {
        await send(.refreshRequested)
    }

    /// Whether the loop has stopped with nothing of its own still running.
    var isFinished: Bool {
        get async { await runner.isFinished }
    }

    /// `seconds` later, one tick.
    func advanceAndTick(seconds: Double = 10) async {
        clock.advance(seconds: seconds)
        await tick()
    }

    /// The state as the loop holds it now.
    func snapshot() async -> StateSnapshot {
        await runner.takeCurrentSnapshot()
    }

    /// The state file as a reader sees it.
    nonisolated func readState() throws -> StateSnapshot {
        try StateFile(path: stateFile.path).read()
    }

    /// The state file as plain JSON.
    nonisolated func readStateJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: stateFile.path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
