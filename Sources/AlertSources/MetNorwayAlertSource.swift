import WeatherCore

/// MET Norway's MetAlerts: `GET /weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=`, on the terms of
/// ``AlertSourceTerms/metno`` (`If-Modified-Since` is the client's, from the order); Norwegian texts
/// (`lang=no`) for a reader of Norwegian Bokmål, else English (`lang=en`); decoded by ``MetAlertsDecoder``.
public struct MetNorwayAlertSource: PointAlertSource {
    /// The language the texts are wanted in.
    public let language: Language

    /// Every 10 minutes; asks for a contact; answers `If-Modified-Since`.
    public var terms: AlertSourceTerms { .metno }

    /// `{base}/weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=no` for Norwegian Bokmål, else `lang=en`.
    public func url(of feed: AlertFeed, base: String) -> String {
        "\(base)/weatherapi/metalerts/2.0/current.json?\(query(feed))&lang=\(language == .norwegianBokmal ? "no" : "en")"
    }

    /// The warnings of `body`.
    public func alerts(in body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        try MetAlertsDecoder.decode(body)
    }
}
