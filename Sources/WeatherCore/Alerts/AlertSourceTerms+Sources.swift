/// The terms of the four sources (docs/alerts.md, "The sources' terms").
extension AlertSourceTerms {
    /// The US National Weather Service: every 5 minutes; 400 or 404 for a point outside its area; CAP
    /// references; asks for a contact.
    public static let nws = AlertSourceTerms(
        source: .nws,
        pollPeriodSeconds: 300,
        notCoveredStatuses: [400, 404],
        asksForContact: true
    )

    /// MET Norway's MetAlerts: every 10 minutes; an update repeats the same `id`; asks for a contact;
    /// answers `If-Modified-Since`.
    public static let metno = AlertSourceTerms(
        source: .metno,
        pollPeriodSeconds: 600,
        asksForContact: true,
        answersIfModifiedSince: true
    )

    /// The DWD through Bright Sky: every 10 minutes; 404 for a point outside Germany; no references.
    public static let dwd = AlertSourceTerms(
        source: .dwd,
        pollPeriodSeconds: 600,
        notCoveredStatuses: [404],
        namesReferences: false
    )

    /// A MeteoAlarm country feed: every 30 minutes, asked by country (never "not covered"); CAP references.
    public static let meteoalarm = AlertSourceTerms(source: .meteoalarm, pollPeriodSeconds: 1800)
}

extension Alert.Source {
    /// The source's terms.
    public var terms: AlertSourceTerms {
        switch self {
        case .nws: .nws
        case .metno: .metno
        case .dwd: .dwd
        case .meteoalarm: .meteoalarm
        }
    }
}
