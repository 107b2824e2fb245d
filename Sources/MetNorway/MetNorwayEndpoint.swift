import WeatherCore

/// Builds the Locationforecast request: `GET {base_url}/weatherapi/locationforecast/2.0/compact` with
/// `lat`, `lon` and, when known, `altitude`. MET's terms: coordinates of at most 4 decimals (more may be
/// refused, or blocked), printed the same way every time, so that the same place is the same URL for
/// MET's caches and a proxy's; the altitude in whole metres (MET corrects its temperatures to it).
public struct MetNorwayEndpoint: Sendable, Hashable {
    /// MET Norway's API.
    public static let defaultBaseURL = "https://api.met.no"
    /// The path of the compact product.
    public static let path = "/weatherapi/locationforecast/2.0/compact"

    /// The API's base URL without trailing slash: MET's, a mirror's or a look-alike's.
    public var baseURL: String

    /// Creates an endpoint; a trailing `/` of `baseURL` is dropped.
    public init(baseURL: String = MetNorwayEndpoint.defaultBaseURL) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
    }

    /// The request URL for a point: `…/compact?lat=59.9139&lon=10.7522&altitude=23`. An altitude that is not
    /// a plausible height (nil, not finite, beyond the deepest dry land or the highest peak) is left out.
    public func url(latitude: Double, longitude: Double, altitude: Double?) -> String {
        var url = baseURL + Self.path
        url += "?lat=" + NumberFormat.coordinate(latitude)
        url += "&lon=" + NumberFormat.coordinate(longitude)
        if let altitude, altitude.isFinite, (-500.0...9000.0).contains(altitude) {
            url += "&altitude=\(Int(altitude.rounded()))"
        }
        return url
    }

    /// The request URL of `query`.
    public func url(for query: ForecastQuery) -> String {
        url(latitude: query.location.latitude, longitude: query.location.longitude, altitude: query.altitude)
    }
}
