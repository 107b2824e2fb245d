import WeatherCore

/// MET Norway's MetAlerts: `GET /weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=en`, on the terms
/// of ``AlertSourceTerms/metno`` (`If-Modified-Since` is the client's, from the order); decoded by
/// ``MetAlertsDecoder``.
public struct MetNorwayAlertSource: PointAlertSource {
    /// The source.
    public init() {}

    /// Every 10 minutes; asks for a contact; answers `If-Modified-Since`.
    public var terms: AlertSourceTerms { .metno }

    /// `{base}/weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=en`: English texts.
    public func url(of feed: AlertFeed, base: String) -> String {
        "\(base)/weatherapi/metalerts/2.0/current.json?\(query(feed))&lang=en"
    }

    /// The warnings of `body`.
    public func alerts(in body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        try MetAlertsDecoder.decode(body)
    }
}
