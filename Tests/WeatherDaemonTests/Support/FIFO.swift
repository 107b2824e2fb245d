import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Lets a write blocked on opening the FIFO at `path` go on: opens a reader and keeps it open until the
/// writer has given up the FIFO (its fsync fails and it removes its temporary file), so the writer
/// never writes into a pipe without a reader (SIGPIPE). Waits at most 5 s.
func releaseFIFO(_ path: String) async {
    let reader = open(path, O_RDONLY | O_NONBLOCK)
    guard reader >= 0 else { return }
    defer { close(reader) }
    let deadline = ContinuousClock.now + .seconds(5)
    while FileManager.default.fileExists(atPath: path) && ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
    }
}
