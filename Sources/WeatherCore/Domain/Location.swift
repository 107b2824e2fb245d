/// A configured place whose weather is shown in turn.
public struct Location: Sendable, Hashable {
    /// Stable identifier (state file, journal `WEATHER_LOCATION`).
    public var id: String
    /// Human-readable name.
    public var name: String
    /// Latitude in degrees, −90…90 (0 while ``hasCoordinates`` is false).
    public var latitude: Double
    /// Longitude in degrees, −180…180 (0 while ``hasCoordinates`` is false).
    public var longitude: Double
    /// Whether the coordinates are known: false for a location configured by name only until the
    /// geocoding API has resolved it.
    public var hasCoordinates: Bool
    /// The ISO 3166-1 alpha-2 country filter for geocoding (`country_code`), if any.
    public var countryCode: String?
    /// Where its official warnings come from (`alerts:`, docs/alerts.md).
    public var alerts: AlertSetting = .auto
    /// Its own weather sources, in the order tried (`sources:`, docs/sources.md); nil: the configuration's.
    public var sources: [WeatherSource]?
    /// Whether its air quality is fetched (`air_quality:` of the location, docs/air.md); nil follows
    /// `air_quality.enabled`.
    public var airQuality: Bool?

    /// Creates a location with coordinates; `id` defaults to ``Location/defaultID(for:)`` of the name.
    public init(id: String? = nil, name: String, latitude: Double, longitude: Double, countryCode: String? = nil) {
        self.id = id ?? Location.defaultID(for: name)
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.hasCoordinates = true
        self.countryCode = countryCode
    }

    /// Creates a location known by name only, to be resolved by geocoding.
    public init(id: String? = nil, name: String, countryCode: String?) {
        self.id = id ?? Location.defaultID(for: name)
        self.name = name
        self.latitude = 0
        self.longitude = 0
        self.hasCoordinates = false
        self.countryCode = countryCode
    }

    /// Whether its air quality is fetched when `air_quality.enabled` is `enabledByDefault`.
    public func wantsAirQuality(enabledByDefault: Bool) -> Bool {
        airQuality ?? enabledByDefault
    }

    /// This location at the given coordinates.
    public func resolved(latitude: Double, longitude: Double) -> Location {
        var location = self
        location.latitude = latitude
        location.longitude = longitude
        location.hasCoordinates = true
        return location
    }

    /// Whether `other` is the same place: same coordinates, or the same name query when unresolved.
    public func isSamePlace(as other: Location) -> Bool {
        if hasCoordinates && other.hasCoordinates {
            return latitude == other.latitude && longitude == other.longitude
        }
        return name == other.name && countryCode == other.countryCode
    }

    /// The default id of a name: lower-cased, every run of characters outside `[a-z0-9]` replaced
    /// by one `-`, with leading and trailing `-` removed ("New York" → "new-york").
    public static func defaultID(for name: String) -> String {
        var id = ""
        var pendingDash = false
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash && !id.isEmpty { id.append("-") }
                pendingDash = false
                id.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return id
    }
}
