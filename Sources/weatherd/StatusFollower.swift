import StateStore
import WeatherCore

#if canImport(Glibc)
import Glibc
#endif

/// `status --follow`: prints the report, then again each time the state file is replaced (inotify, no
/// polling) and each time the judgement changes with time alone (one timeout, at the next threshold:
/// a location turning stale, the state turning too old). Sleeps in `poll(2)` otherwise: no output and
/// no CPU while nothing changes. Ends with exit status 0 on SIGTERM or SIGINT, or when standard output
/// is closed (noticed at once through POLLERR/POLLHUP, or as EPIPE on a write).
struct StatusFollower {
    let path: String
    /// Caches whose presence, when the state file is missing, means the daemon has not run since boot.
    let caches: [String]
    let format: Status.Format
    let location: String?

    /// What was printed last: the file's identity and the judgement, to know when to print again.
    private struct Shown {
        var file: FileIdentity?
        var snapshot: StateSnapshot?
        var judgement: [String]
    }

    /// Runs until a signal or a closed output; returns the exit status.
    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // Nothing is buffered (every line is written with write(2)), so ending at once loses nothing.
        signal(SIGTERM) { _ in _exit(0) }
        signal(SIGINT) { _ in _exit(0) }
        let watch: StateFileWatch
        do {
            watch = try StateFileWatch(path: path)
        } catch {
            printError("weatherd: cannot watch \(path): \(error)")
            return 3
        }
        var shown: Shown?
        while true {
            let file = FileIdentity(path: path)
            if shown == nil || file != shown?.file {
                // Replaced, written in place, removed or back (a missing file is printed once: it stays
                // the same "no file" until it comes back).
                let reading = StatusReport.read(path)
                let snapshot = try? reading.get()
                if let status = emit(reading) { return status }
                shown = Shown(file: file, snapshot: snapshot, judgement: judgement(snapshot))
            } else if let snapshot = shown?.snapshot {
                let current = judgement(snapshot)
                if current != shown?.judgement {
                    if let status = emit(.success(snapshot)) { return status }
                    shown?.judgement = current
                }
            }
            if let status = wait(watch, until: shown?.snapshot?.nextJudgementChange(after: World.now())) {
                return status
            }
        }
    }

    /// Prints the report on `reading`; an exit status when the output is gone or broken.
    private func emit(_ reading: Result<StateSnapshot, StateFileReadError>) -> Int32? {
        let report = StatusReport.make(
            reading,
            path: path,
            format: format,
            location: location,
            now: World.now(),
            caches: caches
        )
        switch StandardOutput.writeLine(report.text) {
        case .written: return nil
        case .closed: return 0
        case .failed(let error):
            printError("weatherd: cannot write to standard output: \(String(cString: strerror(error)))")
            return 1
        }
    }

    /// The health and each location's status at this moment: what the time alone can change.
    private func judgement(_ snapshot: StateSnapshot?) -> [String] {
        guard let snapshot else { return [] }
        let now = World.now()
        return [Health.assess(snapshot, now: now, locationID: location).label]
            + snapshot.locations.map { "\(snapshot.judge($0, at: now))" }
    }

    /// Sleeps until the watch reports something about the file, `deadline` passes, or standard output
    /// closes (then the exit status 0).
    private func wait(_ watch: StateFileWatch, until deadline: Timestamp?) -> Int32? {
        while true {
            var timeout: Int32 = -1
            if let deadline {
                // A millisecond past the threshold: the verdict changes strictly after it.
                let milliseconds = (deadline.seconds(since: World.now()) * 1000).rounded(.up) + 1
                timeout = Int32(max(0, min(milliseconds, Double(Int32.max))))
            }
            var descriptors = [
                pollfd(fd: watch.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: 1, events: 0, revents: 0),
            ]
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                printError("weatherd: poll: \(String(cString: strerror(errno)))")
                return 1
            }
            if StandardOutput.isClosed(descriptors[1].revents) { return 0 }
            if ready == 0 { return nil }
            if descriptors[0].revents != 0, watch.drain() { return nil }
        }
    }
}
