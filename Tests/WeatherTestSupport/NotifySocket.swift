#if canImport(Glibc)
import Glibc
#endif

/// A bound AF_UNIX datagram socket standing in for systemd's notify socket.
public final class NotifySocket: Sendable {
    /// The socket.
    public let fd: Int32
    /// The `NOTIFY_SOCKET` value that reaches this socket (`/path` or `@abstract`).
    public let notifyAddress: String
    private let path: String?

    /// A socket bound at a file system path.
    public init(path: String) throws {
        fd = try Self.makeSocket()
        self.path = path
        notifyAddress = path
        unlink(path)
        try bind(Array(path.utf8))
    }

    /// A socket bound in the abstract namespace (`sun_path[0] == 0`).
    public init(abstractName: String) throws {
        fd = try Self.makeSocket()
        path = nil
        notifyAddress = "@" + abstractName
        try bind([0] + Array(abstractName.utf8))
    }

    deinit {
        close(fd)
        if let path { unlink(path) }
    }

    /// A failed socket call.
    public struct Failure: Error, CustomStringConvertible {
        /// The call.
        public var operation: String
        /// Its errno.
        public var code: Int32
        /// "bind: Address already in use".
        public var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }

    private static func makeSocket() throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(operation: "socket", code: errno) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        guard setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size)) == 0 else {
            throw Failure(operation: "setsockopt", code: errno)
        }
        return fd
    }

    private func bind(_ pathBytes: [UInt8]) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { throw Failure(operation: "bind (path too long)", code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) }
        }
        guard result == 0 else { throw Failure(operation: "bind", code: errno) }
    }

    /// The next datagram, or nil after 2 s without one.
    public func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            return String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Whether a datagram is waiting (without waiting for one).
    public var hasPendingDatagram: Bool {
        var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pending, 1, 0) > 0
    }
}

/// Sets (value) or unsets (nil) environment variables for the duration of `body`, then restores them.
public func withEnvironment<Result>(_ changes: [String: String?], _ body: () throws -> Result) rethrows -> Result {
    var saved: [(name: String, value: String?)] = []
    for (name, value) in changes {
        saved.append((name, getenv(name).map { String(cString: $0) }))
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
    defer {
        for (name, value) in saved {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
    }
    return try body()
}
