/// The look-alike of MET Norway's Locationforecast 2.0 (`/weatherapi/locationforecast/2.0/compact?lat=&lon=
/// [&altitude=]`), with MET's terms and failures:
///
/// - 403 with an HTML page to a request without a `User-Agent` naming `weatherd/` (none, or a library's
///   default), and 403 for a coordinate of more than 4 decimals;
/// - 400 with an HTML page for a missing or out-of-range coordinate, or an altitude that is not whole metres
///   (what MET does with a fraction is not known: the look-alike refuses it, so a client that sends one is
///   caught);
/// - `Last-Modified` the latest half hour of the server's clock, `Expires` half an hour later, `Date` (the
///   server's); 304 (no body) to an `If-Modified-Since` equal to the current `Last-Modified`, byte for byte;
/// - the body (``LocationforecastBody``) with `Vary: Accept, Accept-Encoding`, which the server compresses
///   (``FakeOpenMeteoServer``: zlib, gzip when the request accepts it) as MET's servers do;
/// - ``MetNorwayMode``: 203 instead of 200 (and never 304), 429 with `Retry-After`, 503 with an HTML page.
public enum LocationforecastRoute {
    /// The path of the compact product.
    public static let path = "/weatherapi/locationforecast/2.0/compact"
    /// How long an answer is fresh: `Expires` is `Last-Modified` plus this (MET's: about half an hour).
    public static let period = 1800

    /// The answer to `request` when it is on the route's path; nil otherwise.
    public static func respond(to request: FakeRequest, mode: MetNorwayMode = .normal) -> FakeResponse? {
        guard request.path == path else { return nil }
        guard request.header("User-Agent")?.contains("weatherd/") == true else { return .accessDenied }
        let lat = request.query["lat"] ?? ""
        let lon = request.query["lon"] ?? ""
        guard let latitude = Double(lat), let longitude = Double(lon), abs(latitude) <= 90, abs(longitude) <= 180
        else { return page(400, "Bad Request: lat and lon are required, within range") }
        guard QueryString.hasFourDecimalsAtMost(lat), QueryString.hasFourDecimalsAtMost(lon) else {
            return .body(status: 403, contentType: "text/plain", body: "403 Forbidden: too many decimals")
        }
        let altitude = request.query["altitude"].map { Int($0) }
        if case .some(nil) = altitude { return page(400, "Bad Request: altitude must be whole metres") }
        switch mode {
        case .throttled(let retryAfter):
            return page(429, "Too Many Requests", headers: [("Retry-After", retryAfter)])
        case .unavailable:
            return page(503, "Service Unavailable")
        case .normal, .deprecated:
            break
        }
        let now = Int(request.time.rounded(.down))
        let modified = now - SyntheticWeather.positiveModulo(now, period)
        let lastModified = HTTPDateText.imfFixdate(Double(modified))
        let caching = [
            ("Last-Modified", lastModified), ("Expires", HTTPDateText.imfFixdate(Double(modified + period))),
        ]
        if mode == .normal, request.header("If-Modified-Since") == lastModified {
            return .body(status: 304, contentType: "application/json", body: "", headers: caching)
        }
        let elevation = SyntheticWeather(latitude: latitude, longitude: longitude, weatherCode: 0).elevation
        let text = LocationforecastBody.text(
            latitude: latitude,
            longitude: longitude,
            altitude: (altitude ?? nil) ?? Int(elevation),
            now: now,
            updatedAt: modified - 17 * 60
        )
        let status = mode == .deprecated ? 203 : 200
        let headers = caching + [("Vary", "Accept, Accept-Encoding")]
        return .body(status: status, contentType: "application/json", body: text, headers: headers)
    }

    /// An error with an HTML page, as MET's servers send them.
    private static func page(_ status: Int, _ text: String, headers: [(String, String)] = []) -> FakeResponse {
        .body(
            status: status,
            contentType: "text/html",
            body: "<html><body>\(status) \(text)</body></html>",
            headers: headers
        )
    }
}
