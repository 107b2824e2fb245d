/// The systemd notify protocol as the daemon uses it; the production implementation is libsystemd's.
public protocol ServiceNotifying: Sendable {
    /// `WatchdogSec` when the watchdog is on.
    var watchdogTimeout: Duration? { get }
    /// `READY=1` with a status line.
    func ready(status: String?)
    /// `STATUS=`.
    func status(_ line: String)
    /// `WATCHDOG=1`.
    func watchdog()
    /// `STOPPING=1`.
    func stopping()
    /// `RELOADING=1` + `MONOTONIC_USEC`.
    func reloading()
}

/// What the loop tells systemd, as an effect its runner carries out on a ``ServiceNotifying``.
public enum ServiceNotification: Sendable, Equatable {
    /// `READY=1` with a status line.
    case ready(status: String)
    /// `STATUS=`.
    case status(String)
    /// `WATCHDOG=1`.
    case watchdog
    /// `STOPPING=1`.
    case stopping
    /// `RELOADING=1` + `MONOTONIC_USEC`.
    case reloading

    /// Sends this notification through `notifier`.
    public func send(through notifier: any ServiceNotifying) {
        switch self {
        case .ready(let status): notifier.ready(status: status)
        case .status(let line): notifier.status(line)
        case .watchdog: notifier.watchdog()
        case .stopping: notifier.stopping()
        case .reloading: notifier.reloading()
        }
    }
}
