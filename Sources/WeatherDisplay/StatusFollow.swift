import WeatherCore

/// The decisions of `status --follow` (weatherd(1)) without the waiting: print again when the state file is
/// another one (replaced, written in place, removed or back), or when the judgement of the snapshot shown
/// last changes with time alone; sleep until the next moment it can. `FileID` tells one version of the
/// file from the next (nil: no file).
public struct StatusFollow<FileID: Equatable> {
    /// What to do next.
    public enum Step {
        /// Read the file and print the report on it, then call ``shown(file:snapshot:at:)``.
        case read
        /// Print the report on this snapshot again: its judgement changed with time alone.
        case reprint(StateSnapshot)
        /// Nothing changed: wait.
        case wait
    }

    /// The location reported on; nil for all.
    public let location: String?
    private var hasShown = false
    private var file: FileID?
    private var snapshot: StateSnapshot?
    private var judgement: [String] = []

    /// Nothing shown yet.
    public init(location: String?) {
        self.location = location
    }

    /// The step for the file as it is now (`file`) at `now`.
    public mutating func step(file: FileID?, at now: Timestamp) -> Step {
        if !hasShown || file != self.file { return .read }
        guard let snapshot else { return .wait }
        let current = Self.judgement(snapshot, location: location, at: now)
        guard current != judgement else { return .wait }
        judgement = current
        return .reprint(snapshot)
    }

    /// The report on `snapshot` (nil: the file could not be read), the version `file`, was printed.
    public mutating func shown(file: FileID?, snapshot: StateSnapshot?, at now: Timestamp) {
        hasShown = true
        self.file = file
        self.snapshot = snapshot
        judgement = snapshot.map { Self.judgement($0, location: location, at: now) } ?? []
    }

    /// When the judgement of the snapshot shown can next change with time alone; nil when never.
    public func nextJudgementChange(after now: Timestamp) -> Timestamp? {
        snapshot?.nextJudgementChange(after: now)
    }

    /// The health and each location's verdict at `now`: what the time alone can change.
    public static func judgement(_ snapshot: StateSnapshot, location: String?, at now: Timestamp) -> [String] {
        [Health.assess(snapshot, now: now, locationID: location).label]
            + snapshot.locations.map { "\(snapshot.judge($0, at: now))" }
    }

    /// The `poll(2)` timeout, in milliseconds, to wake up just after `deadline` (the verdict changes
    /// strictly after it): -1 (no timeout) without one, 0 when it has passed.
    public static func timeoutMilliseconds(until deadline: Timestamp?, now: Timestamp) -> Int32 {
        guard let deadline else { return -1 }
        let milliseconds = (deadline.seconds(since: now) * 1000).rounded(.up) + 1
        return Int32(max(0, min(milliseconds, Double(Int32.max))))
    }
}
