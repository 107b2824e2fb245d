/// One quota window as the state file shows it (`daemon.quota.minute` …).
public struct QuotaUsage: Sendable, Hashable {
    /// Weighted calls counted in the window.
    public var used: Double
    /// The limit; 0 for none.
    public var limit: Double
    /// When the window ends.
    public var resetsAt: Timestamp

    /// Creates a value from each of its properties.
    public init(used: Double, limit: Double, resetsAt: Timestamp) {
        self.used = used
        self.limit = limit
        self.resetsAt = resetsAt
    }
}
