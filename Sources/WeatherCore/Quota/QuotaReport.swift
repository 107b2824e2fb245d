/// The three quota windows as the state file shows them (`daemon.quota`).
public struct QuotaReport: Sendable, Hashable {
    /// The current UTC minute.
    public var minute: QuotaUsage
    /// The current UTC hour.
    public var hour: QuotaUsage
    /// The current UTC day.
    public var day: QuotaUsage

    /// Creates a value from each of its properties.
    public init(minute: QuotaUsage, hour: QuotaUsage, day: QuotaUsage) {
        self.minute = minute
        self.hour = hour
        self.day = day
    }

    /// The report of `ledger` under `limits` at `now`.
    public init(_ ledger: QuotaLedger, limits: QuotaLimits, at now: Timestamp) {
        func usage(_ window: QuotaWindow) -> QuotaUsage {
            let count = ledger.count(window, at: now)
            return QuotaUsage(
                used: Weight.calls(count.usedTenths),
                limit: Weight.calls(limits[window]),
                resetsAt: count.resetsAt
            )
        }
        self.init(minute: usage(.minute), hour: usage(.hour), day: usage(.day))
    }

    /// The usage of `window`.
    public subscript(window: QuotaWindow) -> QuotaUsage {
        switch window {
        case .minute: minute
        case .hour: hour
        case .day: day
        }
    }
}
