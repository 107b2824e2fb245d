import WeatherCore

/// Turns MET Norway's MetAlerts answer (`current.json?lat=&lon=&lang=en` or `lang=no`, GeoJSON) into
/// ``Alert``s: one per feature whose `status` is `Actual`, in the answer's language (its `lang`). The event
/// is `eventAwarenessName` ("Yellow gale warning"), else `event`; the severity its `awareness_level`, else
/// CAP's; the description `description` and `consequences`; the onset `when.interval[0]`; the end
/// `eventEndingTime`, else `when.interval[1]`. An update repeats the same `id` (no `references`). A body
/// that is not that JSON or a feature without `id` throws (`invalid_response`: the poll failed).
public enum MetAlertsDecoder {
    static let source = "MET alerts"

    /// Decodes `body`.
    public static func decode(_ body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        let dto = try AlertJSON.decode(MetAlertsDTO.self, from: body, source: source)
        return try AlertJSON.featureAlerts(of: dto, source: source) {
            (index, feature, properties) throws(FetchError) in
            guard let id = CAPMessage.cleaned(properties.id) else {
                throw AlertJSON.invalid(source, "feature \(index) has no `id`")
            }
            // CAP's fields are the feature's `properties`; its `when` stands beside them.
            let featurePath = "features[\(index)]."
            var message = CAPMessage(id: id, info: properties.cap, at: featurePath + "properties.")
            guard message.isActual else { return nil }
            let interval = feature.when?.interval ?? []
            message.onset = CAPMessage.Time(text: interval.first ?? nil, path: featurePath, field: "when.interval[0]")
            message.expires = CAPMessage.Time(
                text: interval.count > 1 ? interval[1] : nil,
                path: featurePath,
                field: "when.interval[1]"
            )
            message.ends = message.time(properties.eventEndingTime, "eventEndingTime")
            message.event = [properties.eventAwarenessName, properties.cap.event]
            message.headline = [properties.title]
            let description = [properties.cap.description, properties.consequences].compactMap(CAPMessage.cleaned)
            message.description = [description.isEmpty ? nil : description.joined(separator: "\n\n")]
            message.awarenessLevel = properties.awareness_level
            message.messageType = properties.type
            message.area = properties.area
            message.language = dto.lang
            return try message.alert(.metno, answer: source)
        }
    }
}
