/// No request before a full quota window has reset, and then not before its resume spread has passed
/// (docs/fetching.md): the window's end is a wall-clock time (it follows a step of the clock), the spread after
/// it a duration on the uptime clock (a step neither stretches nor skips it).
struct QuotaHold: Sendable, Hashable {
    /// When the full window ends, on the host's wall clock.
    var windowEnd: Timestamp
    /// The spread after it, in seconds.
    var spread: Double
    /// When the spread ends on the uptime clock, once the window's end has been seen to pass.
    private var resumesAt: Double?

    /// A hold until `windowEnd`, then `spread` seconds more.
    init(windowEnd: Timestamp, spread: Double) {
        self.windowEnd = windowEnd
        self.spread = spread
    }

    /// Starts the spread once the window's end has passed: from the moment the end passed, on the uptime
    /// clock as the clocks read at `now`. Nothing before the end, nor once started.
    mutating func noticeWindowEnd(at now: Moment) {
        guard resumesAt == nil, now.wall >= windowEnd else { return }
        resumesAt = now.uptime(ofWall: windowEnd) + spread
    }

    /// Whether requests are still held at `now` (before the window's end, or within the spread once
    /// ``noticeWindowEnd(at:)`` has seen the end pass).
    func holds(at now: Moment) -> Bool {
        guard let resumesAt else { return true }
        return now.uptime < resumesAt
    }

    /// When requests resume, as the wall clock reads at `now`.
    func resumption(at now: Moment) -> Timestamp {
        if let resumesAt { return now.wallTime(ofUptime: resumesAt) }
        return windowEnd.adding(seconds: spread)
    }
}
