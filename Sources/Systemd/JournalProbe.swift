import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Whether journald is listening on its socket. `sd_journal_sendv` reports success when the socket is
/// missing or nobody listens (it drops entries silently by design), so the journal handler asks here
/// first. The answer is probed with a `connect()` and kept for a second, so the cost stays one syscall
/// pair per second, not per entry.
enum JournalProbe {
    private static let cache = Mutex<(checkedAt: Int64, listening: Bool)>((checkedAt: .min, listening: false))

    /// Whether `path` (journald's socket) accepts datagrams now, give or take a second.
    static func isListening(path: String = JournalLogHandler.socketPath) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
        let second = Int64(now.tv_sec)
        if let cached = cache.withLock({ $0.checkedAt == second ? $0.listening : nil }) { return cached }
        let listening = probe(path)
        cache.withLock { $0 = (second, listening) }
        return listening
    }

    /// Forgets the cached answer (tests).
    static func reset() {
        cache.withLock { $0 = (.min, false) }
    }

    private static func probe(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }
}
