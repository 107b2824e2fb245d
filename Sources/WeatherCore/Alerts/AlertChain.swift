/// One warning as it goes on: the newest message of a chain of updates, every message id the chain has
/// been seen under, whether the start was announced, and when a poll last listed it. This is what the
/// durable cache keeps for each warning in force.
public struct AlertChain: Sendable, Hashable {
    /// How long a warning without any end time stays in force after its onset, or after the last poll that
    /// listed it when that is later (docs/alerts.md, "Bad input").
    public static let openEndedLimitSeconds = 24.0 * 3600

    /// The message shown: the newest of the chain.
    public var alert: Alert
    /// Every identifier the chain has carried or referenced, to recognise its updates and cancels.
    public var messageIDs: Set<String>
    /// Whether "warning in force" was announced for the chain (once per chain, kept across restarts).
    public var announced: Bool
    /// When a poll last listed a message of the chain.
    public var lastListed: Timestamp

    /// Creates a chain showing `alert`; its ids are the alert's own and those it references.
    public init(alert: Alert, messageIDs: Set<String> = [], announced: Bool, lastListed: Timestamp) {
        self.alert = alert
        self.messageIDs = messageIDs.union([alert.id]).union(alert.references)
        self.announced = announced
        self.lastListed = lastListed
    }

    /// When the warning stops being in force: its ``Alert/ends``; without one, 24 h after the later of its
    /// onset and the last poll that listed it.
    public var end: Timestamp {
        if let ends = alert.ends { return ends }
        return Self.openEndedEnd(onset: alert.onset, lastListed: lastListed)
    }

    /// Whether the warning is in force at `now` (now is before its ``end``).
    public func isInForce(at now: Timestamp) -> Bool { now < end }

    /// The end of a warning without an end time: 24 h after the later of `onset` and `lastListed`.
    static func openEndedEnd(onset: Timestamp?, lastListed: Timestamp) -> Timestamp {
        max(onset ?? lastListed, lastListed).adding(seconds: openEndedLimitSeconds)
    }
}
