/// One alert poll the ``AlertPlanner`` decided: a feed, and the `Last-Modified` to send back as
/// `If-Modified-Since` (MET Norway's terms) with the language it was answered in.
public struct AlertPollOrder: Sendable, Hashable {
    /// What to ask, and for which locations.
    public var feed: AlertFeed
    /// The previous answer's `Last-Modified`, when the source answers 304 to it.
    public var ifModifiedSince: String?
    /// The language the previous answer's texts were asked in (``AlertPollOutcome/language``); nil when not
    /// known. A poller asking in another language does not send ``ifModifiedSince``: a 304 would keep the
    /// texts of the other.
    public var language: Language?
}

/// How an alert poll ended.
public struct AlertPollOutcome: Sendable, Hashable {
    /// The answer.
    public enum Result: Sendable, Hashable {
        /// The source's whole current list, for each member location of the feed (by location id; a
        /// location without an entry has none).
        case answered([String: [Alert]])
        /// 304: nothing changed since `If-Modified-Since`.
        case unchanged
        /// The poll failed: no answer, an error status, or a body that is not the source's JSON.
        case failed(FetchError)
    }

    /// The answer.
    public var result: Result
    /// The answer's `Last-Modified`, if any.
    public var lastModified: String?
    /// For how long the answer is fresh by its caching headers (`Cache-Control: max-age`, else `Expires`
    /// minus `Date`): no poll before.
    public var freshForSeconds: Double?
    /// The language the poll asked the texts in, which its `Last-Modified` holds for.
    public var language: Language?
}

extension AlertPollOutcome {
    /// An outcome with its answer alone; an answer's caching headers and language are set after.
    /// (Declared here, apart from the type, so that WeatherCore keeps the memberwise initializer.)
    public init(_ result: Result) {
        self.result = result
    }
}

/// Polls alert sources: the network in production, a look-alike in tests. Never throws: a failure is an
/// outcome.
public protocol AlertPolling: Sendable {
    /// Asks the feed's source for its warnings.
    func poll(_ order: AlertPollOrder) async -> AlertPollOutcome
}

/// One request target of the alert sources: a point of NWS, MET Norway or Bright Sky for one location, or
/// one MeteoAlarm country feed for all the locations that use it.
public struct AlertFeed: Sendable, Hashable {
    /// A location that reads its warnings from the feed.
    public struct Member: Sendable, Hashable {
        /// The location's id.
        public var locationID: String
        /// MeteoAlarm's area code, if the location has one.
        public var code: String?
        /// The location's latitude (MeteoAlarm: matched against the warnings' polygons).
        public var latitude: Double
        /// The location's longitude.
        public var longitude: Double
    }

    /// The source.
    public let source: Alert.Source
    /// MeteoAlarm's country slug; nil for the point sources.
    public let country: String?
    /// The point asked for (the point sources), rounded to 4 decimals as the sources' terms ask.
    public let latitude: Double
    /// The point's longitude, rounded to 4 decimals.
    public let longitude: Double
    /// What identifies the feed across polls and restarts: `nws 40.7128,-74.006`, `meteoalarm france`.
    /// Made once: the planner looks feeds up by it several times a tick, and formatting the coordinates
    /// each time was a fifth of a cache tick's instructions (callgrind).
    public let key: String
    /// Which locations read the answer.
    public var members: [Member]
    /// The host the source is asked at: one request at a time per host.
    public var host: String

    /// A feed.
    public init(
        source: Alert.Source,
        country: String? = nil,
        latitude: Double = 0,
        longitude: Double = 0,
        members: [Member],
        host: String
    ) {
        self.source = source
        self.country = country
        self.latitude = NumberFormat.fourDecimals(latitude)
        self.longitude = NumberFormat.fourDecimals(longitude)
        self.members = members
        self.host = host
        self.key =
            if let country { "\(source.rawValue) \(country)" } else {
                "\(source.rawValue) \(NumberFormat.coordinate(self.latitude)),"
                    + NumberFormat.coordinate(self.longitude)
            }
    }
}
