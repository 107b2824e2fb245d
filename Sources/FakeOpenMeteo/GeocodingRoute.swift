/// `/v1/search` for ``FakeOpenMeteoServer/realistic``: Open-Meteo's geocoding API over a small built-in table.
enum GeocodingRoute {
    private struct Place {
        let id: Int
        let name: String
        let latitude: Double
        let longitude: Double
        let elevation: Double
        let countryCode: String
        let timezone: String
        let country: String

        var json: String {
            "{\"id\":\(id),\"name\":\(JSONText.string(name)),\"latitude\":\(latitude),\"longitude\":\(longitude),"
                + "\"elevation\":\(JSONText.number(elevation)),\"country_code\":\(JSONText.string(countryCode)),"
                + "\"timezone\":\(JSONText.string(timezone)),\"country\":\(JSONText.string(country))}"
        }
    }

    private static let places = [
        Place(
            id: 2_988_507,
            name: "Paris",
            latitude: 48.85341,
            longitude: 2.3488,
            elevation: 42,
            countryCode: "FR",
            timezone: "Europe/Paris",
            country: "France"
        ),
        Place(
            id: 2_950_159,
            name: "Berlin",
            latitude: 52.52437,
            longitude: 13.41053,
            elevation: 74,
            countryCode: "DE",
            timezone: "Europe/Berlin",
            country: "Germany"
        ),
        Place(
            id: 2_643_743,
            name: "London",
            latitude: 51.50853,
            longitude: -0.12574,
            elevation: 25,
            countryCode: "GB",
            timezone: "Europe/London",
            country: "United Kingdom"
        ),
        Place(
            id: 4_250_542,
            name: "Springfield",
            latitude: 39.80172,
            longitude: -89.64371,
            elevation: 180,
            countryCode: "US",
            timezone: "America/Chicago",
            country: "United States"
        ),
        Place(
            id: 1_850_147,
            name: "Tokyo",
            latitude: 35.6895,
            longitude: 139.69171,
            elevation: 44,
            countryCode: "JP",
            timezone: "Asia/Tokyo",
            country: "Japan"
        ),
    ]

    /// Case-insensitive match on `name` (a prefix from 3 characters on, like the real fuzzy search),
    /// filtered by `countryCode`; no match answers without a `results` key, as the real API does.
    static func respond(to request: FakeRequest) -> FakeResponse {
        guard let name = request.query["name"]?.lowercased(), !name.isEmpty else {
            return FakeResponse.openMeteoError(status: 400, reason: "Parameter 'name' is required")
        }
        let country = request.query["countryCode"]?.uppercased()
        let limit = Int(request.query["count"] ?? "") ?? 10
        let matches = places.filter { place in
            let candidate = place.name.lowercased()
            let nameMatches = candidate == name || (name.count >= 3 && candidate.hasPrefix(name))
            return nameMatches && (country.map { $0.isEmpty || $0 == place.countryCode } ?? true)
        }.prefix(max(0, limit))
        guard !matches.isEmpty else {
            return .body(status: 200, body: #"{"generationtime_ms":0.4}"#)
        }
        let results = matches.map(\.json).joined(separator: ",")
        return .body(status: 200, body: #"{"results":["# + results + #"],"generationtime_ms":0.5}"#)
    }
}
