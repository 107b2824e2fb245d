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

/// A failed fetch as the state file records it.
public struct ErrorRecord: Sendable, Hashable {
    /// The error class.
    public var kind: FetchErrorKind
    /// A short human message.
    public var message: String
    /// The HTTP status when a response arrived.
    public var httpStatus: Int?
    /// When it happened.
    public var at: Timestamp

    /// Creates a record.
    public init(kind: FetchErrorKind, message: String, httpStatus: Int?, at: Timestamp) {
        self.kind = kind
        self.message = message
        self.httpStatus = httpStatus
        self.at = at
    }

    /// The record of `error` at `at`.
    public init(_ error: FetchError, at: Timestamp) {
        self.init(kind: error.kind, message: error.message, httpStatus: error.httpStatus, at: at)
    }
}
