import Foundation
import Logging
import StateStore
import Testing
import WeatherCore
import WeatherDaemon

/// A ``WeatherService`` wired to test doubles: scripted provider, manual ticks, recording notifier and
/// logger, injected clocks, and a real state file in a temporary directory. Unless a test says
/// otherwise it refreshes `every_tick` (one fetch per tick, so each tick's answer is the script's), with
/// no quota limits.
final class ServiceHarness: Sendable {
    let directory: TemporaryDirectory
    let clock = TestClock()
    let provider: ScriptedProvider
    let notifier: RecordingNotifier
    let ticks = ManualTickSource()
    let log = LogRecorder()
    let stateFile: StateFile
    /// The durable cache, when the harness has one.
    let cacheFile: StateFile?
    let service: WeatherService
    /// How often the service built a provider (once at init, again on reloads that change the API).
    let providersMade = Locked(0)

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
    init(
        locations: [Location] = [berlin, london, newYork],
        interval: Duration = .seconds(10),
        refresh: RefreshPolicy = .everyTick,
        statePath: String = "state.json",
        cachePath: String? = "cache.json",
        previousStateFiles: [String]? = nil,
        directory: TemporaryDirectory = TemporaryDirectory("weatherd-service"),
        geocoder: ScriptedGeocoder? = nil,
        watchdog: Duration? = nil,
        seed: UInt64 = 42,
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        self.directory = directory
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
        service = WeatherService(
            configuration: configuration,
            stateFile: stateFile,
            cacheFile: cacheFile,
            previousStateFiles: previousStateFiles,
            environment: WeatherService.Environment(
                makeProvider: { _ in
                    providersMade.withLock { $0 += 1 }
                    return provider
                },
                makeGeocoder: makeGeocoder,
                notifier: notifier,
                ticks: ticks,
                now: { clock.moment },
                pid: Self.pid,
                version: Self.version,
                seed: seed
            ),
            logger: log.logger()
        )
    }

    /// Whether the state file existed at each `READY=1`.
    let seenAtReady: Locked<[Bool]>

    func start() async {
        await service.start()
    }

    /// One tick, without waiting for its fetch.
    func tickWithoutWaiting() async {
        await service.tick()
    }

    /// One tick, then waits until its fetch (and any queued after it) has ended and the state file is
    /// written.
    func tick() async {
        await service.tick()
        await service.settle()
    }

    /// `seconds` later, one tick.
    func advanceAndTick(seconds: Double = 10) async {
        clock.advance(seconds: seconds)
        await tick()
    }

    /// The state as the service holds it now.
    func snapshot() async -> StateSnapshot {
        await service.currentSnapshot()
    }

    /// The state file as a reader sees it.
    func readState() throws -> StateSnapshot {
        try StateFile(path: stateFile.path).read()
    }

    /// The state file as plain JSON.
    func readStateJSON() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: stateFile.path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
