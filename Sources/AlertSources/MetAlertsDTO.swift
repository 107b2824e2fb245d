// The answer of MET Norway's `GET /weatherapi/metalerts/2.0/current.json?lat=&lon=&lang=` (GeoJSON, keys
// sorted) as far as weatherd reads it; private to this target. Names follow the JSON keys; `null` and
// missing members are nil; members not read (`geometry`, `altitude_above_sea_level`, which changed from a
// string to a number, `resources`, …) are skipped whatever their shape.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct MetAlertsDTO: GeoJSONFeatureCollection {
    var features: [FeatureDTO]?
    /// The texts' language, as asked: `en` or `no`.
    var lang: String?

    struct FeatureDTO: GeoJSONFeature {
        var properties: CAPObjectDTO<PropertiesDTO>?
        var when: WhenDTO?
    }

    /// The properties besides those CAP names alike in every source (``CAPInfoDTO``).
    struct PropertiesDTO: Decodable {
        /// CAP's identifier, `msgType` (`Alert`, `Update`, `Cancel`), headline and `areaDesc`.
        var id: String?
        var type: String?
        var title: String?
        var area: String?
        /// MET's own: the awareness level (`"2; yellow; Moderate"`), its name of the event, the event's
        /// end, and its consequences (a second paragraph of the description).
        var awareness_level: String?
        var eventAwarenessName: String?
        var eventEndingTime: String?
        var consequences: String?
    }

    /// `interval`: `[start, end]`.
    struct WhenDTO: Decodable {
        var interval: [String?]?
    }
}
