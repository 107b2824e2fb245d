#if canImport(Glibc)
import Glibc
#endif

/// Standard output written line by line with `write(2)`, nothing buffered: each line reaches a pipe
/// (Waybar, i3blocks) the moment it is written.
enum StandardOutput {
    /// How a write ended.
    enum Outcome: Equatable {
        /// All written.
        case written
        /// The reader is gone (EPIPE, with SIGPIPE ignored).
        case closed
        /// Another error, with its errno.
        case failed(Int32)
    }

    /// Writes `text` and a newline, waiting while a non-blocking descriptor is full.
    static func writeLine(_ text: String) -> Outcome {
        var line = text + "\n"
        return line.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                switch errno {
                case EINTR: continue
                case EAGAIN:
                    var wait = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&wait, 1, -1)
                case EPIPE: return .closed
                case let error: return .failed(error)
                }
            }
            return .written
        }
    }

    /// Whether standard output has been closed by its reader (or is not open): `POLLERR`/`POLLHUP`
    /// are reported for a pipe whose read end is closed even when no events are asked for.
    static func isClosed(_ events: Int16) -> Bool {
        events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
    }
}
