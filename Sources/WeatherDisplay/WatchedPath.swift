/// The state file's path as `status --follow` watches it (weatherd(1)): the directory it lives in and its
/// name, the directories to watch instead while that one is missing, and which events may concern the
/// file. Only the path's text: the watching itself (inotify) is the executable's.
public struct WatchedPath: Sendable, Hashable {
    /// The directory of the file (`.` for a bare name).
    public let directory: String
    /// The file's name in it.
    public let name: String

    /// Splits `path` at its last `/`.
    public init(_ path: String) {
        if let slash = path.lastIndex(of: "/") {
            let directory = String(path[..<slash])
            self.directory = directory.isEmpty ? "/" : directory
            name = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            name = path
        }
    }

    /// The directory, then each ancestor up to `/` (or `.` for a relative path): where to watch, the
    /// deepest existing one first, while the directory is missing.
    public var ancestry: [String] {
        var paths = [directory]
        var path = directory
        while let slash = path.lastIndex(of: "/") {
            path = String(path[..<slash])
            if path.isEmpty {
                if paths.last != "/" { paths.append("/") }
                break
            }
            paths.append(path)
        }
        if !directory.hasPrefix("/") && paths.last != "." { paths.append(".") }
        return paths
    }

    /// Whether an event on the watched directory `watched`, about the entry `eventName` (empty: the
    /// directory itself), may concern the file: any event while an ancestor is watched (the way down may
    /// have come back), else one on the file's name or on the directory itself.
    public func concernsFile(eventName: String, watched: String) -> Bool {
        watched != directory || eventName == name || eventName.isEmpty
    }
}
