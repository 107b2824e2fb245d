import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// Watches the state file's directory with inotify (no polling): a replacement by rename, a write in
/// place, a removal. When the directory is gone it watches the nearest ancestor that exists, and
/// follows the path down again as the directories come back. Which directories, and which events
/// matter, is ``WatchedPath``'s to say.
final class StateFileWatch {
    /// Why the watch could not be set up.
    struct Failure: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        var description: String
    }

    /// The inotify descriptor, to poll for `POLLIN`.
    let descriptor: Int32
    private let file: WatchedPath
    /// The watch descriptor and the directory it watches, with its device and inode.
    private var current: (watch: Int32, path: String, device: UInt64, inode: UInt64)?

    /// What the state directory is watched for: the file replaced (renamed onto), written in place,
    /// removed or moved away, and the directory itself removed or moved.
    private static let directoryEvents = UInt32(
        IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR
    )
    /// What an ancestor is watched for while the state directory is missing: a directory made or moved in.
    private static let ancestorEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Watches the directory of `path` (or its nearest existing ancestor).
    init(path: String) throws(Failure) {
        file = WatchedPath(path)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw Failure(description: "inotify_init1: \(String(cString: strerror(errno)))")
        }
        guard refresh() else {
            close(descriptor)
            throw Failure(description: "inotify_add_watch on \(file.directory) and its ancestors failed")
        }
    }

    deinit { close(descriptor) }

    /// Reads every queued event; true when one may concern the file: an event on its name in the state
    /// directory, any event while an ancestor is watched, the watched directory gone, or a queue
    /// overflow. Then watches again the deepest existing directory on the way to the file.
    func drain() -> Bool {
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { relevant = true }
                guard let current, watch == current.watch else { continue }
                if file.concernsFile(eventName: eventName, watched: current.path) { relevant = true }
            }
        }
        if relevant { _ = refresh() }
        return relevant
    }

    /// Watches the state directory when it exists, else its nearest existing ancestor; keeps the watch
    /// when it is still on the right directory. False when nothing could be watched.
    @discardableResult
    func refresh() -> Bool {
        for candidate in file.ancestry {
            var info = stat()
            guard stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { continue }
            let device = UInt64(info.st_dev)
            let inode = UInt64(info.st_ino)
            if let current, current.path == candidate, current.device == device, current.inode == inode {
                return true
            }
            let mask = candidate == file.directory ? Self.directoryEvents : Self.ancestorEvents
            let watch = inotify_add_watch(descriptor, candidate, mask)
            guard watch >= 0 else { continue }
            if let old = current?.watch, old != watch { inotify_rm_watch(descriptor, old) }
            current = (watch, candidate, device, inode)
            return true
        }
        return false
    }
}
