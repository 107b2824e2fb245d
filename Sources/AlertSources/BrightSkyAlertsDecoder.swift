import WeatherCore

/// Turns Bright Sky's `/alerts` answer (the DWD's warnings for the point's municipality cell) into ``Alert``s
/// of source `dwd`: one per alert whose `status` is `actual`. Each text is German (`*_de`) first for a
/// reader of German, else English first, and the other language when the first is missing; the alert's
/// language is its headline's (else its event's), `de` or `en`. CAP tokens come lower-cased and are read
/// ignoring case; `expires` may be `null` (no end: shown at most 24 h, see ``AlertChain``). There are no
/// `references`: an update arrives under a new `alert_id` (``AlertChains`` follows it), and no `sent`:
/// `effective` orders the messages. `"alerts":[]` is a real all-clear; a body that is not that JSON or an
/// alert without `alert_id` throws (`invalid_response`: the poll failed).
public enum BrightSkyAlertsDecoder {
    static let source = "Bright Sky alerts"

    /// Decodes `body`, its texts in `language` (German or English) first.
    public static func decode(
        _ body: some Collection<UInt8>,
        language: Language = .english
    ) throws(FetchError)
        -> [Alert]
    {
        let dto = try AlertJSON.decode(BrightSkyAlertsDTO.self, from: body, source: source)
        guard let items = dto.alerts else { throw AlertJSON.invalid(source, "missing `alerts`") }
        let germanFirst = language == .german
        var alerts: [Alert] = []
        for (index, item) in items.enumerated() {
            guard let id = CAPMessage.cleaned(item.alert_id) else {
                throw AlertJSON.invalid(source, "alert \(index) has no `alert_id`")
            }
            var message = CAPMessage(id: id, info: item.cap, at: "alerts[\(index)].")
            guard message.isActual else { continue }
            func texts(_ text: KeyPath<BrightSkyAlertsDTO.TextsDTO, String?>) -> [(tag: String, text: String?)] {
                let english = ("en", item.english[keyPath: text])
                let german = ("de", item.german[keyPath: text])
                return germanFirst ? [german, english] : [english, german]
            }
            let event = texts(\.event)
            let headline = texts(\.headline)
            message.event = event.map(\.text)
            message.headline = headline.map(\.text)
            message.description = texts(\.description).map(\.text)
            message.instruction = texts(\.instruction).map(\.text)
            message.language = (headline + event).first { CAPMessage.cleaned($0.text) != nil }?.tag
            message.area = dto.location?.name
            message.sent = message.effective
            alerts.append(try message.alert(.dwd, answer: source))
        }
        return alerts
    }
}
