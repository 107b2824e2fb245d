import Foundation
import Logging
import StateStore
import Testing
import WeatherCore
import WeatherDaemon

/// A ``WeatherService`` wired to test doubles: scripted provider, manual ticks, recording notifier and
/// logger, an injected clock, and a real state file in a temporary directory.
final class ServiceHarness: Sendable {
    let directory: TemporaryDirectory
    let provider = ScriptedProvider()
    let notifier: RecordingNotifier
    let ticks = ManualTickSource()
    let clock = TestClock()
    let log = LogRecorder()
    let stateFile: StateFile
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
    ///   - directory: reuse a directory (e.g. to restart on a previous state file).
    init(
        locations: [Location] = [berlin, london, newYork],
        interval: Duration = .seconds(10),
        statePath: String = "state.json",
        directory: TemporaryDirectory = TemporaryDirectory("weatherd-service"),
        geocoder: ScriptedGeocoder? = nil,
        watchdog: Duration? = nil,
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        self.directory = directory
        var configuration = Configuration()
        configuration.locations = locations
        configuration.interval = interval
        configure(&configuration)
        let stateFile = StateFile(path: directory.file(statePath))
        self.stateFile = stateFile
        let seenAtReady = Locked<[Bool]>([])
        self.seenAtReady = seenAtReady
        let path = stateFile.path
        let onReady: @Sendable () -> Void = {
            let exists = FileManager.default.fileExists(atPath: path)
            seenAtReady.withLock { $0.append(exists) }
        }
        let notifier = RecordingNotifier(onReady: onReady, watchdogTimeout: watchdog)
        self.notifier = notifier
        let ticks = self.ticks
        let provider = self.provider
        let providersMade = self.providersMade
        let clock = self.clock
        var makeGeocoder: (@Sendable (Configuration) -> any GeocodingProviding)?
        if let geocoder {
            makeGeocoder = { _ in geocoder }
        }
        service = WeatherService(
            configuration: configuration,
            stateFile: stateFile,
            environment: WeatherService.Environment(
                makeProvider: { _ in
                    providersMade.withLock { $0 += 1 }
                    return provider
                },
                notifier: notifier,
                ticks: ticks,
                now: { clock.now },
                pid: Self.pid,
                version: Self.version,
                makeGeocoder: makeGeocoder
            ),
            logger: log.logger()
        )
    }

    /// Whether the state file existed at each `READY=1` (with `recordStateAtReady`).
    let seenAtReady: Locked<[Bool]>

    /// One tick on the service's queue, without waiting for its fetch.
    func tickWithoutWaiting() {
        service.queue.sync { service.tick() }
    }

    /// One tick, then waits until its fetch (if any) has completed and been recorded.
    func tick() async {
        tickWithoutWaiting()
        await service.drain()
    }

    /// `interval` later, one tick.
    func advanceAndTick(seconds: Double = 10) async {
        clock.advance(seconds: seconds)
        await tick()
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
