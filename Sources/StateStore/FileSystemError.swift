#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file operation: what was attempted, on which path, and the `errno` it ended with.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation, e.g. "write", "fsync", "rename".
    public var operation: String
    /// The path concerned.
    public var path: String
    /// The `errno` value.
    public var errno: Int32

    /// Creates a value from each of its properties.
    public init(operation: String, path: String, errno: Int32) {
        self.operation = operation
        self.path = path
        self.errno = errno
    }

    /// "cannot write /var/lib/weatherd/state.json: No space left on device".
    public var description: String {
        "cannot \(operation) \(path): \(String(cString: strerror(errno)))"
    }

    /// A key for "the same condition" (operation and errno), so a repeated fault is reported once.
    public var condition: String { "\(operation):\(errno)" }
}
