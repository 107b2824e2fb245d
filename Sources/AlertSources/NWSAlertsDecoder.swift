import WeatherCore

/// Turns the answer of the NWS's `GET /alerts/active?point=LAT,LON` (GeoJSON, `application/geo+json`) into
/// ``Alert``s: one per feature whose `status` is `Actual`; `features: []` is a real all-clear. A body that is
/// not that JSON (the CDN's HTML error page, a problem+json document) or a feature without an id throws
/// (`invalid_response`: the poll failed).
public enum NWSAlertsDecoder {
    static let source = "NWS alerts"

    /// Decodes `body`.
    public static func decode(_ body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        try AlertJSON.featureAlerts(NWSAlertsDTO.self, from: body, source: source) {
            (index, feature, properties) throws(FetchError) in
            guard let id = AlertJSON.cleaned(properties.id) ?? identifier(ofURL: feature.id) else {
                throw AlertJSON.invalid(source, "feature \(index) has no id")
            }
            guard AlertJSON.isActual(properties.status) else { return nil }
            return try alert(id: id, url: feature.id, properties, index: index)
        }
    }

    private static func alert(
        id: String,
        url: String?,
        _ properties: NWSAlertsDTO.PropertiesDTO,
        index: Int
    ) throws(FetchError) -> Alert {
        func time(_ text: String?, _ name: String) throws(FetchError) -> Timestamp? {
            try AlertJSON.time(text, "features[\(index)].properties.\(name)", source: source)
        }
        let effective = try time(properties.effective, "effective")
        let onset = try time(properties.onset, "onset")
        let expires = try time(properties.expires, "expires")
        let ends = try time(properties.ends, "ends")
        let references = (properties.references ?? []).compactMap { AlertJSON.cleaned($0.identifier) }
        return Alert(
            id: id,
            source: .nws,
            event: AlertJSON.cleaned(properties.event) ?? AlertJSON.cleaned(properties.headline) ?? "Weather alert",
            severity: Alert.Severity(cap: properties.severity),
            urgency: Alert.Urgency(cap: properties.urgency),
            certainty: Alert.Certainty(cap: properties.certainty),
            headline: AlertJSON.cleaned(properties.headline),
            description: AlertJSON.cleaned(properties.description),
            instruction: AlertJSON.cleaned(properties.instruction),
            onset: onset ?? effective,
            ends: ends ?? expires,
            area: AlertJSON.cleaned(properties.areaDesc),
            url: AlertJSON.cleaned(url),
            messageType: Alert.MessageType(cap: properties.messageType),
            references: references,
            sent: try time(properties.sent, "sent")
        )
    }

    /// The CAP identifier at the end of an alert URL (`…/alerts/urn:oid:…`), when `properties.id` is missing.
    private static func identifier(ofURL url: String?) -> String? {
        guard let url, let last = url.split(separator: "/").last, last.hasPrefix("urn:") else { return nil }
        return String(last)
    }
}
