import Foundation

/// A fresh directory under the system temporary directory, removed on deinit.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init(_ prefix: String = "weatherd-tests") {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/\(prefix)-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Writes `text` to `path/name` and returns the full path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        let full = file(name)
        try! text.write(toFile: full, atomically: false, encoding: .utf8)
        return full
    }

    /// The names in `path/sub` (or `path`).
    public func contents(_ sub: String? = nil) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: sub.map(file) ?? path)) ?? []
    }
}
