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
        return now > staleAt(weather, staleAfter: staleAfter) ? .stale : .ok
    }

    /// How long past its `validUntil` weather a source said holds until is not yet stale: the spread of
    /// the next request after it, a rotation and the request itself.
    public static let validityGrace: Double = 300

    /// When `weather` turns stale: `stale_after` after it was observed, or, for a source that said until
    /// when it holds (MET Norway's `Expires`), not before that time and its grace have passed.
    public static func staleAt(_ weather: Weather, staleAfter: Double) -> Timestamp {
        let byAge = weather.observedAt.adding(seconds: staleAfter)
        guard let validUntil = weather.validUntil else { return byAge }
        return max(byAge, validUntil.adding(seconds: validityGrace))
    }
}
