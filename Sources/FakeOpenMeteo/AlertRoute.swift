/// The look-alike of the four alert sources (docs/alerts.md), on their own paths beside Open-Meteo's, with
/// their terms and their failures:
///
/// - every source answers 403 with an HTML "Access Denied" page to a request without a `User-Agent` naming
///   `weatherd/`;
/// - NWS (`/alerts/active?point=LAT,LON`): 400 problem+json for a coordinate of more than 4 decimals;
///   `Cache-Control: public, max-age=30`; an empty FeatureCollection when it has no body;
/// - MET Norway (`/weatherapi/metalerts/2.0/current.json?lat=&lon=`): 403 beyond 4 decimals; `Expires` a
///   minute ahead and a `Last-Modified` of its own for each body; 304 to `If-Modified-Since` equal to it;
/// - Bright Sky (`/alerts?lat=&lon=`): 404 outside Germany (its bounding box);
/// - MeteoAlarm (`/api/v1/warnings/feeds-COUNTRY`): the country's feed, `{"warnings":[]}` when it has none.
///
/// `bodies` gives each source's answer by key (`nws`, `metno`, `dwd`, `meteoalarm-<country>`), nil for the
/// all-clear. A body starting with `!` is a failure instead: `!429` (with `Retry-After: 120`), `!503`,
/// `!html` (an HTML page with status 200).
public enum AlertRoute {
    /// Each source's answer by key; nil for its all-clear.
    public typealias Bodies = @Sendable (String) -> String?

    /// The answer to `request` when it is on an alert source's path; nil otherwise.
    public static func respond(to request: FakeRequest, bodies: Bodies) -> FakeResponse? {
        let key: String
        switch request.path {
        case "/alerts/active": key = "nws"
        case "/weatherapi/metalerts/2.0/current.json": key = "metno"
        case "/alerts": key = "dwd"
        case let path where path.hasPrefix("/api/v1/warnings/feeds-"):
            key = "meteoalarm-" + path.dropFirst("/api/v1/warnings/feeds-".count)
        default: return nil
        }
        guard request.header("User-Agent")?.contains("weatherd/") == true else { return .accessDenied }
        let point: (Double, Double)?
        switch key {
        case "nws":
            let parts = (request.query["point"] ?? "").split(separator: ",").map(String.init)
            guard parts.count == 2, parts.allSatisfy(QueryString.hasFourDecimalsAtMost) else {
                return .body(
                    status: 400,
                    contentType: "application/problem+json",
                    body: #"{"title":"Bad Request","status":400,"detail":"point: Invalid coordinates"}"#
                )
            }
            point = (Double(parts[0]) ?? 0, Double(parts[1]) ?? 0)
        case "metno", "dwd":
            let lat = request.query["lat"] ?? ""
            let lon = request.query["lon"] ?? ""
            guard let latitude = Double(lat), let longitude = Double(lon) else {
                return .body(status: 400, body: #"{"detail":"lat and lon are required"}"#)
            }
            if key == "metno" && !(QueryString.hasFourDecimalsAtMost(lat) && QueryString.hasFourDecimalsAtMost(lon)) {
                return .body(status: 403, contentType: "text/plain", body: "403 Forbidden: too many decimals")
            }
            point = (latitude, longitude)
        default:
            point = nil
        }
        if key == "dwd", let (latitude, longitude) = point,
            !((47.2...55.1).contains(latitude) && (5.8...15.1).contains(longitude))
        {
            return .body(status: 404, body: #"{"detail":"Not Found"}"#)
        }
        let body = bodies(key)
        if let body, body.hasPrefix("!") { return failure(body) }
        switch key {
        case "nws":
            return .body(
                status: 200,
                contentType: "application/geo+json",
                body: body
                    ?? #"{"type":"FeatureCollection","features":[],"title":"Current watches, warnings, and advisories","updated":"2026-11-24T11:20:00+00:00"}"#,
                headers: [("Cache-Control", "public, max-age=30, s-maxage=30")]
            )
        case "metno":
            let text =
                body
                ?? #"{"features":[],"lang":"en","lastChange":"2026-11-24T11:00:00+00:00","type":"FeatureCollection"}"#
            let modified = HTTPDateText.imfFixdate(1_795_000_000 + Double(hash(text) % 1_000_000))
            if request.header("If-Modified-Since") == modified { return .body(status: 304, body: "") }
            return .body(
                status: 200,
                body: text,
                headers: [("Last-Modified", modified), ("Expires", HTTPDateText.imfFixdate(request.time + 60))]
            )
        case "dwd":
            return .body(
                status: 200,
                body: body ?? #"{"alerts":[],"location":{"warn_cell_id":811000000,"name":"Stadt Berlin"}}"#
            )
        default:
            return .body(status: 200, body: body ?? #"{"warnings":[]}"#)
        }
    }

    /// A failure named by a body starting with `!`.
    private static func failure(_ body: String) -> FakeResponse {
        switch body.dropFirst().prefix(while: { $0 != "\n" }) {
        case "429": .body(status: 429, body: #"{"detail":"Too Many Requests"}"#, headers: [("Retry-After", "120")])
        case "503":
            .body(status: 503, contentType: "text/html", body: "<html><body>503 Service Unavailable</body></html>")
        default: .body(status: 200, contentType: "text/html", body: "<html><body>Maintenance</body></html>")
        }
    }

    /// djb2: a stable `Last-Modified` per body.
    private static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(5381) { ($0 &* 33) &+ UInt64($1) }
    }
}
