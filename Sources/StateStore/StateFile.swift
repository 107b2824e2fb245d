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
    public enum LoadOutcome: Sendable {
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

    /// A state file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The directory that holds the file.
    public var directory: String { AtomicFile.split(path).directory }

    /// Reads and decodes the file, without side effects.
    public func read() throws(StateFileReadError) -> StateSnapshot {
        let bytes: [UInt8]
        do {
            bytes = try AtomicFile.read(path)
        } catch {
            throw .unreadable(error)
        }
        do {
            return try StateDecoder.decode(bytes)
        } catch {
            throw .invalid(error.message)
        }
    }

    /// Loads the previous run's snapshot at start. A corrupt file is renamed to
    /// `<path>.corrupt-<UTC time>` so the daemon can start afresh; leftover temporary files are removed.
    public func loadPrevious(now: Timestamp) -> LoadOutcome {
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

    /// Replaces the file with `snapshot` atomically and durably (mode 0644).
    public func write(_ snapshot: StateSnapshot) throws(FileSystemError) {
        try AtomicFile.write(StateEncoder.encodedBytes(snapshot), to: path)
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
