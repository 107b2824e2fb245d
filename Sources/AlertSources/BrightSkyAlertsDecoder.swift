import WeatherCore

/// Turns Bright Sky's `/alerts` answer (the DWD's warnings for the point's municipality cell) into ``Alert``s
/// of source `dwd`: one per alert whose `status` is `actual`, English texts when present, else German. CAP
/// tokens come lower-cased and are read ignoring case; `expires` may be `null` (no end: shown at most 24 h,
/// see ``AlertChain``). There are no `references`: an update arrives under a new `alert_id` (``AlertChains``
/// follows it), and no `sent`: `effective` orders the messages. `"alerts":[]` is a real all-clear; a body
/// that is not that JSON or an alert without `alert_id` throws (`invalid_response`: the poll failed).
public enum BrightSkyAlertsDecoder {
    static let source = "Bright Sky alerts"

    /// Decodes `body`.
    public static func decode(_ body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        let dto = try AlertJSON.decode(BrightSkyAlertsDTO.self, from: body, source: source)
        guard let items = dto.alerts else { throw AlertJSON.invalid(source, "missing `alerts`") }
        var alerts: [Alert] = []
        for (index, item) in items.enumerated() {
            guard let id = CAPMessage.cleaned(item.alert_id) else {
                throw AlertJSON.invalid(source, "alert \(index) has no `alert_id`")
            }
            var message = CAPMessage(id: id, info: item.cap, at: "alerts[\(index)].")
            guard message.isActual else { continue }
            message.event = [item.event_en, item.event_de]
            message.headline = [item.headline_en, item.headline_de]
            message.description = [item.description_en, item.description_de]
            message.instruction = [item.instruction_en, item.instruction_de]
            message.area = dto.location?.name
            message.sent = message.effective
            alerts.append(try message.alert(.dwd, answer: source))
        }
        return alerts
    }
}
