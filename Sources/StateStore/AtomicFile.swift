#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files atomically: a temporary file in the same directory, written and fsynced, renamed over
/// the target, then the directory fsynced. A reader sees the old file or the new one, never a partial one.
public enum AtomicFile {
    /// The prefix of temporary files, so leftovers of a killed process can be recognised and removed.
    public static func temporaryPrefix(for path: String) -> String {
        let (directory, name) = split(path)
        return directory + "/." + name + ".tmp-"
    }

    /// Writes `contents` to `path` atomically with `mode` (default 0644, umask not applied); `durable`
    /// adds the fsyncs that make the new content survive a power loss.
    public static func write(
        _ contents: String,
        to path: String,
        mode: mode_t = 0o644,
        durable: Bool = true
    )
        throws(FileSystemError)
    {
        try write(Array(contents.utf8), to: path, mode: mode, durable: durable)
    }

    /// Writes the UTF-8 bytes `contents` to `path` atomically, like the `String` overload.
    public static func write(
        _ contents: [UInt8],
        to path: String,
        mode: mode_t = 0o644,
        durable: Bool = true
    )
        throws(FileSystemError)
    {
        let temporary = temporaryPath(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode)
        guard fd >= 0 else { throw FileSystemError(operation: "create", path: temporary, errno: errno) }
        do throws(FileSystemError) {
            try writeAll(fd, contents, path: temporary)
            // Always: the umask, or a default ACL of the directory (which the umask does not predict), may
            // have taken bits away; a file left by a killed write keeps its own mode.
            guard fchmod(fd, mode) == 0 else {
                throw FileSystemError(operation: "chmod", path: temporary, errno: errno)
            }
            guard !durable || fsync(fd) == 0 else {
                throw FileSystemError(operation: "fsync", path: temporary, errno: errno)
            }
            guard close(fd) == 0 else {
                throw FileSystemError(operation: "close", path: temporary, errno: errno)
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError(operation: "rename", path: path, errno: code)
        }
        if durable { try syncDirectory(of: path) }
    }

    /// This process's temporary file for `path`: the prefix, then the process id.
    public static func temporaryPath(for path: String) -> String {
        temporaryPrefix(for: path) + processID
    }

    /// This process's id, the temporary files' suffix: read once (glibc asks the kernel at every
    /// `getpid()`, and the state file is written every tick).
    private static let processID = String(getpid())

    /// Removes temporary files that a killed process left beside `path`; returns how many.
    @discardableResult
    public static func removeLeftovers(for path: String) -> Int {
        let (directory, name) = split(path)
        let prefix = "." + name + ".tmp-"
        guard let dir = opendir(directory) else { return 0 }
        defer { closedir(dir) }
        var removed = 0
        while let entry = readdir(dir) {
            let entryName = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if entryName.hasPrefix(prefix), unlink(directory + "/" + entryName) == 0 { removed += 1 }
        }
        return removed
    }

    /// Reads a whole file of at most `limit` bytes (a larger one fails with `EFBIG`).
    public static func read(_ path: String, limit: Int = 16 << 20) throws(FileSystemError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "read", path: path, errno: errno)
            }
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
            if result.count > limit { throw FileSystemError(operation: "read", path: path, errno: EFBIG) }
        }
        return result
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileSystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(operation: "write", path: path, errno: errno)
            }
            offset += written
        }
    }

    private static func syncDirectory(of path: String) throws(FileSystemError) {
        let directory = split(path).directory
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(operation: "open directory", path: directory, errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw FileSystemError(operation: "fsync directory", path: directory, errno: errno) }
    }

    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
