// The answer of `GET /alerts/active?point=…` (GeoJSON) as api.weather.gov sends it, as far as weatherd reads
// it; private to this target. Names follow the JSON keys; `null` and missing members are nil; members not
// read (`@context`, `geometry`, `geocode`, `parameters`, …) are skipped whatever their shape.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct NWSAlertsDTO: GeoJSONFeatureCollection {
    var features: [FeatureDTO]?

    struct FeatureDTO: GeoJSONFeature {
        /// The alert's URL (`https://api.weather.gov/alerts/urn:oid:…`).
        var id: String?
        var properties: CAPObjectDTO<PropertiesDTO>?
    }

    /// The properties besides those CAP names alike in every source (``CAPInfoDTO``).
    struct PropertiesDTO: Decodable {
        var id: String?
        var areaDesc: String?
        var references: [ReferenceDTO]?
        var sent: String?
        var ends: String?
        var messageType: String?
        /// The texts' language (`en-US`).
        var language: String?
    }

    struct ReferenceDTO: Decodable {
        var identifier: String?
    }
}
