/// The `status` of a location in the state file.
public enum LocationStatus: String, Sendable, Hashable, Codable {
    /// Never fetched.
    case pending
    /// Weather younger than `stale_after`.
    case ok
    /// Weather older than `stale_after` (its age being now − `observed_at`), also when loaded from a
    /// previous run.
    case stale
    /// The last fetch failed; `weather` keeps the last good value or is nil.
    case error

    /// The status of a location with `weather` and `lastError` at `now`, by age alone.
    public static func judge(
        weather: Weather?,
        lastError: ErrorRecord?,
        staleAfter: Double,
        at now: Timestamp
    )
        -> LocationStatus
    {
        if lastError != nil { return .error }
        guard let weather else { return .pending }
        return now.seconds(since: weather.observedAt) > staleAfter ? .stale : .ok
    }
}
