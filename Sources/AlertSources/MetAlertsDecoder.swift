import WeatherCore

/// Turns MET Norway's MetAlerts answer (`current.json`, GeoJSON) into ``Alert``s: one per feature whose
/// `status` is `Actual`. The severity is the awareness level's (2 yellow → Moderate, 3 orange → Severe,
/// 4 red → Extreme), else CAP's `severity`; the onset `when.interval[0]`; the end `eventEndingTime`, else
/// `when.interval[1]`. An update repeats the same `id` (no `references`). A body that is not that JSON or a
/// feature without `id` throws (`invalid_response`: the poll failed).
public enum MetAlertsDecoder {
    static let source = "MET alerts"

    /// Decodes `body`.
    public static func decode(_ body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        try AlertJSON.featureAlerts(MetAlertsDTO.self, from: body, source: source) {
            (index, feature, properties) throws(FetchError) in
            guard let id = AlertJSON.cleaned(properties.id) else {
                throw AlertJSON.invalid(source, "feature \(index) has no `id`")
            }
            guard AlertJSON.isActual(properties.status) else { return nil }
            return try alert(id: id, properties, interval: feature.when?.interval ?? [], index: index)
        }
    }

    private static func alert(
        id: String,
        _ properties: MetAlertsDTO.PropertiesDTO,
        interval: [String?],
        index: Int
    ) throws(FetchError) -> Alert {
        func time(_ text: String?, _ name: String) throws(FetchError) -> Timestamp? {
            try AlertJSON.time(text, "features[\(index)].\(name)", source: source)
        }
        let start = try time(interval.first ?? nil, "when.interval[0]")
        let end = try time(interval.count > 1 ? interval[1] : nil, "when.interval[1]")
        let eventEnding = try time(properties.eventEndingTime, "properties.eventEndingTime")
        let description = [properties.description, properties.consequences].compactMap(AlertJSON.cleaned)
        return Alert(
            id: id,
            source: .metno,
            event: AlertJSON.cleaned(properties.eventAwarenessName) ?? AlertJSON.cleaned(properties.event)
                ?? "Weather warning",
            severity: Alert.Severity(awarenessLevel: properties.awareness_level)
                ?? Alert.Severity(cap: properties.severity),
            urgency: Alert.Urgency(cap: properties.urgency),
            certainty: Alert.Certainty(cap: properties.certainty),
            headline: AlertJSON.cleaned(properties.title),
            description: description.isEmpty ? nil : description.joined(separator: "\n\n"),
            instruction: AlertJSON.cleaned(properties.instruction),
            onset: start,
            ends: eventEnding ?? end,
            area: AlertJSON.cleaned(properties.area),
            url: AlertJSON.cleaned(properties.web),
            messageType: Alert.MessageType(cap: properties.type)
        )
    }
}
