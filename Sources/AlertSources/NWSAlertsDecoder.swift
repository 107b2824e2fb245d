import WeatherCore

/// Turns the answer of the NWS's `GET /alerts/active?point=LAT,LON` (GeoJSON, `application/geo+json`) into
/// ``Alert``s: one per feature whose `status` is `Actual`; `features: []` is a real all-clear. A body that is
/// not that JSON (the CDN's HTML error page, a problem+json document) or a feature without an id throws
/// (`invalid_response`: the poll failed). The event's end is `ends`, else `expires`; the page is the
/// feature's `id`; a message without an event is a "Weather alert", the NWS's word. The texts are the
/// service's, in English; the alert carries the feature's `language` (`en-US`).
public enum NWSAlertsDecoder {
    static let source = "NWS alerts"

    /// Decodes `body`.
    public static func decode(_ body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        let dto = try AlertJSON.decode(NWSAlertsDTO.self, from: body, source: source)
        return try AlertJSON.featureAlerts(of: dto, source: source) {
            (index, feature, properties) throws(FetchError) in
            guard let id = CAPMessage.cleaned(properties.id) ?? identifier(ofURL: feature.id) else {
                throw AlertJSON.invalid(source, "feature \(index) has no id")
            }
            var message = CAPMessage(id: id, info: properties.cap, at: "features[\(index)].properties.")
            guard message.isActual else { return nil }
            message.ends = message.time(properties.ends, "ends")
            message.sent = message.time(properties.sent, "sent")
            message.messageType = properties.messageType
            message.references = (properties.references ?? []).compactMap { CAPMessage.cleaned($0.identifier) }
            message.area = properties.areaDesc
            message.url = feature.id
            message.language = properties.language
            return try message.alert(.nws, answer: source, fallbackEvent: "Weather alert")
        }
    }

    /// The CAP identifier at the end of an alert URL (`…/alerts/urn:oid:…`), when `properties.id` is missing.
    private static func identifier(ofURL url: String?) -> String? {
        guard let url, let last = url.split(separator: "/").last, last.hasPrefix("urn:") else { return nil }
        return String(last)
    }
}
