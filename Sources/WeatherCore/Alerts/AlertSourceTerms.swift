/// The pure part of an alert source's terms: how often it may be asked, what its "not covered" answer
/// is, whether it names the messages an update replaces, whether it asks for a contact in the
/// `User-Agent`, and whether it answers `If-Modified-Since`.
///
/// Why a value here, not a protocol requirement alone: the ``AlertPlanner``, ``AlertChains`` and the
/// alerts cache work on a source named by its ``Alert/Source`` case only (a feed, a remembered chain and
/// the cache carry no more), and this target does no I/O and has no Foundation, so it cannot see the
/// `AlertSource` conformances of AlertSources, which build requests and decode answers. Each of those
/// conformances carries its source's terms (this value, from ``Alert/Source/terms``) beside its URL,
/// headers and decoding, so a source's rules are read in one place, and the planner finds the same
/// terms from the case alone without a registry handed in.
public struct AlertSourceTerms: Sendable, Hashable {
    /// The source these terms are of.
    public var source: Alert.Source
    /// How often the source is asked at the most, in seconds.
    public var pollPeriodSeconds: Double
    /// The HTTP statuses by which the source says a point is not its own (Bright Sky's 404, NWS's 400
    /// and 404); empty for a source asked by country.
    public var notCoveredStatuses: Set<Int> = []
    /// Whether the source names what an update replaces (CAP `references`, MET's repeated `id`). Bright
    /// Sky does not: a DWD update arrives under a new id while the old one vanishes (see ``AlertChains``).
    public var namesReferences: Bool = true
    /// Whether the source's operators ask for a contact (an e-mail address or URL) in the `User-Agent`.
    public var asksForContact: Bool = false
    /// Whether the source is sent the previous answer's `Last-Modified` as `If-Modified-Since` (and
    /// answers 304 when nothing changed).
    public var answersIfModifiedSince: Bool = false

    /// Whether `error` is the source saying the point is not its own.
    public func isNotCovered(_ error: FetchError) -> Bool {
        error.httpStatus.map(notCoveredStatuses.contains) ?? false
    }
}
