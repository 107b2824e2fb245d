// The answer of `GET /alerts/active?point=…` (GeoJSON) as api.weather.gov sends it, as far as weatherd reads
// it; private to this target. Names follow the JSON keys; `null` and missing members are nil; members not
// read (`@context`, `geometry`, `geocode`, `parameters`, …) are skipped whatever their shape.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct NWSAlertsDTO: GeoJSONFeatureCollection {
    var type: String?
    var features: [FeatureDTO]?

    struct FeatureDTO: GeoJSONFeature {
        /// The alert's URL (`https://api.weather.gov/alerts/urn:oid:…`).
        var id: String?
        var properties: PropertiesDTO?
    }

    struct PropertiesDTO: Decodable {
        var id: String?
        var areaDesc: String?
        var references: [ReferenceDTO]?
        var sent: String?
        var effective: String?
        var onset: String?
        var expires: String?
        var ends: String?
        var status: String?
        var messageType: String?
        var severity: String?
        var certainty: String?
        var urgency: String?
        var event: String?
        var headline: String?
        var description: String?
        var instruction: String?
    }

    struct ReferenceDTO: Decodable {
        var identifier: String?
        var sender: String?
        var sent: String?
    }
}
