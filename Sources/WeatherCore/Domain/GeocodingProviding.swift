/// A place found by name through a geocoding service.
public struct Place: Sendable, Hashable {
    /// The place's name as the service spells it.
    public var name: String
    /// Latitude in degrees.
    public var latitude: Double
    /// Longitude in degrees.
    public var longitude: Double
    /// ISO 3166-1 alpha-2 country code, when known.
    public var countryCode: String?
    /// The country's name, when known.
    public var country: String?

    /// Creates a value from each of its properties.
    public init(name: String, latitude: Double, longitude: Double, countryCode: String? = nil, country: String? = nil) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.countryCode = countryCode
        self.country = country
    }
}

/// Resolves a location configured by name to coordinates. Implementations throw only ``FetchError``;
/// a name without a match is ``FetchErrorKind/notFound``.
public protocol GeocodingProviding: Sendable {
    /// The best match for `name`, optionally within the country `countryCode`.
    func place(named name: String, countryCode: String?) async throws(FetchError) -> Place
}
