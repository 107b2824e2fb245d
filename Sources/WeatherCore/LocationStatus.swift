/// The `status` of a location in the state file.
public enum LocationStatus: String, Sendable, Hashable, Codable {
    /// Never fetched.
    case pending
    /// Fresh weather from the last fetch.
    case ok
    /// Weather older than `stale_after`, or loaded from a previous run and not refreshed yet.
    case stale
    /// The last fetch failed; `weather` keeps the last good value or is nil.
    case error
}
