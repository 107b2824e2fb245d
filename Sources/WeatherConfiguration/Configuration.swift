import WeatherCore

/// The effective configuration (weatherd.conf(5)): embedded defaults, overridden by the file, then the command line.
public struct Configuration: Sendable, Hashable {
    /// The API settings.
    public struct API: Sendable, Hashable {
        /// The forecast API's base URL.
        public var baseURL = "https://api.open-meteo.com"
        /// The geocoding API's base URL.
        public var geocodingURL = "https://geocoding-api.open-meteo.com"
        /// The API key, sent as `apikey`; empty for none. Never logged.
        public var apiKey = ""
        /// `api.limits` as set in the file, per window; nil where not set (see ``Configuration/limits``).
        public var limits = LimitSettings()

        /// The defaults.
        public init() {}
    }

    /// `api.limits`: weighted calls per UTC window, each nil when not set.
    public struct LimitSettings: Sendable, Hashable {
        /// Calls per minute.
        public var minute: Double?
        /// Calls per hour.
        public var hour: Double?
        /// Calls per day.
        public var day: Double?

        /// Creates a value from each of its properties.
        public init(minute: Double? = nil, hour: Double? = nil, day: Double? = nil) {
            self.minute = minute
            self.hour = hour
            self.day = day
        }
    }

    /// `alerts`: the official warnings (docs/alerts.md).
    public struct Alerts: Sendable, Hashable {
        /// Whether any source is polled.
        public var enabled = true
        /// An e-mail or URL added to the `User-Agent` (NWS and MET Norway ask for one); empty for none.
        public var contact = ""
        /// Each source's base URL.
        public var endpoints = AlertEndpoints()

        /// The defaults.
        public init() {}
    }

    /// `air_quality`: air quality, UV and pollen (docs/air.md). Its `index` (the scale) is
    /// ``DisplaySettings/airQualityScale``, in ``display``.
    public struct AirQualitySettings: Sendable, Hashable {
        /// Whether locations without an `air_quality:` key of their own have their air quality fetched.
        public var enabled = false
        /// The air quality API's base URL.
        public var baseURL = "https://air-quality-api.open-meteo.com"

        /// The defaults.
        public init() {}
    }

    /// `met_norway`: MET Norway's Locationforecast (docs/sources.md).
    public struct MetNorway: Sendable, Hashable {
        /// Its base URL (a mirror or a look-alike).
        public var baseURL = "https://api.met.no"

        /// The defaults.
        public init() {}
    }

    /// The rotation period.
    public var interval: Duration = .seconds(10)
    /// When locations are fetched.
    public var refresh: RefreshPolicy = .auto
    /// The whole-request deadline of one fetch.
    public var timeout: Duration = .seconds(5)
    /// Data older than this is stale.
    public var staleAfter: Duration = .seconds(1800)
    /// The state file; nil for the default rules (``FileLocations``).
    public var stateFile: String?
    /// The durable cache; nil for the default rules (``FileLocations``).
    public var cacheFile: String?
    /// The node_exporter textfile, rewritten every tick; nil for none.
    public var prometheusTextfile: String?
    /// The API settings.
    public var api = API()
    /// The units asked for.
    public var units = Units()
    /// Which forecast blocks ride on the requests (docs/forecast.md).
    public var forecast = ForecastSettings()
    /// The bar's text, icons and clock (docs/forecast.md).
    public var display = DisplaySettings()
    /// The official warnings.
    public var alerts = Alerts()
    /// The weather sources in the order tried (a location may have its own).
    public var sources = WeatherSource.defaultOrder
    /// An e-mail or URL for the User-Agent of the sources that ask for one; empty: `alerts.contact`.
    public var contact = ""
    /// MET Norway's settings.
    public var metNorway = MetNorway()
    /// The language of the words for people (docs/language.md): `auto` (the locale's) or a code.
    public var language = "auto"
    /// Air quality, UV and pollen.
    public var airQuality = AirQualitySettings()
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

    /// The public Open-Meteo host, whose free tier the default limits are.
    public static let publicHost = "api.open-meteo.com"

    /// Whether `api.base_url` is the public Open-Meteo host.
    public var usesPublicHost: Bool {
        let host = api.baseURL.split(separator: "/").dropFirst().first.map(String.init) ?? ""
        return host.lowercased() == Self.publicHost || host.lowercased().hasPrefix(Self.publicHost + ":")
    }

    /// The effective `api.limits`: each window as set, else the free tier's for the public host (600 a
    /// minute, 5,000 an hour, 10,000 a day) and none for any other host.
    public var limits: QuotaLimits {
        let defaults: (Double, Double, Double) = usesPublicHost ? (600, 5000, 10_000) : (0, 0, 0)
        return QuotaLimits(
            minute: api.limits.minute ?? defaults.0,
            hour: api.limits.hour ?? defaults.1,
            day: api.limits.day ?? defaults.2
        )
    }

    /// The contact every User-Agent carries: `contact`, else `alerts.contact` (where it was first set).
    public var effectiveContact: String { contact.isEmpty ? alerts.contact : contact }
    /// The locations whose air quality is fetched: those that say so, and those that say nothing while
    /// `air_quality.enabled` is on.
    public var airQualityLocations: [Location] {
        locations.filter { $0.wantsAirQuality(enabledByDefault: airQuality.enabled) }
    }

    /// What the planner works with.
    public var plannerSettings: PlannerSettings {
        PlannerSettings(
            interval: interval.seconds,
            refresh: refresh,
            limits: limits,
            staleAfter: staleAfter.seconds,
            units: units,
            forecast: forecast,
            sources: sources,
            airQuality: airQuality.enabled,
            airQualityScale: display.airQualityScale
        )
    }
}
