/// How the air quality look-alike (``AirQualityRoute``) answers, apart from the forecast route: normally, or
/// with one of the failures a client must survive. The names are those `fake-open-meteo --air-mode` takes.
public enum AirQualityMode: Sendable, Hashable {
    /// 200 with the air quality of the hour.
    case normal
    /// 503 with Open-Meteo's error body, and this `Retry-After` when set.
    case unavailable(retryAfter: String?)
    /// 429 "Minutely API request limit exceeded", and this `Retry-After` when set.
    case rateLimited(retryAfter: String?)
    /// 200 with an HTML page (a captive portal, a proxy's maintenance page).
    case html
    /// 200 with the first half of the body.
    case truncated
    /// The request is read and never answered.
    case hang

    /// The mode `fake-open-meteo --air-mode` names: `200`, `503`, `429` (each with `retryAfter`), `html`,
    /// `truncated` or `hang`; nil for another name.
    public init?(name: String, retryAfter: String? = nil) {
        switch name {
        case "200": self = .normal
        case "503": self = .unavailable(retryAfter: retryAfter)
        case "429": self = .rateLimited(retryAfter: retryAfter)
        case "html": self = .html
        case "truncated": self = .truncated
        case "hang": self = .hang
        default: return nil
        }
    }
}
