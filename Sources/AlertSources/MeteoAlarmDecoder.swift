import WeatherCore

/// Turns a MeteoAlarm country feed (`feeds-{country}`, one CAP message per warning for the whole country)
/// into the ``Alert``s of one place (``MeteoAlarmWarnings`` says which messages count and how they read): a
/// message applies when one of its areas carries one of the place's codes among its `geocode` values
/// (EMMA_ID, NUTS, WARNCELLID…), or, for a place without a code, when the point lies inside one of its
/// areas' polygons (a feed without polygons, like Germany's, then matches nothing). Of a message's languages,
/// `language`'s is taken, else English, else the first.
///
/// A body that is not that JSON, or a message without `alert.identifier`, throws (`invalid_response`).
public enum MeteoAlarmDecoder {
    /// Which warnings apply to a location.
    public enum Place: Sendable, Hashable {
        /// The location's area codes: a warning applies when one of its `area[].geocode` values is one of them.
        case codes(Set<String>)
        /// A location without a code: a warning applies when the point lies inside one of its area polygons.
        case point(latitude: Double, longitude: Double)

        /// One area code (the location's `code`).
        public static func code(_ code: String) -> Place { .codes([code]) }
    }

    /// Decodes `body`, keeping the warnings that apply to `place`, in `language` where they have it.
    public static func decode(
        _ body: some Collection<UInt8>,
        for place: Place,
        language: Language = .english
    ) throws(FetchError) -> [Alert] {
        try MeteoAlarmWarnings(body, language: language).alerts(for: place)
    }

    /// Decodes `body` once, and keeps for each of `places` (a location id and its place) the warnings that
    /// apply to it, by location id, in `language` where they have it.
    public static func decode(
        _ body: some Collection<UInt8>,
        for places: [(id: String, place: Place)],
        language: Language = .english
    ) throws(FetchError) -> [String: [Alert]] {
        let warnings = try MeteoAlarmWarnings(body, language: language)
        var lists: [String: [Alert]] = [:]
        for (id, place) in places { lists[id] = try warnings.alerts(for: place) }
        return lists
    }
}
