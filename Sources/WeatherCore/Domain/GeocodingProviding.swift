import MemberwiseInit

/// A place found by name through a geocoding service.
@MemberwiseInit
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
}

/// Resolves a location configured by name to coordinates. Implementations throw only ``FetchError``;
/// a name without a match is ``FetchErrorKind/notFound``.
public protocol GeocodingProviding: Sendable {
    /// The best match for `name`, optionally within the country `countryCode`.
    func place(named name: String, countryCode: String?) async throws(FetchError) -> Place
}
