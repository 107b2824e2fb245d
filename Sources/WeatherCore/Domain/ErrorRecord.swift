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

    /// Creates a value from each of its properties.
    public init(kind: FetchErrorKind, message: String, httpStatus: Int? = nil, at: Timestamp) {
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
