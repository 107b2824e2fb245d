/// One HTTP request as the fake server received it.
public struct FakeRequest: Sendable {
    /// The request method, e.g. `GET`.
    public var method: String
    /// The raw request target, e.g. `/v1/forecast?latitude=52.52&longitude=13.41`.
    public var uri: String
    /// The path part of ``uri``, without the query, e.g. `/v1/forecast`.
    public var path: String
    /// The percent-decoded query parameters; for a repeated name the last value wins.
    public var query: [String: String]
    /// The request headers as (name, value) pairs, in the order they were sent.
    public var headers: [(String, String)]
    /// The 0-based arrival index of this request across all connections of the server.
    public var sequence: Int
    /// When it arrived on the server's clock (the host's plus the server's clock offset), in seconds since
    /// the epoch: the data period it is answered for, and its `Date` header.
    public var time: Double

    /// Makes a request from a raw request target, deriving ``path`` and ``query`` from `uri`.
    ///
    /// Useful to call a handler such as ``FakeOpenMeteoServer/realistic`` directly in a test.
    public init(
        method: String = "GET",
        uri: String,
        headers: [(String, String)] = [],
        sequence: Int = 0,
        time: Double = HTTPDateText.hostNow()
    ) {
        let (path, rawQuery) = QueryString.split(uri)
        self.method = method
        self.uri = uri
        self.path = path
        self.query = QueryString.parse(rawQuery)
        self.headers = headers
        self.sequence = sequence
        self.time = time
    }

    /// The value of the first header named `name` (compared case-insensitively), if any.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.0.lowercased() == wanted }?.1
    }
}
