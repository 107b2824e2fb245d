import StateStore

/// The writes of one durable file as the loop sees them (docs/state-file.md "Files"): one at a time, the
/// newest content waiting for the one in progress (an older one waiting is dropped), so older content never
/// replaces newer. A value the loop owns; the write itself runs off the loop's thread, so an `fsync` that
/// stalls (a dying SD card) delays the file, not the next tick or the watchdog.
struct DurableWrites<Content: Sendable & Equatable>: Sendable, Equatable {
    /// Where the writes are.
    enum Phase: Sendable, Equatable {
        /// None runs.
        case idle
        /// One runs since `since` (uptime clock).
        case writing(since: Double)
        /// One runs since `since`, and `next` waits for it.
        case writingWithNext(since: Double, next: Content)
    }

    private(set) var phase = Phase.idle
    /// Whether a write of this run ended without error: until then the file on the disk is an earlier run's.
    private(set) var landed = false
    /// The last write's failure (nil: it was written).
    private var failure: FileSystemError?

    /// Whether no write runs and none waits.
    var isIdle: Bool { phase == .idle }

    /// When the write in progress began (uptime clock); nil: none runs.
    var writingSince: Double? {
        switch phase {
        case .idle: nil
        case .writing(let since), .writingWithNext(let since, _): since
        }
    }

    /// Takes `content`, at `uptime`; returns true when it is to be written now, false when it waits for
    /// the write in progress.
    mutating func submit(_ content: Content, at uptime: Double) -> Bool {
        switch phase {
        case .idle:
            phase = .writing(since: uptime)
            return true
        case .writing(let since), .writingWithNext(let since, _):
            phase = .writingWithNext(since: since, next: content)
            return false
        }
    }

    /// Ends the write in progress (`error` nil: written), at `uptime`; returns the content that waited, to
    /// be written now, and what to report.
    mutating func finish(
        _ error: FileSystemError?,
        at uptime: Double
    ) -> (next: Content?, report: DurableWriteReport?) {
        let report = record(error)
        guard case .writingWithNext(_, let next) = phase else {
            phase = .idle
            return (nil, report)
        }
        phase = .writing(since: uptime)
        return (next, report)
    }

    private mutating func record(_ error: FileSystemError?) -> DurableWriteReport? {
        defer { failure = error }
        if let error {
            return failure?.condition == error.condition ? nil : .failed(error)
        }
        landed = true
        return failure.map { .recovered(after: $0) }
    }
}

/// What the end of a durable write has to say in the journal: a failure once per kind, and the recovery once.
enum DurableWriteReport: Sendable, Equatable {
    /// The write failed (the first of its kind in a row).
    case failed(FileSystemError)
    /// The file was written again after failing.
    case recovered(after: FileSystemError)
}
