import Foundation
import Logging
import NIOPosix
import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// A ``WeatherService`` on real files in a temporary directory, with test doubles for what is live — a
/// scripted provider, manual tick and watchdog sources, a recording notifier and logger — for the few tests
/// of the runner's wiring. A test starts `run()`, fires the timers and waits for what a reader would see
/// (``waitUntil(_:_:)``); the loop's decisions are the table tests'.
final class RunnerHarness: Sendable {
    let directory: TemporaryDirectory
    let provider = ScriptedProvider()
    let alerts = ScriptedAlertPoller()
    let notifier: RecordingNotifier
    let ticks = ManualTickSource()
    let watchdogTicks = ManualTickSource()
    let log = LogRecorder()
    let files: DaemonFiles
    let configuration: Configuration
    /// What reading the configuration again gives (SIGHUP); nil: the configuration the harness began with.
    let configurationRead = Locked<Result<Configuration, ConfigError>?>(nil)
    /// How often the clients were built (once at the start, again at each configuration read).
    let clientsMade = Locked(0)
    /// Whether the state file existed at each `READY=1`.
    let seenAtReady = Locked<[Bool]>([])

    init(
        locations: [Location] = [LoopDriver.berlin, LoopDriver.london, LoopDriver.newYork],
        statePath: String = "run/state.json",
        cachePath: String = "lib/cache.json",
        previousStateFiles: [String]? = nil,
        directory: TemporaryDirectory = TemporaryDirectory("weatherd-runner"),
        configure: (inout Configuration) -> Void = { _ in }
    ) {
        self.directory = directory
        var configuration = Configuration()
        configuration.locations = locations
        configuration.refresh = .everyTick
        configuration.api.baseURL = "http://127.0.0.1:9"
        configuration.alerts.enabled = false
        configure(&configuration)
        self.configuration = configuration
        files = DaemonFiles(
            stateFile: directory.file(statePath),
            cacheFile: directory.file(cachePath),
            previousStateFiles: previousStateFiles
        )
        for path in [files.stateFile!, files.cacheFile!] {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true
            )
        }
        let seenAtReady = seenAtReady
        let state = files.stateFile!
        notifier = RecordingNotifier(onReady: {
            let exists = FileManager.default.fileExists(atPath: state)
            seenAtReady.withLock { $0.append(exists) }
        })
    }

    /// The service on these files and doubles; durable writes block a thread of `threadPool`.
    func service(threadPool: NIOThreadPool = .singleton) -> WeatherService {
        WeatherService(
            configuration: configuration,
            files: files,
            pid: LoopDriver.pid,
            version: LoopDriver.version,
            seed: 42,
            environment: environment,
            logger: log.logger(),
            threadPool: threadPool
        )
    }

    /// The runner's environment: these doubles, the wall clock, the configuration read.
    var environment: LoopRunner.Environment {
        let (provider, alerts, clientsMade) = (provider, alerts, clientsMade)
        let (configuration, configurationRead) = (configuration, configurationRead)
        return LoopRunner.Environment(
            makeClients: { _ in
                clientsMade.withLock { $0 += 1 }
                return LoopRunner.Clients(weather: [.openMeteo: provider], geocoder: nil, alerts: alerts)
            },
            notifier: notifier,
            ticks: ticks,
            watchdogTicks: watchdogTicks,
            now: { Moment(wall: Timestamp(secondsSinceEpoch: Date().timeIntervalSince1970), uptime: 1000) },
            loadConfiguration: { () throws(ConfigError) -> Configuration in
                try configurationRead.value?.get() ?? configuration
            }
        )
    }

    /// The state file as a reader sees it.
    func readState() throws -> StateSnapshot {
        try StateFile(path: files.stateFile!).read()
    }

    /// Waits (at most `timeout`) until `condition` holds; returns whether it did.
    @discardableResult
    func waitUntil(_ timeout: Duration = .seconds(5), _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
