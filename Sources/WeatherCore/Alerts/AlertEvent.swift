/// What became of the warnings after a poll or as time passed (``AlertChains``): the journal's "warning in
/// force" and "warning ended" entries, and the changes the state file and the bar show.
public enum AlertEvent: Sendable, Hashable {
    /// Why a warning stopped being in force.
    public enum EndReason: String, Sendable, CaseIterable, Codable {
        /// Its end time passed.
        case expired
        /// A `Cancel` referenced it.
        case cancelled
        /// A successful poll no longer listed it (the source withdrew it, or it ended early).
        case withdrawn
    }

    /// A warning chain is in force and was not announced before: announce it, once.
    case started(Alert)
    /// A chain already announced goes on with new fields (an update, or a newer message of the chain shown):
    /// not announced again.
    case updated(Alert, previous: Alert)
    /// An announced chain ended; `alert` is the last message shown.
    case ended(Alert, reason: EndReason)
}
