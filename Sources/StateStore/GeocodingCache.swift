#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

/// Places resolved by the geocoding API, kept in `<state directory>/geocoding.json` so restarts and
/// reloads do not ask again. Keyed by the configured name and country filter.
public struct GeocodingCache: Sendable {
    /// What a place was looked up by: the configured name and the country filter.
    public struct Query: Sendable, Hashable, Comparable {
        /// The configured name.
        public var name: String
        /// The configured country filter, if any.
        public var countryCode: String?

        /// The query of `name`, filtered by `countryCode`.
        public init(name: String, countryCode: String? = nil) {
            self.name = name
            self.countryCode = countryCode
        }

        /// The query of a location configured by name.
        public init(_ location: Location) {
            self.init(name: location.name, countryCode: location.countryCode)
        }

        /// Orders by name, then country filter (the file's order).
        public static func < (lhs: Query, rhs: Query) -> Bool {
            (lhs.name, lhs.countryCode ?? "") < (rhs.name, rhs.countryCode ?? "")
        }
    }

    /// The cache file.
    public let path: String

    /// The geocoding cache at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The geocoding cache beside the durable cache (`geocoding.json` in the state directory).
    public init(besideCache cache: StateFile) {
        self.init(path: cache.directory + "/geocoding.json")
    }

    /// The cached places; empty when the file is missing or unreadable.
    public func load() -> [Query: Place] {
        guard let bytes = try? AtomicFile.read(path),
            let file = try? JSONDecoder().decode(CacheFile.self, from: Data(bytes))
        else { return [:] }
        var places: [Query: Place] = [:]
        for entry in file.places where (-90...90).contains(entry.latitude) && (-180...180).contains(entry.longitude) {
            places[Query(name: entry.query, countryCode: entry.country_filter)] = Place(
                name: entry.name,
                latitude: entry.latitude,
                longitude: entry.longitude,
                countryCode: entry.country_code,
                country: entry.country
            )
        }
        return places
    }

    /// Replaces the file with `places` (atomically).
    public func save(_ places: [Query: Place]) throws(FileSystemError) {
        let file = CacheFile(
            version: 1,
            places: places.sorted { $0.key < $1.key }.map { query, place in
                CacheFile.Entry(
                    query: query.name,
                    country_filter: query.countryCode,
                    name: place.name,
                    latitude: place.latitude,
                    longitude: place.longitude,
                    country_code: place.countryCode,
                    country: place.country
                )
            }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Finite coordinates from a checked response: encoding cannot fail.
        var bytes = (try? Array(encoder.encode(file))) ?? Array("{}".utf8)
        bytes.append(UInt8(ascii: "\n"))
        try AtomicFile.write(bytes, to: path)
    }
}

// The file's shape, written and read; names follow the JSON keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct CacheFile: Codable {
    struct Entry: Codable {
        var query: String
        var country_filter: String?
        var name: String
        var latitude: Double
        var longitude: Double
        var country_code: String?
        var country: String?
    }

    var version: Int
    var places: [Entry]
}
