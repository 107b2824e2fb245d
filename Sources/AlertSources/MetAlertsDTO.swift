// The answer of MET Norway's `GET /weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=en` (GeoJSON, keys
// sorted) as far as weatherd reads it; private to this target. Names follow the JSON keys; `null` and
// missing members are nil; members not read (`geometry`, `altitude_above_sea_level`, which changed from a
// string to a number, `resources`, …) are skipped whatever their shape.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct MetAlertsDTO: GeoJSONFeatureCollection {
    var features: [FeatureDTO]?
    var lang: String?
    var type: String?

    struct FeatureDTO: GeoJSONFeature {
        var properties: PropertiesDTO?
        var when: WhenDTO?
    }

    struct PropertiesDTO: Decodable {
        var area: String?
        var awareness_level: String?
        var certainty: String?
        var consequences: String?
        var description: String?
        var event: String?
        var eventAwarenessName: String?
        var eventEndingTime: String?
        var id: String?
        var instruction: String?
        var severity: String?
        var status: String?
        var title: String?
        /// CAP's `msgType` (`Alert`, `Update`, `Cancel`).
        var type: String?
        var urgency: String?
        var web: String?
    }

    /// `interval`: `[start, end]`.
    struct WhenDTO: Decodable {
        var interval: [String?]?
    }
}
