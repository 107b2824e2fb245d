import AsyncHTTPClient
import WeatherCore
import WeatherHTTP

/// The ``WeatherProviding`` of MET Norway's Locationforecast 2.0 (`compact`): one `GET` per call on MET's
/// terms, with a whole-request deadline and a body limit; every failure is a ``FetchError``.
///
/// Each request names weatherd and its operator in `User-Agent` (MET refuses an unidentified client with
/// 403), asks with `Accept-Encoding: gzip` (37 KB become about 3 KB; the client inflates the answer itself,
/// only as far as the query reads it (``EncodedBody``): the `HTTPClient` passed in must not decompress), and
/// sends the query's `ifModifiedSince` back byte for byte as `If-Modified-Since`. The answers:
/// - 200: the forecast, with `Expires` and `Last-Modified` (``AnswerValidity``) and the API's clock from
///   `Date`; 203 (the product is deprecated or in beta): the same, marked ``Forecast/deprecatedProduct``;
/// - 304: ``ForecastAnswer/notModified(_:apiClockSample:)``, with the new `Expires` if it has one;
/// - 403: an `http` error naming the User-Agent sent; 429: `rate_limited` with its `Retry-After`;
///   others (5xx): classified by status. An error body is never read: MET's are HTML.
/// A 200 whose body is not MET's JSON (an HTML page, cut short before the steps the query needs) is
/// `invalid_response`.
public struct MetNorwayClient: WeatherProviding {
    /// The largest answer accepted, compressed and inflated (MET's is about 37 KB inflated): HTTPGetter's.
    public static let bodyLimit = HTTPGetter.bodyLimit

    private let http: HTTPGetter
    private let endpoint: MetNorwayEndpoint
    /// Each URL's request as first made (the headers that never change included), sent again with the
    /// `If-Modified-Since` of its fetch.
    private let requests = PreparedRequests<String>()
    /// Each URL's last answer as it came (compressed, about 3 KB), with its `Last-Modified`: what a 304 means
    /// "use your copy" of. A fetch reads only the steps it needs (the hours and days when they are due), so a
    /// later fetch that asks for hours or days the answer was not read for, and gets a 304, reads them from
    /// this copy; without it the 304 would leave them as they were until MET's data changed.
    private let answers = KeptPerKey<String, KeptAnswer>()

    /// One answer as it came.
    private struct KeptAnswer: Sendable {
        /// Its `Last-Modified`, exactly as sent.
        var lastModified: String
        /// Its `Content-Encoding`.
        var encoding: String?
        /// Its body, as sent.
        var body: [UInt8]
    }

    /// A client of `endpoint` whose requests `http` sends; its `HTTPClient` must not decompress.
    package init(http: HTTPGetter, endpoint: MetNorwayEndpoint) {
        self.http = http
        self.endpoint = endpoint
    }

    /// Fetches the query's location; `query.utcOffsetSeconds` cuts the days (UTC when nil).
    public func forecast(_ query: ForecastQuery) async throws(FetchError) -> ForecastAnswer {
        let url = endpoint.url(for: query)
        var request = try requests.value(for: url) { () throws(FetchError) in
            try http.request(url, headers: [("Accept-Encoding", "gzip")])
        }
        if let since = query.ifModifiedSince { request.headers.replaceOrAdd(name: "If-Modified-Since", value: since) }
        let response = try await http.get(request)
        switch response.status {
        case 200, 203:
            // The API's time when the answer arrived: its `Date` (plus `Age`), else the host's.
            let now = response.receivedAt.adding(seconds: response.apiClockSample ?? 0)
            let encoding = response.headers.first(name: "Content-Encoding")
            let result = response.body.withUnsafeReadableBytes { body in
                Result { () throws(FetchError) in try Self.decode(body, encoding: encoding, for: query, now: now) }
            }
            var forecast = try result.get()
            forecast.apiClockSample = response.apiClockSample
            forecast.validity = Self.validity(of: response)
            forecast.deprecatedProduct = response.status == 203
            if let lastModified = forecast.validity?.lastModified {
                let body = Array(response.body.readableBytesView)
                answers.keep(.init(lastModified: lastModified, encoding: encoding, body: body), for: url)
            }
            return .forecast(forecast)
        case 304:
            // Nothing changed since the answer kept: the hours or days asked for now are read from it.
            var validity = Self.validity(of: response)
            guard query.blocks.hours != nil || query.blocks.days != nil, let since = query.ifModifiedSince,
                let kept = answers.value(for: url), kept.lastModified == since
            else { return .notModified(validity, apiClockSample: response.apiClockSample) }
            let now = response.receivedAt.adding(seconds: response.apiClockSample ?? 0)
            let result = kept.body.withUnsafeBytes { body in
                Result { () throws(FetchError) in
                    try Self.decode(body, encoding: kept.encoding, for: query, now: now)
                }
            }
            var forecast = try result.get()
            forecast.apiClockSample = response.apiClockSample
            validity.lastModified = validity.lastModified ?? since
            forecast.validity = validity
            return .forecast(forecast)
        case 403:
            var error = FetchErrorClassifier.classify(status: 403, headers: response.headers)
            error.message = "HTTP 403 Forbidden (sent User-Agent: \(http.userAgent))"
            throw error
        default:
            throw FetchErrorClassifier.classify(
                status: response.status,
                headers: response.headers,
                receivedAt: response.receivedAt
            )
        }
    }

    /// The forecast in `body` (an answer's, in `encoding`), inflated as far as `query` reads it: a first
    /// part, then, when the steps it needs go on past that part, the whole.
    private static func decode(
        _ body: UnsafeRawBufferPointer,
        encoding: String?,
        for query: ForecastQuery,
        now: Timestamp
    ) throws(FetchError) -> Forecast {
        let firstBytes = LocationforecastDecoder.bytesNeeded(by: query)
        return try EncodedBody.read(body, encoding: encoding, limit: bodyLimit, firstBytes: firstBytes) {
            bytes,
            whole throws(FetchError) in
            do throws(FetchError) {
                return try LocationforecastDecoder.decodeForecast(bytes, for: query, now: now)
            } catch {
                if whole { throw error }
                return nil
            }
        }
    }

    /// `Expires` (read as an HTTP date, on the API's clock) and `Last-Modified` (kept as sent).
    private static func validity(of response: HTTPGetter.Response) -> AnswerValidity {
        AnswerValidity(
            expires: response.headers.first(name: "Expires").flatMap(HTTPDate.parse),
            lastModified: response.headers.first(name: "Last-Modified")
        )
    }
}
