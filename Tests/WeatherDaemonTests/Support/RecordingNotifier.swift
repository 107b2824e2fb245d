import Synchronization
import WeatherDaemon

/// A `ServiceNotifying` double that records every call.
final class RecordingNotifier: ServiceNotifying {
    enum Call: Sendable, Equatable {
        case ready(String?)
        case status(String)
        case watchdog
        case stopping
        case reloading
    }

    private let storage = Mutex<[Call]>([])
    /// Runs at every `ready`, e.g. to look at the state file at that moment.
    private let onReady: (@Sendable () -> Void)?

    init(onReady: (@Sendable () -> Void)? = nil, watchdogTimeout: Duration? = nil) {
        self.onReady = onReady
        self.watchdogTimeout = watchdogTimeout
    }

    var calls: [Call] { storage.withLock { $0 } }
    var readyCalls: [String?] {
        calls.compactMap { if case .ready(let status) = $0 { status } else { nil } }
    }
    var statusLines: [String] {
        calls.compactMap { if case .status(let line) = $0 { line } else { nil } }
    }

    let watchdogTimeout: Duration?
    var watchdogPings: Int { calls.filter { $0 == .watchdog }.count }
    func ready(status: String?) {
        onReady?()
        storage.withLock { $0.append(.ready(status)) }
    }
    func status(_ line: String) { storage.withLock { $0.append(.status(line)) } }
    func watchdog() { storage.withLock { $0.append(.watchdog) } }
    func stopping() { storage.withLock { $0.append(.stopping) } }
    func reloading() { storage.withLock { $0.append(.reloading) } }
}
