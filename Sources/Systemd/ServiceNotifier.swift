import CSystemd

#if canImport(Glibc)
import Glibc
#endif

/// The systemd notify protocol: `READY=1`, `STATUS=`, `WATCHDOG=1`, `STOPPING=1`, `RELOADING=1`, sent
/// with libsystemd's `sd_notify`. Outside systemd (no `NOTIFY_SOCKET`) every call is a silent no-op.
public struct ServiceNotifier: Sendable {
    /// Creates a notifier.
    public init() {}

    /// Whether a notify socket is configured.
    public var isEnabled: Bool { getenv("NOTIFY_SOCKET") != nil }

    /// The watchdog ping interval systemd expects (`WatchdogSec`), or nil when the watchdog is off.
    /// Ping at half of it.
    public var watchdogTimeout: Duration? {
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return .microseconds(Int64(microseconds))
    }

    /// Sends `state` (newline-separated assignments); returns false when it could not be sent.
    @discardableResult
    public func notify(_ state: String) -> Bool {
        sd_notify(0, state) > 0
    }

    /// `READY=1`, with an optional status line.
    public func ready(status: String? = nil) {
        notify("READY=1" + (status.map { "\nSTATUS=" + Self.oneLine($0) } ?? ""))
    }

    /// `STATUS=<line>`.
    public func status(_ line: String) {
        notify("STATUS=" + Self.oneLine(line))
    }

    /// `WATCHDOG=1`.
    public func watchdog() {
        notify("WATCHDOG=1")
    }

    /// `STOPPING=1`.
    public func stopping() {
        notify("STOPPING=1")
    }

    /// `RELOADING=1` with `MONOTONIC_USEC` (CLOCK_MONOTONIC now), as systemd 253+ expects for Type=notify-reload.
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
        notify("RELOADING=1\nMONOTONIC_USEC=\(microseconds)")
    }

    /// A status line without newlines (which would start a new assignment). CR and LF are single bytes
    /// in UTF-8, never part of another character, so replacing bytes keeps the text valid.
    static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        return String(decoding: text.utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
    }
}
