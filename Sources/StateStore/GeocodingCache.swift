import Foundation
import WeatherCore

/// Places resolved by the geocoding API, kept in `<state directory>/geocoding.json` so restarts and
/// reloads do not ask again. Keyed by the configured name and country filter.
public struct GeocodingCache: Sendable {
    /// The cache file.
    public let path: String

    /// A cache at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The cache beside a state file.
    public init(besideStateFile stateFile: StateFile) {
        self.init(path: stateFile.directory + "/geocoding.json")
    }

    /// The key of a configured name and country filter.
    public static func key(name: String, countryCode: String?) -> String {
        name + "|" + (countryCode ?? "")
    }

    /// The cached places; empty when the file is missing or unreadable.
    public func load() -> [String: Place] {
        guard let bytes = try? AtomicFile.read(path),
            let file = try? JSONDecoder().decode(CacheFileDTO.self, from: Data(bytes))
        else { return [:] }
        var places: [String: Place] = [:]
        for entry in file.places where (-90...90).contains(entry.latitude) && (-180...180).contains(entry.longitude) {
            places[Self.key(name: entry.query, countryCode: entry.country_filter)] = Place(
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
    public func save(_ places: [String: Place]) throws(FileSystemError) {
        var json = JSONWriter()
        json.beginObject()
        json.int("version", 1)
        json.beginArray("places")
        for key in places.keys.sorted() {
            let place = places[key]!
            let parts = key.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            json.beginObject()
            json.string("query", String(parts[0]))
            json.string("country_filter", parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : nil)
            json.string("name", place.name)
            json.number("latitude", place.latitude)
            json.number("longitude", place.longitude)
            json.string("country_code", place.countryCode)
            json.string("country", place.country)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        try AtomicFile.write(json.output + "\n", to: path)
    }
}

// The file's shape; names follow the JSON keys.
// swift-format-ignore: AlwaysUseLowerCamelCase
private struct CacheFileDTO: Decodable {
    struct Entry: Decodable {
        var query: String
        var country_filter: String?
        var name: String
        var latitude: Double
        var longitude: Double
        var country_code: String?
        var country: String?
    }

    var places: [Entry]
}
