/// The error classes of docs/fetching.md, as written to `last_error.kind` and `WEATHER_ERROR_KIND`.
public enum FetchErrorKind: String, Sendable, CaseIterable, Codable {
    /// The whole-request deadline passed.
    case timeout
    /// DNS, connection refused or reset, TLS.
    case network
    /// An HTTP 4xx/5xx other than 429 and 503.
    case http
    /// HTTP 429: a request limit was exceeded.
    case rateLimited = "rate_limited"
    /// HTTP 503: the service is overloaded.
    case unavailable
    /// Non-JSON, truncated, missing `current`, absurd values, or a body over the size limit.
    case invalidResponse = "invalid_response"
    /// The geocoding API knows no place of the configured name (an addition to docs/fetching.md's classes).
    case notFound = "not_found"
}

/// Why one fetch failed: a class, a short message safe for logs, and the HTTP details when there are some.
public struct FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error class.
    public var kind: FetchErrorKind
    /// A short human message, e.g. "timed out after 5 s" or "HTTP 400: Latitude must be in range…".
    public var message: String
    /// The HTTP status, when a response arrived.
    public var httpStatus: Int?
    /// The server's `Retry-After`, in seconds, when it sent one.
    public var retryAfterSeconds: Double?
    /// The `reason` of an Open-Meteo error body, when there was one.
    public var reason: String?
    /// The API's clock minus the host's, from the response's `Date` (plus `Age`), when a response with
    /// one arrived.
    public var apiClockSample: Double?

    /// The message.
    public var description: String { message }
}

extension FetchError {
    /// An error of `kind` saying `message`; the HTTP details, when there are some, are set after.
    public init(kind: FetchErrorKind, message: String) {
        self.kind = kind
        self.message = message
    }
}
