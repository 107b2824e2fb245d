// The answer of Bright Sky's `GET /alerts?lat=&lon=` (the DWD's warnings, flat JSON) as far as weatherd reads
// it; private to this target. Names follow the JSON keys; `null` and missing members are nil (Bright Sky
// sends `expires`, `category` … `event_de` and the instructions as `null`).
// swift-format-ignore: AlwaysUseLowerCamelCase
struct BrightSkyAlertsDTO: Decodable {
    var alerts: [AlertDTO]?
    var location: LocationDTO?

    struct AlertDTO: Decodable {
        /// The DWD's CAP identifier without its last `.`-suffix (Bright Sky's own serial `id` is not read).
        var alert_id: String?
        var effective: String?
        var onset: String?
        var expires: String?
        var urgency: String?
        var severity: String?
        var certainty: String?
        var event_en: String?
        var event_de: String?
        var headline_en: String?
        var headline_de: String?
        var description_en: String?
        var description_de: String?
        var instruction_en: String?
        var instruction_de: String?
        var status: String?
    }

    /// The municipality warn cell that holds the point.
    struct LocationDTO: Decodable {
        var name: String?
    }
}
