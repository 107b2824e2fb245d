import WeatherCore

/// A MeteoAlarm country feed decoded once, for all the locations that read it: the messages that may apply
/// to a place, each then matched to a place by ``alerts(for:)``.
///
/// - of the languages of `info[]`, the reader's (`de`, `de-DE`, any case; for Norwegian Bokmål `nb` or `no`,
///   else `nn`) when present, else English (`en`, `en-*`), else the first; the alert carries its tag;
/// - the severity is the awareness level's (2 yellow → Moderate, 3 orange → Severe, 4 red → Extreme), else
///   CAP's; level 1 (green, "nothing in force") is no warning;
/// - messages the feed's own `Update`s and `Cancel`s reference are left out (an update may move the area
///   away from the place), as are messages whose `status` is not `Actual`; expired and future messages are
///   kept (``AlertChains`` judges them by time).
///
/// A body that is not that JSON, or a message without `alert.identifier`, throws (`invalid_response`). A
/// time that does not parse fails the places the message applies to.
struct MeteoAlarmWarnings {
    /// A message that may apply to a place: its CAP fields and its areas.
    struct Warning {
        var message: CAPMessage
        var areas: [MeteoAlarmDTO.AreaDTO]
    }

    /// The answer's name in errors.
    static let source = "MeteoAlarm feed"

    /// The messages in force or to come, in the feed's order.
    private(set) var warnings: [Warning] = []

    /// Decodes `body`, each message in `language` where it has it.
    init(_ body: some Collection<UInt8>, language: Language) throws(FetchError) {
        let source = Self.source
        let dto = try AlertJSON.decode(MeteoAlarmDTO.self, from: body, source: source)
        guard let items = dto.warnings else { throw AlertJSON.invalid(source, "missing `warnings`") }
        var messages: [(index: Int, id: String, cap: MeteoAlarmDTO.CAPAlertDTO)] = []
        for (index, item) in items.enumerated() {
            guard let cap = item.alert, let id = CAPMessage.cleaned(cap.identifier) else {
                throw AlertJSON.invalid(source, "warning \(index) has no `alert.identifier`")
            }
            messages.append((index, id, cap))
        }
        let superseded = Set(
            messages.filter { Alert.MessageType(cap: $0.cap.msgType) != .alert }
                .flatMap { CAPMessage.references($0.cap.references) }
        )
        for (index, id, cap) in messages where !superseded.contains(id) && CAPMessage.isActual(cap.status) {
            let infos = cap.info ?? []
            guard let chosen = language.preferredIndex(of: infos.map { $0.language }) else { continue }
            let info = infos[chosen]
            var message = CAPMessage(id: id, info: info.cap, at: "warnings[\(index)].alert.")
            message.language = info.language
            message.awarenessLevel = info.parameter?.first { $0.valueName?.lowercased() == "awareness_level" }?.value
            guard Alert.Severity(awarenessLevel: message.awarenessLevel) != .minor else { continue }
            message.status = cap.status
            message.messageType = cap.msgType
            message.references = CAPMessage.references(cap.references)
            message.effective.field = "info.effective"
            message.onset.field = "info.onset"
            message.expires.field = "info.expires"
            message.sent = message.time(cap.sent, "sent")
            warnings.append(Warning(message: message, areas: info.area ?? []))
        }
    }

    /// The warnings that apply to `place`: those with an area that carries one of its codes, or whose
    /// polygons hold its point; the area named by the areas that apply.
    func alerts(for place: MeteoAlarmDecoder.Place) throws(FetchError) -> [Alert] {
        var alerts: [Alert] = []
        for warning in warnings {
            let areas = warning.areas.filter { Self.applies($0, to: place) }
            guard !areas.isEmpty else { continue }
            var message = warning.message
            let names = areas.compactMap { CAPMessage.cleaned($0.areaDesc) }
            message.area = names.isEmpty ? nil : names.joined(separator: "; ")
            alerts.append(try message.alert(.meteoalarm, answer: Self.source))
        }
        return alerts
    }

    private static func applies(_ area: MeteoAlarmDTO.AreaDTO, to place: MeteoAlarmDecoder.Place) -> Bool {
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
