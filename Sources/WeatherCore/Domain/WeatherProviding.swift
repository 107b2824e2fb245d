/// Fetches the forecast of one location from one source (Open-Meteo, MET Norway). Implementations throw
/// only ``FetchError`` and end soon when their task is cancelled.
public protocol WeatherProviding: Sendable {
    /// The current weather and the forecast blocks `query` asks for, or, when the query carries the
    /// source's last `Last-Modified` and nothing changed since, that the data held is still current.
    func forecast(_ query: ForecastQuery) async throws(FetchError) -> ForecastAnswer
}

/// What one request for a location asks a source.
public struct ForecastQuery: Sendable, Hashable {
    /// The location, with coordinates.
    public var location: Location
    /// The units to answer in.
    public var units: Units
    /// The forecast blocks to bring (docs/forecast.md).
    public var blocks: ForecastBlocks = .none
    /// The location's height above sea level in metres, when known (MET Norway corrects its temperatures
    /// to it).
    public var altitude: Double?
    /// The exact `Last-Modified` of this source's previous answer for the location, sent back as
    /// `If-Modified-Since`; nil: ask for the whole answer.
    public var ifModifiedSince: String?
    /// The location's offset from UTC, when known: a source that answers in UTC only (MET Norway) cuts its
    /// days at this offset.
    public var utcOffsetSeconds: Int?
}

/// A source's answer to a ``ForecastQuery``.
public enum ForecastAnswer: Sendable, Hashable {
    /// A whole answer.
    case forecast(Forecast)
    /// HTTP 304: nothing changed since `If-Modified-Since`; the data held stays and counts as a fresh answer.
    /// `validity` carries the new `Expires` (and `Last-Modified`) when the answer had them.
    case notModified(AnswerValidity, apiClockSample: Double?)

    /// The API's clock minus the host's, from the answer's `Date` (plus `Age`); nil without one.
    public var apiClockSample: Double? {
        switch self {
        case .forecast(let forecast): forecast.apiClockSample
        case .notModified(_, let sample): sample
        }
    }
}

/// An answer's caching headers, as MET Norway's terms use them: no request before `expires`, and
/// `lastModified` sent back byte for byte as `If-Modified-Since`.
public struct AnswerValidity: Sendable, Hashable {
    /// `Expires`: the data can change after this (on the API's clock).
    public var expires: Timestamp?
    /// `Last-Modified`, exactly as sent.
    public var lastModified: String?

    /// Creates a value from each of its properties.
    public init(expires: Timestamp? = nil, lastModified: String? = nil) {
        self.expires = expires
        self.lastModified = lastModified
    }
}
