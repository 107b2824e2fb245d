import WeatherCore

/// One official warning service as weatherd asks it (docs/alerts.md): every rule that is the source's own,
/// in one conformance per source: its terms (``terms``: how often, what "not covered" means, how updates
/// name earlier messages, whether it asks for a contact or answers `If-Modified-Since`), the request (its
/// URL and headers), how it reads an error status of its own, and the decoding of its answer. The
/// ``AlertClient`` polls any of them the same way.
public protocol AlertSource: Sendable {
    /// The source's terms; the same value as ``Alert/Source/terms``, which the planner reads.
    var terms: AlertSourceTerms { get }

    /// The URL `feed` is asked at, below the source's base URL `base` (no trailing `/`).
    func url(of feed: AlertFeed, base: String) -> String

    /// The headers the source is asked with, besides `User-Agent` and `If-Modified-Since`.
    var headers: [(String, String)] { get }

    /// The warnings of a 2xx answer `body` for each member location of `feed`, by location id.
    func alerts(in body: some Collection<UInt8>, for feed: AlertFeed) throws(FetchError) -> [String: [Alert]]

    /// The failure of an answer of `status` that means something of the source's own (Bright Sky's 404: no
    /// warn cell at the point); nil where the status reads as for any server.
    func failure(status: Int, for feed: AlertFeed) -> FetchError?
}

extension AlertSource {
    /// No headers of the source's own.
    public var headers: [(String, String)] { [] }

    /// No status means more than it does for any server.
    public func failure(status: Int, for feed: AlertFeed) -> FetchError? { nil }
}

/// A source asked for one point (NWS, MET Norway, Bright Sky): its answer is the warnings of every location
/// at that point.
public protocol PointAlertSource: AlertSource {
    /// The warnings of a 2xx answer `body`.
    func alerts(in body: some Collection<UInt8>) throws(FetchError) -> [Alert]
}

extension PointAlertSource {
    /// The answer's warnings, for each member of `feed`.
    public func alerts(in body: some Collection<UInt8>, for feed: AlertFeed) throws(FetchError) -> [String: [Alert]] {
        let alerts = try alerts(in: body)
        var lists: [String: [Alert]] = [:]
        for member in feed.members { lists[member.locationID] = alerts }
        return lists
    }

    /// The feed's point as the sources want it: `lat=52.52&lon=13.41`.
    func query(_ feed: AlertFeed) -> String {
        "lat=\(NumberFormat.coordinate(feed.latitude))&lon=\(NumberFormat.coordinate(feed.longitude))"
    }
}
