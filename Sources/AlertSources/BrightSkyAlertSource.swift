import WeatherCore

/// The Deutscher Wetterdienst's warnings through Bright Sky: `GET /alerts?lat=&lon=`, on the terms of
/// ``AlertSourceTerms/dwd``; a 404 says the point has no German warn cell; decoded by
/// ``BrightSkyAlertsDecoder``, in German for a reader of German, else in English.
public struct BrightSkyAlertSource: PointAlertSource {
    /// The language the texts are wanted in.
    public let language: Language

    /// Every 10 minutes; 404: outside Germany; no references.
    public var terms: AlertSourceTerms { .dwd }

    /// `{base}/alerts?lat=&lon=`.
    public func url(of feed: AlertFeed, base: String) -> String {
        "\(base)/alerts?\(query(feed))"
    }

    /// The warnings of `body`.
    public func alerts(in body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        try BrightSkyAlertsDecoder.decode(body, language: language)
    }

    /// A 404: no German warn cell at the point, said so.
    public func failure(status: Int, for feed: AlertFeed) -> FetchError? {
        guard status == 404 else { return nil }
        var error = FetchError(
            kind: .http,
            message: "HTTP 404: Bright Sky has no German warn cell at \(NumberFormat.coordinate(feed.latitude)),"
                + "\(NumberFormat.coordinate(feed.longitude)) (outside Germany?)"
        )
        error.httpStatus = 404
        return error
    }
}
