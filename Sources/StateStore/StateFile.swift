#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// The state file at one path: loads the previous run's snapshot and replaces it atomically.
public struct StateFile: Sendable {
    /// What was found at start.
    public enum LoadOutcome: Sendable, Hashable {
        /// No file (first start).
        case missing
        /// A valid previous snapshot.
        case loaded(StateSnapshot)
        /// An unreadable or invalid file, moved aside to `movedTo` (nil when the move failed).
        case corrupt(reason: String, movedTo: String?)
        /// The file exists but cannot be read (permissions, I/O error).
        case unreadable(FileSystemError)
    }

    /// The path of the state file.
    public let path: String

    /// Creates a value from each of its properties.
    public init(path: String) {
        self.path = path
    }

    /// The directory that holds the file.
    public var directory: String { AtomicFile.split(path).directory }

    /// Reads and decodes the file, without side effects, with the forecast blocks `forecasts` selects.
    public func read(forecasts: ForecastSelection = .all) throws(StateFileReadError) -> StateSnapshot {
        try read(decoding: { bytes throws(StateDecodingError) in try StateDecoder.decode(bytes, forecasts: forecasts) })
    }

    /// The same as ``read(forecasts:)``, through `reader`, which decodes only what changed since its
    /// previous read (`status --follow`).
    public func read(
        with reader: inout StateReader,
        forecasts: ForecastSelection = .all
    ) throws(StateFileReadError) -> StateSnapshot {
        try read(decoding: { bytes throws(StateDecodingError) in try reader.decode(bytes, forecasts: forecasts) })
    }

    private func read(
        decoding decode: ([UInt8]) throws(StateDecodingError) -> StateSnapshot
    ) throws(StateFileReadError) -> StateSnapshot {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            throw .unreadable(error)
        }
        do {
            return try decode(bytes)
        } catch {
            throw .invalid(error.message)
        }
    }

    /// Recovers the previous run's snapshot at start: removes leftover temporary files, loads the file,
    /// and renames a corrupt one to `<path>.corrupt-<UTC time>` so the daemon can start afresh.
    public func recoverPrevious(now: Timestamp) -> LoadOutcome {
        AtomicFile.removeLeftovers(for: path)
        do {
            return .loaded(try read())
        } catch {
            switch error {
            case .unreadable(let error) where error.errno == ENOENT:
                return .missing
            case .unreadable(let error):
                return .unreadable(error)
            case .invalid(let reason):
                return moveAside(reason: reason, now: now)
            }
        }
    }

    private func moveAside(reason: String, now: Timestamp) -> LoadOutcome {
        let stamp = now.rfc3339.filter { $0 != ":" && $0 != "-" }
        let target = "\(path).corrupt-\(stamp)"
        return .corrupt(reason: reason, movedTo: rename(path, target) == 0 ? target : nil)
    }

    /// Creates the directory of the file and its parents (mode 0755) when missing.
    public func createDirectory() throws(FileSystemError) {
        var current = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw FileSystemError(operation: "create directory", path: current, errno: errno)
            }
        }
    }

    /// Replaces the file with `snapshot` atomically (mode 0644); durably (fsync of the file and of its
    /// directory) unless `durable` is false.
    public func write(_ snapshot: StateSnapshot, durable: Bool = true) throws(FileSystemError) {
        try AtomicFile.write(StateEncoder.encodedBytes(snapshot), to: path, durable: durable)
    }

    /// ``write(_:durable:)``, creating the directory again first when it went missing; returns whether it
    /// had to.
    public func writeRecreatingDirectory(_ snapshot: StateSnapshot, durable: Bool) throws(FileSystemError) -> Bool {
        try writeRecreatingDirectory(StateEncoder.encodedBytes(snapshot), durable: durable)
    }

    /// Replaces the file with `text`, a state file's bytes (``StateEncoder``), as ``write(_:durable:)``
    /// does, creating the directory again first when it went missing; returns whether it had to.
    public func writeRecreatingDirectory(_ text: [UInt8], durable: Bool) throws(FileSystemError) -> Bool {
        do throws(FileSystemError) {
            try AtomicFile.write(text, to: path, durable: durable)
            return false
        } catch  where error.errno == ENOENT {
            try createDirectory()
            try AtomicFile.write(text, to: path, durable: durable)
            return true
        }
    }

    /// Whether a regular file (not a symbolic link, not missing) is at the path.
    public var isRegularFile: Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether the file's directory is on a file system in memory (tmpfs, ramfs): writing there costs no
    /// disk write. Read from the mount table (`/proc/self/mounts`: the mount point that is the longest
    /// prefix of the directory); nil when it cannot be told. Parsed here because Swift's Glibc module
    /// exports neither `statfs` (sys/vfs.h) nor `getmntent` (mntent.h), and this target has no C module.
    public var isInMemory: Bool? {
        guard let bytes = try? AtomicFile.read("/proc/self/mounts") else { return nil }
        // The directory as the mount table names it: absolute, its links (/var/run → /run) resolved.
        guard let resolved = realpath(directory, nil) else { return nil }
        let target = String(cString: resolved)
        free(resolved)
        var best: (point: String, type: String)?
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = Self.unescapeMountField(fields[1])
            let inside = point == "/" || target == point || target.hasPrefix(point + "/")
            if inside, point.count >= (best?.point.count ?? 0) { best = (point, String(fields[2])) }
        }
        return best.map { $0.type == "tmpfs" || $0.type == "ramfs" }
    }

    /// A field of the mount table, its octal escapes (`\040` for a space) decoded.
    private static func unescapeMountField(_ field: Substring) -> String {
        var bytes: [UInt8] = []
        var index = field.utf8.startIndex
        let utf8 = field.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\\"), utf8.distance(from: index, to: utf8.endIndex) >= 4,
                let value = UInt8(String(field[field.index(after: index)..<field.index(index, offsetBy: 4)]), radix: 8)
            {
                bytes.append(value)
                index = utf8.index(index, offsetBy: 4)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Replaces the file with a symbolic link to `target`, atomically (the link is made under a temporary
    /// name, then renamed over the file).
    public func replaceWithLink(to target: String) throws(FileSystemError) {
        let temporary = AtomicFile.temporaryPath(for: path)
        unlink(temporary)
        guard symlink(target, temporary) == 0 else {
            throw FileSystemError(operation: "create link", path: temporary, errno: errno)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileSystemError(operation: "rename", path: path, errno: code)
        }
    }

    /// The path a symbolic link at the path points to (relative targets made absolute); the path itself
    /// when it is not a link.
    public var resolvingLink: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return path }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : directory + "/" + target
    }
}

/// Why the state file could not be read.
public enum StateFileReadError: Error, Sendable, CustomStringConvertible {
    /// Missing or unreadable.
    case unreadable(FileSystemError)
    /// Not a valid state file.
    case invalid(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unreadable(let error): error.description
        case .invalid(let reason): "invalid state file: \(reason)"
        }
    }
}
