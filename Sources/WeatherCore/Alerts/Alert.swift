/// One official warning as a national weather service issued it (docs/alerts.md, "What counts as a warning"): each
/// source's items (AlertSources) are mapped to this type. Times are instants: the offsets they were sent with
/// (NWS sends `-07:00`, Bright Sky `+00:00`) are applied when they are read.
public struct Alert: Sendable, Hashable {
    /// Who issued the warning.
    public enum Source: String, Sendable, CaseIterable, Codable {
        /// The US National Weather Service (`api.weather.gov`).
        case nws
        /// MET Norway's MetAlerts.
        case metno
        /// Deutscher Wetterdienst, re-served by Bright Sky.
        case dwd
        /// MeteoAlarm's country feeds (38 European services).
        case meteoalarm
    }

    /// CAP's `msgType`: what the message does to the warnings its ``Alert/references`` name.
    public enum MessageType: String, Sendable, CaseIterable, Codable {
        /// A new warning.
        case alert = "Alert"
        /// Replaces the warnings it references: the same warning continued.
        case update = "Update"
        /// Ends the warnings it references.
        case cancel = "Cancel"

        /// Reads a CAP `msgType`, ignoring case; anything else (`Ack`, `Error`, a word never seen, none)
        /// is a standalone ``alert``: shown rather than lost.
        public init(cap text: String?) {
            switch text?.lowercased() {
            case "update": self = .update
            case "cancel": self = .cancel
            default: self = .alert
            }
        }
    }

    /// The CAP identifier of this message (NWS `properties.id`, MET `id`, Bright Sky `alert_id`,
    /// MeteoAlarm `identifier`).
    public var id: String
    /// Who issued it.
    public var source: Source
    /// What the warning is about ("Winter Storm Warning", "gale-force gusts").
    public var event: String
    /// How bad.
    public var severity: Severity = .unknown
    /// How soon to act.
    public var urgency: Urgency = .unknown
    /// How sure the service is.
    public var certainty: Certainty = .unknown
    /// One line for people, if the source sends one.
    public var headline: String?
    /// The full text.
    public var description: String?
    /// What to do, if the source says.
    public var instruction: String?
    /// When the event begins: CAP `onset`, else `effective`.
    public var onset: Timestamp?
    /// When the event ends: NWS `ends`, MET `eventEndingTime` or `when.interval[1]`, else the message's
    /// `expires`; nil when the source gives no end at all (shown for at most 24 h, see ``AlertChain``).
    public var ends: Timestamp?
    /// The area it covers, in the source's words.
    public var area: String?
    /// A web page about it, if the source sends one.
    public var url: String?
    /// What the message does to earlier ones.
    public var messageType: MessageType = .alert
    /// The identifiers of the earlier messages this one updates or cancels (NWS `references[].identifier`,
    /// the identifiers of CAP's `sender,identifier,sent` triples); empty for a new warning.
    public var references: [String] = []
    /// When the message was sent (Bright Sky: its `effective`, it sends no `sent`); orders the messages of
    /// one chain.
    public var sent: Timestamp?
    /// The language of its texts, as the source tags it (MeteoAlarm `de-DE`, Bright Sky `de` or `en`, MET
    /// `no` or `en`, NWS `en-US`); nil when the source does not say.
    public var language: String?

    /// Creates a value from each of its properties.
    public init(
        id: String,
        source: Source,
        event: String,
        severity: Severity = .unknown,
        urgency: Urgency = .unknown,
        certainty: Certainty = .unknown,
        headline: String? = nil,
        description: String? = nil,
        instruction: String? = nil,
        onset: Timestamp? = nil,
        ends: Timestamp? = nil,
        area: String? = nil,
        url: String? = nil,
        messageType: MessageType = .alert,
        references: [String] = [],
        sent: Timestamp? = nil,
        language: String? = nil
    ) {
        self.id = id
        self.source = source
        self.event = event
        self.severity = severity
        self.urgency = urgency
        self.certainty = certainty
        self.headline = headline
        self.description = description
        self.instruction = instruction
        self.onset = onset
        self.ends = ends
        self.area = area
        self.url = url
        self.messageType = messageType
        self.references = references
        self.sent = sent
        self.language = language
    }

    /// Whether the event's time span (from ``onset``, to ``ends``; open where unknown) meets `other`'s.
    public func overlaps(_ other: Alert) -> Bool {
        let start = onset?.secondsSinceEpoch ?? -.infinity
        let end = ends?.secondsSinceEpoch ?? .infinity
        let otherStart = other.onset?.secondsSinceEpoch ?? -.infinity
        let otherEnd = other.ends?.secondsSinceEpoch ?? .infinity
        return start <= otherEnd && otherStart <= end
    }
}
