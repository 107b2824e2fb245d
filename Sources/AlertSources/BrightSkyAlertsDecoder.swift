import WeatherCore

/// Turns Bright Sky's `/alerts` answer (the DWD's warnings for the point's municipality cell) into ``Alert``s
/// of source `dwd`: one per alert whose `status` is `actual`, English texts when present, else German. CAP
/// tokens come lower-cased and are read ignoring case; `expires` may be `null` (no end: shown at most 24 h,
/// see ``AlertChain``). There are no `references`: an update arrives under a new `alert_id` (``AlertChains``
/// follows it). `"alerts":[]` is a real all-clear; a body that is not that JSON or an alert without
/// `alert_id` throws (`invalid_response`: the poll failed).
public enum BrightSkyAlertsDecoder {
    static let source = "Bright Sky alerts"

    /// Decodes `body`.
    public static func decode(_ body: some Collection<UInt8>) throws(FetchError) -> [Alert] {
        let dto = try AlertJSON.decode(BrightSkyAlertsDTO.self, from: body, source: source)
        guard let items = dto.alerts else { throw AlertJSON.invalid(source, "missing `alerts`") }
        var alerts: [Alert] = []
        for (index, item) in items.enumerated() {
            guard let id = AlertJSON.cleaned(item.alert_id) else {
                throw AlertJSON.invalid(source, "alert \(index) has no `alert_id`")
            }
            guard AlertJSON.isActual(item.status) else { continue }
            func time(_ text: String?, _ name: String) throws(FetchError) -> Timestamp? {
                try AlertJSON.time(text, "alerts[\(index)].\(name)", source: source)
            }
            let effective = try time(item.effective, "effective")
            alerts.append(
                Alert(
                    id: id,
                    source: .dwd,
                    event: AlertJSON.cleaned(item.event_en) ?? AlertJSON.cleaned(item.event_de) ?? "Weather warning",
                    severity: Alert.Severity(cap: item.severity),
                    urgency: Alert.Urgency(cap: item.urgency),
                    certainty: Alert.Certainty(cap: item.certainty),
                    headline: AlertJSON.cleaned(item.headline_en) ?? AlertJSON.cleaned(item.headline_de),
                    description: AlertJSON.cleaned(item.description_en) ?? AlertJSON.cleaned(item.description_de),
                    instruction: AlertJSON.cleaned(item.instruction_en) ?? AlertJSON.cleaned(item.instruction_de),
                    onset: try time(item.onset, "onset") ?? effective,
                    ends: try time(item.expires, "expires"),
                    area: AlertJSON.cleaned(dto.location?.name),
                    sent: effective
                )
            )
        }
        return alerts
    }
}
