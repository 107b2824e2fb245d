import WeatherCore

/// One warning message in CAP's terms, whichever of the four sources sent it (each names the fields its
/// own way, and fills this from its DTO): the one place where what they share is read. Texts are trimmed
/// (``cleaned(_:)``); times carry their own offsets and one that does not parse fails the poll, naming its
/// field; the event is the first name present, else the headline, else "Weather warning"; the onset is
/// `onset`, else `effective`; the end is `ends`, else `expires`; the severity is the awareness level's,
/// else CAP's; only `Actual` messages count (``isActual``).
struct CAPMessage {
    /// A time as sent, and where it stands in the answer (said when it does not parse).
    struct Time {
        /// The text; nil when absent or `null`.
        var text: String?
        /// Where the message stands in the answer (`features[3].`), shared by its times.
        var path: String
        /// The field below ``path`` (`properties.onset`).
        var field: String

        /// The instant; nil when absent; a text that is not an RFC 3339 time fails the poll of `source`.
        func instant(_ source: String) throws(FetchError) -> Timestamp? {
            guard let text else { return nil }
            guard let timestamp = Timestamp(rfc3339: text) else {
                throw AlertJSON.invalid(source, "`\(path)\(field)` is not an RFC 3339 time: \(text.prefix(40))")
            }
            return timestamp
        }
    }

    /// The CAP identifier.
    var id: String
    /// Where the message stands in the answer (`features[3].properties.`).
    var path: String
    /// CAP's `status`: only `Actual` (or none) counts.
    var status: String?
    /// CAP's `msgType`.
    var messageType: String?
    /// The identifiers of the messages it updates or cancels.
    var references: [String] = []
    /// The names of the event, best first (a language, another, the headline); the first present is taken.
    var event: [String?]
    /// The headline, best first.
    var headline: [String?]
    /// The full text, best first.
    var description: [String?]
    /// What to do, best first.
    var instruction: [String?]
    /// The area, in the source's words.
    var area: String?
    /// A web page about the warning.
    var url: String?
    /// The awareness level (`"2; yellow; Moderate"`), when the source sends one: it comes before CAP's
    /// `severity`.
    var awarenessLevel: String?
    /// CAP's words.
    var severity: String?
    var urgency: String?
    var certainty: String?
    /// When the message takes effect.
    var effective: Time
    /// When the event begins.
    var onset: Time
    /// When the message expires.
    var expires: Time
    /// When the event ends.
    var ends: Time
    /// When the message was sent.
    var sent: Time
    /// The language of the texts taken, as the source tags it (`de-DE`, `en`, `no`).
    var language: String?

    /// A message of `id` whose CAP fields are `info`'s, found at `path` (`features[3].properties.`) in
    /// the answer; the source sets the rest.
    init(id: String, info: CAPInfoDTO, at path: String) {
        self.id = id
        self.path = path
        status = info.status
        event = [info.event, info.headline]
        headline = [info.headline]
        description = [info.description]
        instruction = [info.instruction]
        url = info.web
        severity = info.severity
        urgency = info.urgency
        certainty = info.certainty
        effective = Time(text: info.effective, path: path, field: "effective")
        onset = Time(text: info.onset, path: path, field: "onset")
        expires = Time(text: info.expires, path: path, field: "expires")
        ends = Time(text: nil, path: path, field: "ends")
        sent = Time(text: nil, path: path, field: "sent")
    }

    /// The time `text`, sent at `field` below the message's ``path``.
    func time(_ text: String?, _ field: String) -> Time {
        Time(text: text, path: path, field: field)
    }

    /// Whether the message counts: its `status` is `Actual` (any case) or missing.
    var isActual: Bool { Self.isActual(status) }

    /// The ``Alert`` of `source`, named `answer` in errors (`NWS alerts`); `fallbackEvent` when no name of
    /// the event is sent. Times are read in the order effective, onset, expires, ends, sent.
    func alert(
        _ source: Alert.Source,
        answer: String,
        fallbackEvent: String = "Weather warning"
    ) throws(FetchError) -> Alert {
        let effective = try effective.instant(answer)
        let onset = try onset.instant(answer)
        let expires = try expires.instant(answer)
        let ends = try ends.instant(answer)
        return Alert(
            id: id,
            source: source,
            event: Self.first(event) ?? fallbackEvent,
            severity: Alert.Severity(awarenessLevel: awarenessLevel) ?? Alert.Severity(cap: severity),
            urgency: Alert.Urgency(cap: urgency),
            certainty: Alert.Certainty(cap: certainty),
            headline: Self.first(headline),
            description: Self.first(description),
            instruction: Self.first(instruction),
            onset: onset ?? effective,
            ends: ends ?? expires,
            area: Self.cleaned(area),
            url: Self.cleaned(url),
            messageType: Alert.MessageType(cap: messageType),
            references: references,
            sent: try sent.instant(answer),
            language: Self.cleaned(language)
        )
    }

    /// The first of `texts` that ``cleaned(_:)`` leaves something of.
    static func first(_ texts: [String?]) -> String? {
        for text in texts {
            if let cleaned = cleaned(text) { return cleaned }
        }
        return nil
    }

    /// `text` without leading and trailing white space (MET ends its sentences with a space); nil when
    /// nothing is left.
    static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        let trimmed = text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The identifiers of CAP's `references`: white-space separated `sender,identifier,sent` triples (a bare
    /// identifier is taken as it is).
    static func references(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split { $0.isWhitespace }.compactMap { triple in
            let parts = triple.split(separator: ",", omittingEmptySubsequences: false)
            let identifier = parts.count >= 2 ? parts[1] : parts[0]
            return identifier.isEmpty ? nil : String(identifier)
        }
    }

    /// Whether a message's `status` lets it count: `Actual` (any case) or none; `Test`, `Exercise`, `System`
    /// and `Draft` messages are no warnings.
    static func isActual(_ status: String?) -> Bool {
        status.map { $0.lowercased() == "actual" } ?? true
    }
}
