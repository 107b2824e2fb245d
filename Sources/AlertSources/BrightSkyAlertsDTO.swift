// The answer of Bright Sky's `GET /alerts?lat=&lon=` (the DWD's warnings, flat JSON) as far as weatherd reads
// it; private to this target. Names follow the JSON keys; `null` and missing members are nil (Bright Sky
// sends `expires`, `category` … `event_de` and the instructions as `null`).
// swift-format-ignore: AlwaysUseLowerCamelCase
struct BrightSkyAlertsDTO: Decodable {
    var alerts: [CAPObjectDTO<AlertDTO>]?
    var location: LocationDTO?

    /// An alert's fields besides those CAP names alike in every source (``CAPInfoDTO``): its identifier
    /// and its texts, in English and in German.
    struct AlertDTO: Decodable {
        /// The DWD's CAP identifier without its last `.`-suffix (Bright Sky's own serial `id` is not read).
        var alert_id: String?
        var event_en: String?
        var event_de: String?
        var headline_en: String?
        var headline_de: String?
        var description_en: String?
        var description_de: String?
        var instruction_en: String?
        var instruction_de: String?
    }

    /// The municipality warn cell that holds the point.
    struct LocationDTO: Decodable {
        var name: String?
    }
}
