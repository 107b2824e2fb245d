import WeatherCore

/// The US National Weather Service (`api.weather.gov`): `GET /alerts/active?point=LAT,LON` with
/// `Accept: application/geo+json`, on the terms of ``AlertSourceTerms/nws``; decoded by
/// ``NWSAlertsDecoder``.
public struct NWSAlertSource: PointAlertSource {
    /// The source.
    public init() {}

    /// Every 5 minutes; 400 or 404: a point outside its area; asks for a contact.
    public var terms: AlertSourceTerms { .nws }

    /// `{base}/alerts/active?point=LAT,LON`.
    public func url(of feed: AlertFeed, base: String) -> String {
        "\(base)/alerts/active?point=\(NumberFormat.coordinate(feed.latitude)),\(NumberFormat.coordinate(feed.longitude))"
    }

    /// GeoJSON asked for by name.
    public var headers: [(String, String)] { [("Accept", "application/geo+json")] }

    /// The warnings of `body`.
    public func alerts(in body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        try NWSAlertsDecoder.decode(body)
    }
}
