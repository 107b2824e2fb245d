import WeatherCore

/// The effective configuration (SPEC §3): embedded defaults, overridden by the file, then the command line.
public struct Configuration: Sendable, Hashable {
    /// The API settings.
    public struct API: Sendable, Hashable {
        /// The forecast API's base URL.
        public var baseURL = "https://api.open-meteo.com"
        /// The geocoding API's base URL.
        public var geocodingURL = "https://geocoding-api.open-meteo.com"
        /// The API key, sent as `apikey`; empty for none. Never logged.
        public var apiKey = ""

        /// The defaults.
        public init() {}
    }

    /// The rotation period.
    public var interval: Duration = .seconds(10)
    /// The whole-request deadline of one fetch.
    public var timeout: Duration = .seconds(5)
    /// Data older than this is stale.
    public var staleAfter: Duration = .seconds(1800)
    /// The state file; nil for the default rules (``StateFileLocation``).
    public var stateFile: String?
    /// The node_exporter textfile, rewritten every tick; nil for none.
    public var prometheusTextfile: String?
    /// The API settings.
    public var api = API()
    /// The units asked for.
    public var units = Units()
    /// The locations, in rotation order.
    public var locations: [Location] = Configuration.defaultLocations

    /// The embedded defaults.
    public init() {}

    /// The locations of the embedded defaults.
    public static let defaultLocations = [
        Location(name: "Berlin", latitude: 52.52, longitude: 13.41),
        Location(name: "London", latitude: 51.5074, longitude: -0.1278),
        Location(name: "New York", latitude: 40.7128, longitude: -74.006),
        Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917),
    ]

    /// The public Open-Meteo host, whose free tier allows 10,000 calls a day.
    public static let publicHosts = ["api.open-meteo.com"]
    /// The free tier's daily limit.
    public static let freeDailyLimit = 10_000

    /// Calls per day at this interval.
    public var callsPerDay: Double { 86_400 / interval.seconds }

    /// Whether the interval exceeds the public host's free daily quota (SPEC §3).
    public var exceedsFreeQuota: Bool {
        let host = api.baseURL.split(separator: "/").dropFirst().first.map(String.init) ?? ""
        return Self.publicHosts.contains(host.lowercased()) && callsPerDay > Double(Self.freeDailyLimit)
    }
}
