/// What the fake server does with one request.
public enum FakeResponse: Sendable {
    /// A complete response with `Content-Length`; `headers` are added after the standard ones.
    case body(
        status: Int,
        contentType: String = "application/json; charset=utf-8",
        body: String,
        headers: [(String, String)] = []
    )
    /// ``body(status:contentType:body:headers:)`` with a body of bytes (a compressed one).
    case bytes(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = [])
    /// Reads the request and never answers; the connection stays open until the client or the server closes it.
    case hang
    /// Status 200 with the full `Content-Length`, the body trickled out `bytesPerChunk` bytes every
    /// `intervalMilliseconds`.
    case drip(body: String, bytesPerChunk: Int, intervalMilliseconds: Int)
    /// Sends the head (with the `Content-Length` of a larger body) and `partialBody`, then resets the
    /// connection (`SO_LINGER` 0, so the client sees an RST where the platform allows it).
    case resetAfter(partialBody: String)
    /// Status 200, chunked without `Content-Length`, streaming `bytes` bytes of JSON-like filler made on the fly
    /// in chunks of about 64 KiB; streaming stops as soon as the client goes away.
    case oversized(bytes: Int)
    /// Closes the connection without sending anything.
    case closeImmediately

    /// The CDN's answer to a client that does not name itself (no `User-Agent` with `weatherd/`): 403 and
    /// an HTML page, as MET Norway's and NWS's CDNs answer.
    public static let accessDenied = FakeResponse.body(
        status: 403,
        contentType: "text/html",
        body: "<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY>You don't have permission.</BODY></HTML>"
    )

    /// An Open-Meteo error response: `{"error":true,"reason":"..."}` with the given status.
    ///
    /// The real API sends no `Retry-After`; pass `headers` to add one (or anything else) on purpose.
    public static func openMeteoError(status: Int, reason: String, headers: [(String, String)] = []) -> FakeResponse {
        .body(status: status, body: #"{"error":true,"reason":"# + JSONText.string(reason) + "}", headers: headers)
    }
}
