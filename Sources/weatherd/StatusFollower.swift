import CMalloc
import StateStore
import WeatherCore
import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// Linux's SCHED_BATCH policy (<sched.h> defines it only under _GNU_SOURCE, which Glibc's module map
/// does not set).
private let schedBatch: Int32 = 3

/// `status --follow`: prints the report, then again each time the state file is replaced (inotify, no
/// polling) and each time the judgement changes with time alone (one timeout, at the next threshold:
/// a location turning stale, the state turning too old). Sleeps in `poll(2)` otherwise: no output and
/// no CPU while nothing changes. Ends with exit status 0 on SIGTERM or SIGINT, or when standard output
/// is closed (noticed at once through POLLERR/POLLHUP, or as EPIPE on a write). What to print when is
/// ``StatusFollow``'s decision; this type does the watching, waiting and writing.
struct StatusFollower {
    let path: String
    /// Caches whose presence, when the state file is missing, means the daemon has not run since boot.
    let caches: [String]
    let format: StatusFormat
    let location: String?
    /// Where the bar's text, icons and clock come from.
    var display = DisplaySource()
    /// The location the Waybar tooltip is pinned to.
    var tooltipLocation: String?

    /// Runs until a signal or a closed output; returns the exit status.
    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // Nothing is buffered (every line is written with write(2)), so ending at once loses nothing.
        signal(SIGTERM) { _ in _exit(0) }
        signal(SIGINT) { _ in _exit(0) }
        // The loop runs on the main thread, which keeps the signal mask the parent started it with: a
        // parent that spawns from a thread blocking every signal (a test runner's Dispatch thread does)
        // would otherwise leave SIGTERM, SIGINT and a hangup pending for ever. Nothing is blocked here.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        // A background reader: woken by the daemon's rename, it must not preempt the daemon (or whatever
        // the user runs in the foreground) for an update nobody waits for to the millisecond. Under
        // SCHED_BATCH its wake-ups do not preempt the running thread (sched(7)); the update runs when the
        // scheduler next gets to it. Measured at 1 s ticks beside a follower (30 ticks): the daemon's
        // involuntary context switches went from 41 to 0, its voluntary ones stayed 2 a tick. A refusal
        // (a seccomp filter) changes nothing else.
        var batch = sched_param()
        _ = sched_setscheduler(0, schedBatch, &batch)
        // An update allocates some 160 KB and frees it: with glibc's default trim threshold (128 KB), every
        // free shrank the heap (brk) and the next update grew it again, faulting its pages back in, zeroed
        // (perf, release build, updates 1 s apart: 13 % of an update in brk). Kept, up to 1 MiB of free heap
        // stays resident in the follower. Setting a threshold ends glibc's dynamic ones (mallopt(3)): the
        // mmap threshold is set alike, so that a block under 1 MiB (the bytes of a state file of many
        // locations) comes from the kept heap too, not from a fresh mmap at every update.
        _ = mallopt(M_TRIM_THRESHOLD, 1 << 20)
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        let watch: StateFileWatch
        do {
            watch = try StateFileWatch(path: path)
        } catch {
            printError("weatherd: " + CommandText.cannotWatch(path, error: "\(error)"))
            return 3
        }
        var follow = StatusFollow<FileIdentity>(location: location)
        let forecasts = StatusReport.forecasts(format: format, location: location, tooltipLocation: tooltipLocation)
        var reader = StateReader()
        while true {
            let file = FileIdentity(path: path)
            switch follow.step(file: file, at: World.now()) {
            case .read:
                // Replaced, written in place, removed or back (a missing file is printed once: it stays
                // the same "no file" until it comes back).
                let reading = StatusReport.read(path, with: &reader, forecasts: forecasts)
                if let status = emit(reading) { return status }
                follow.shown(file: file, snapshot: try? reading.get(), at: World.now())
            case .reprint(let snapshot):
                if let status = emit(.success(snapshot)) { return status }
            case .wait:
                break
            }
            if let status = wait(watch, until: follow.nextJudgementChange(after: World.now())) {
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
            display: display,
            tooltipLocation: tooltipLocation,
            existingCache: { StatusReport.existingCache(caches) }
        )
        switch StandardOutput.writeLine(report.text) {
        case .written: return nil
        case .closed: return 0
        case .failed(let error):
            printError("weatherd: " + CommandText.cannotWriteStandardOutput(String(cString: strerror(error))))
            return 1
        }
    }

    /// Sleeps until the watch reports something about the file, `deadline` passes, or standard output
    /// closes (then the exit status 0).
    private func wait(_ watch: StateFileWatch, until deadline: Timestamp?) -> Int32? {
        while true {
            let timeout = StatusFollow<FileIdentity>.timeoutMilliseconds(until: deadline, now: World.now())
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
