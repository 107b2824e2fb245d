import MemberwiseInit

/// One quota window as the state file shows it (`daemon.quota.minute` …).
@MemberwiseInit
public struct QuotaUsage: Sendable, Hashable {
    /// Weighted calls counted in the window.
    public var used: Double
    /// The limit; 0 for none.
    public var limit: Double
    /// When the window ends.
    public var resetsAt: Timestamp
}
