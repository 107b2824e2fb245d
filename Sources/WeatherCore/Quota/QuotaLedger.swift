/// The weighted calls counted in the current UTC minute, hour and day (docs/fetching.md "Quota"): a pure value
/// the planner owns. A window whose end has passed starts again at 0; a window whose end lies more than
/// one window ahead (the wall clock stepped back) is dropped.
public struct QuotaLedger: Sendable, Hashable {
    /// The count of one window.
    public struct Count: Sendable, Hashable {
        /// Tenths of a call counted.
        public var usedTenths: Int
        /// When the window ends.
        public var resetsAt: Timestamp
    }

    // One stored count a window, not a dictionary: the snapshot asks for counts a dozen times a tick, and
    // hashing the window for each was 4,800 of a cache tick's instructions (callgrind).
    private var minute: Count?
    private var hour: Count?
    private var day: Count?

    private func stored(_ window: QuotaWindow) -> Count? {
        switch window {
        case .minute: minute
        case .hour: hour
        case .day: day
        }
    }

    private mutating func store(_ count: Count, for window: QuotaWindow) {
        switch window {
        case .minute: minute = count
        case .hour: hour = count
        case .day: day = count
        }
    }

    /// The windows, the one that resets last first.
    private static let longestFirst: [QuotaWindow] = [.day, .hour, .minute]

    /// An empty ledger.
    public init() {}

    /// The count of `window` at `now` (0 in a window nothing was counted in yet).
    public func count(_ window: QuotaWindow, at now: Timestamp) -> Count {
        if let count = stored(window), Self.isCurrent(count, window, at: now) { return count }
        return Count(usedTenths: 0, resetsAt: window.end(of: now))
    }

    /// The window that a request of `weight` tenths would take over its limit at `now`, if any: the one
    /// that resets last when several would.
    public func fullWindow(for weight: Int, limits: QuotaLimits, at now: Timestamp) -> QuotaWindow? {
        Self.longestFirst.first { window in
            limits[window] > 0 && count(window, at: now).usedTenths + weight > limits[window]
        }
    }

    /// Counts a request of `weight` tenths sent at `now`.
    public mutating func charge(_ weight: Int, at now: Timestamp) {
        for window in QuotaWindow.allCases {
            var count = count(window, at: now)
            count.usedTenths += weight
            store(count, for: window)
        }
    }

    /// Takes back `weight` tenths charged at `chargedAt` (a request that was not sent after all), from
    /// the windows that are still the ones it was charged in.
    public mutating func refund(_ weight: Int, chargedAt: Timestamp, at now: Timestamp) {
        for window in QuotaWindow.allCases {
            guard var count = stored(window), Self.isCurrent(count, window, at: now),
                count.resetsAt == window.end(of: chargedAt)
            else { continue }
            count.usedTenths = max(0, count.usedTenths - weight)
            store(count, for: window)
        }
    }

    /// Takes a window's count from a previous run when it is the current window at `now` (same end).
    public mutating func restore(_ window: QuotaWindow, usedTenths: Int, resetsAt: Timestamp, at now: Timestamp) {
        guard usedTenths > 0, resetsAt == window.end(of: now) else { return }
        store(Count(usedTenths: usedTenths, resetsAt: resetsAt), for: window)
    }

    /// Whether `count` is the count of the window `window` running at `now`: its end has not passed and
    /// lies at most one window ahead.
    private static func isCurrent(_ count: Count, _ window: QuotaWindow, at now: Timestamp) -> Bool {
        count.resetsAt > now && count.resetsAt.seconds(since: now) <= window.length
    }
}
