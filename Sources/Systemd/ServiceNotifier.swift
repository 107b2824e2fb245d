import CSystemd

#if canImport(Glibc)
import Glibc
#endif

/// The systemd notify protocol: `READY=1`, `STATUS=`, `WATCHDOG=1`, `STOPPING=1`, `RELOADING=1`, sent
/// as datagrams to `NOTIFY_SOCKET`, which is read when the notifier is made (by `sd_notify`, in the cases
/// below that go through it, at every call). Outside systemd (no `NOTIFY_SOCKET`, or an empty one) every
/// call is a silent no-op.
///
/// The datagrams go out through one socket kept open, not through libsystemd's `sd_notify`, which makes a
/// socket at every call, sizes its send buffer and asks for the four user and group ids before sending, and
/// closes it after: 12 system calls for the one `STATUS=` line of every tick where a kept socket needs one
/// `sendto` (strace of the running daemon's cache ticks). A `NOTIFY_SOCKET` that is neither a path nor an
/// abstract name (`@…`), and a process whose real and effective ids differ (which `sd_notify` sends
/// credentials for), go through `sd_notify` as before.
public struct ServiceNotifier: Sendable {
    private let channel: Channel?

    /// Creates a notifier for the `NOTIFY_SOCKET` of the environment now.
    public init() {
        channel = Channel.fromEnvironment()
    }

    /// Whether a notify socket is configured.
    public var isEnabled: Bool { channel != nil }

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
        channel?.send(state) ?? false
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

    /// Where the datagrams go: the socket kept open and `NOTIFY_SOCKET`'s address, or `sd_notify` for the
    /// forms it alone knows.
    private final class Channel: Sendable {
        private let descriptor: Int32
        private let address: sockaddr_un
        private let addressLength: socklen_t

        /// The channel of `NOTIFY_SOCKET`; nil when it is unset or empty. Its bytes are taken as they are,
        /// as `sd_notify` takes them (a path need not be UTF-8).
        static func fromEnvironment() -> Channel? {
            guard let value = getenv("NOTIFY_SOCKET"), value.pointee != 0 else { return nil }
            return Channel(Array(UnsafeRawBufferPointer(start: value, count: strlen(value))))
        }

        private init(_ bytes: [UInt8]) {
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            var name = bytes
            let abstract = name.first == UInt8(ascii: "@")
            if abstract { name[0] = 0 }
            let usable =
                (abstract || name.first == UInt8(ascii: "/")) && name.count < capacity
                && getuid() == geteuid() && getgid() == getegid()
            let descriptor = usable ? socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) : -1
            if descriptor >= 0 {
                withUnsafeMutableBytes(of: &address.sun_path) { path in
                    path.copyBytes(from: name)
                }
            }
            self.descriptor = descriptor
            self.address = address
            // A path ends with its NUL; an abstract name is as long as it is.
            self.addressLength = socklen_t(
                MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count + (abstract ? 0 : 1)
            )
        }

        deinit {
            if descriptor >= 0 { close(descriptor) }
        }

        /// Sends `state` as one datagram; whether it went.
        func send(_ state: String) -> Bool {
            guard descriptor >= 0 else { return sd_notify(0, state) > 0 }
            var state = state
            var address = self.address
            let sent = state.withUTF8 { bytes in
                withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { to in
                        sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), to, addressLength)
                    }
                }
            }
            return sent == state.utf8.count
        }
    }
}
