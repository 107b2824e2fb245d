import WeatherCore

/// Turns a MeteoAlarm country feed (`feeds-{country}`, one CAP message per warning for the whole country)
/// into the ``Alert``s of one place:
///
/// - a message applies when one of its areas carries one of the place's codes among its `geocode` values
///   (EMMA_ID, NUTS, WARNCELLID…), or, for a place without a code, when the point lies inside one of its
///   areas' polygons (a feed without polygons, like Germany's, then matches nothing);
/// - of the languages of `info[]`, English (`en`, `en-*`) when present, else the first;
/// - the severity is the awareness level's (2 yellow → Moderate, 3 orange → Severe, 4 red → Extreme), else
///   CAP's; level 1 (green, "nothing in force") is no warning;
/// - messages the feed's own `Update`s and `Cancel`s reference are left out (an update may move the area
///   away from the place), as are messages whose `status` is not `Actual`; expired and future messages are
///   kept (``AlertChains`` judges them by time).
///
/// A body that is not that JSON, or a message without `alert.identifier`, throws (`invalid_response`).
public enum MeteoAlarmDecoder {
    static let source = "MeteoAlarm feed"

    /// Which warnings apply to a location.
    public enum Place: Sendable, Hashable {
        /// The location's area codes: a warning applies when one of its `area[].geocode` values is one of them.
        case codes(Set<String>)
        /// A location without a code: a warning applies when the point lies inside one of its area polygons.
        case point(latitude: Double, longitude: Double)

        /// One area code (the location's `code`).
        public static func code(_ code: String) -> Place { .codes([code]) }
    }

    /// Decodes `body`, keeping the warnings that apply to `place`.
    public static func decode(_ body: some Collection<UInt8>, for place: Place) throws(FetchError) -> [Alert] {
        let dto = try AlertJSON.decode(MeteoAlarmDTO.self, from: body, source: source)
        guard let warnings = dto.warnings else { throw AlertJSON.invalid(source, "missing `warnings`") }
        var messages: [(index: Int, id: String, cap: MeteoAlarmDTO.CAPAlertDTO)] = []
        for (index, warning) in warnings.enumerated() {
            guard let cap = warning.alert, let id = AlertJSON.cleaned(cap.identifier) else {
                throw AlertJSON.invalid(source, "warning \(index) has no `alert.identifier`")
            }
            messages.append((index, id, cap))
        }
        let superseded = Set(
            messages.filter { Alert.MessageType(cap: $0.cap.msgType) != .alert }
                .flatMap { AlertJSON.capReferences($0.cap.references) }
        )
        var alerts: [Alert] = []
        for (index, id, cap) in messages where !superseded.contains(id) && AlertJSON.isActual(cap.status) {
            guard let info = preferredInfo(cap.info ?? []) else { continue }
            let areas = (info.area ?? []).filter { applies($0, to: place) }
            guard !areas.isEmpty else { continue }
            let level = Alert.Severity(awarenessLevel: awarenessLevel(of: info))
            guard level != .minor else { continue }
            alerts.append(
                try alert(id: id, cap, info, areas: areas, severity: level ?? Alert.Severity(cap: info.severity), index)
            )
        }
        return alerts
    }

    private static func alert(
        id: String,
        _ cap: MeteoAlarmDTO.CAPAlertDTO,
        _ info: MeteoAlarmDTO.InfoDTO,
        areas: [MeteoAlarmDTO.AreaDTO],
        severity: Alert.Severity,
        _ index: Int
    ) throws(FetchError) -> Alert {
        func time(_ text: String?, _ name: String) throws(FetchError) -> Timestamp? {
            try AlertJSON.time(text, "warnings[\(index)].alert.\(name)", source: source)
        }
        let effective = try time(info.effective, "info.effective")
        let areaNames = areas.compactMap { AlertJSON.cleaned($0.areaDesc) }
        return Alert(
            id: id,
            source: .meteoalarm,
            event: AlertJSON.cleaned(info.event) ?? AlertJSON.cleaned(info.headline) ?? "Weather warning",
            severity: severity,
            urgency: Alert.Urgency(cap: info.urgency),
            certainty: Alert.Certainty(cap: info.certainty),
            headline: AlertJSON.cleaned(info.headline),
            description: AlertJSON.cleaned(info.description),
            instruction: AlertJSON.cleaned(info.instruction),
            onset: try time(info.onset, "info.onset") ?? effective,
            ends: try time(info.expires, "info.expires"),
            area: areaNames.isEmpty ? nil : areaNames.joined(separator: "; "),
            url: AlertJSON.cleaned(info.web),
            messageType: Alert.MessageType(cap: cap.msgType),
            references: AlertJSON.capReferences(cap.references),
            sent: try time(cap.sent, "sent")
        )
    }

    /// English (`en`, `en-GB`, any case) when present, else the first.
    private static func preferredInfo(_ infos: [MeteoAlarmDTO.InfoDTO]) -> MeteoAlarmDTO.InfoDTO? {
        let english = infos.first { info in
            let language = info.language?.lowercased() ?? ""
            return language == "en" || language.hasPrefix("en-")
        }
        return english ?? infos.first
    }

    private static func awarenessLevel(of info: MeteoAlarmDTO.InfoDTO) -> String? {
        info.parameter?.first { $0.valueName?.lowercased() == "awareness_level" }?.value
    }

    private static func applies(_ area: MeteoAlarmDTO.AreaDTO, to place: Place) -> Bool {
        switch place {
        case .codes(let codes):
            return (area.geocode ?? []).contains { geocode in geocode.value.map(codes.contains) ?? false }
        case .point(let latitude, let longitude):
            return (area.polygon ?? []).contains { text in
                CAPPolygon(cap: text)?.contains(latitude: latitude, longitude: longitude) ?? false
            }
        }
    }
}
