import WeatherCore

/// MeteoAlarm's country feeds: `GET /api/v1/warnings/feeds-{country}` with `Accept-Encoding: gzip` (the
/// feed runs to megabytes), one request for all the locations of a country, on the terms of
/// ``AlertSourceTerms/meteoalarm``. The feed is decoded once per poll, its warnings then matched to each
/// location: by its area code, else by its point inside the warnings' polygons (``MeteoAlarmDecoder``). Each
/// message is read in the reader's language where it has it, else in English, else in its first.
public struct MeteoAlarmAlertSource: AlertSource {
    /// The language the texts are wanted in.
    public let language: Language

    /// Every 30 minutes.
    public var terms: AlertSourceTerms { .meteoalarm }

    /// `{base}/api/v1/warnings/feeds-{country}`.
    public func url(of feed: AlertFeed, base: String) -> String {
        "\(base)/api/v1/warnings/feeds-\(feed.country ?? "")"
    }

    /// A compressed answer (the client decompresses it).
    public var headers: [(String, String)] { [("Accept-Encoding", "gzip")] }

    /// The warnings of each member of `feed`, the feed decoded once.
    public func alerts(in body: some Collection<UInt8>, for feed: AlertFeed) throws(FetchError) -> [String: [Alert]] {
        let places = feed.members.map { member in
            (
                id: member.locationID,
                place: member.code.map { MeteoAlarmDecoder.Place.code($0) }
                    ?? .point(latitude: member.latitude, longitude: member.longitude)
            )
        }
        return try MeteoAlarmDecoder.decode(body, for: places, language: language)
    }
}
