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
