import CSystemd
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The systemd notify protocol: `READY=1`, `STATUS=`, `WATCHDOG=1`, `STOPPING=1`, `RELOADING=1`.
/// Outside systemd (no `NOTIFY_SOCKET`) every call is a silent no-op.
///
/// A `STATUS=` goes out every tick, so datagrams to a path or abstract `NOTIFY_SOCKET` are sent from
/// one socket the notifier keeps (`sd_notify` opens and closes a socket per call, which costs a tick
/// more than the send itself); any other address kind goes through libsystemd's `sd_notify`.
public struct ServiceNotifier: Sendable {
    private let socket = NotifyDatagramSocket()

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
        guard let address = getenv("NOTIFY_SOCKET") else { return false }
        switch UInt8(bitPattern: address.pointee) {
        case UInt8(ascii: "/"), UInt8(ascii: "@"):
            return socket.send(state, to: String(cString: address))
        default:
            return sd_notify(0, state) > 0
        }
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

/// One `AF_UNIX` datagram socket, opened at the first send and kept; each datagram is addressed on its
/// own (`sendto`), so a socket systemd binds anew (after `daemon-reexec`) is found again.
final class NotifyDatagramSocket: Sendable {
    private let descriptor = Mutex<Int32>(-1)

    deinit {
        descriptor.withLock { fd in
            if fd >= 0 { close(fd) }
        }
    }

    /// Sends `payload` to `address` (a path, or `@name` for the abstract namespace); false on failure.
    func send(_ payload: String, to address: String) -> Bool {
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        var name = Array(address.utf8)
        let abstract = name.first == UInt8(ascii: "@")
        if abstract { name[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard name.count < capacity else { return false }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { path in
            path.copyBytes(from: name)
        }
        // An abstract name is exactly its bytes; a path is NUL-terminated.
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count + (abstract ? 0 : 1))
        return descriptor.withLock { fd -> Bool in
            if fd < 0 {
                fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                guard fd >= 0 else { return false }
            }
            var payload = payload
            let sent = payload.withUTF8 { bytes in
                withUnsafePointer(to: &socketAddress) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                        sendto(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), address, length)
                    }
                }
            }
            return sent == payload.utf8.count
        }
    }
}
