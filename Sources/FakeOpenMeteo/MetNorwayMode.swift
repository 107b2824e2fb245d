/// How the MET Norway look-alike (``LocationforecastRoute``) answers a request it accepts: normally, or with
/// one of MET's failures. The names are those `fake-open-meteo --met-mode` takes.
public enum MetNorwayMode: Sendable, Hashable {
    /// 200 with the forecast, 304 to an `If-Modified-Since` equal to the current `Last-Modified`.
    case normal
    /// 203: the product is deprecated or in beta; the forecast, and never a 304 (MET ignores
    /// `If-Modified-Since` then).
    case deprecated
    /// 429 with this `Retry-After` (seconds or an HTTP date): throttled.
    case throttled(retryAfter: String)
    /// 503 with an HTML page.
    case unavailable

    /// The mode `fake-open-meteo --met-mode` names: `200`, `203`, `429` (with `retryAfter`, 3600 s when
    /// nil) or `503`; nil for another name.
    public init?(name: String, retryAfter: String? = nil) {
        switch name {
        case "200": self = .normal
        case "203": self = .deprecated
        case "429": self = .throttled(retryAfter: retryAfter ?? "3600")
        case "503": self = .unavailable
        default: return nil
        }
    }
}
