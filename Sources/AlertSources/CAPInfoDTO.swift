// The fields of a CAP `info` block that the four sources send under CAP's own names (NWS's and MET's
// `properties`, MeteoAlarm's `info[]`, Bright Sky's alerts), read once for all of them; private to this
// target. Each source's other fields are its own DTO's, read from the same JSON object (``CAPObjectDTO``).
// A source that lacks a field leaves it nil; none sends one of these names with another type.
struct CAPInfoDTO: Decodable {
    /// What the warning is about.
    var event: String?
    /// One line for people.
    var headline: String?
    /// The full text.
    var description: String?
    /// What to do.
    var instruction: String?
    /// CAP's words (any case).
    var severity: String?
    var urgency: String?
    var certainty: String?
    /// Times with their own offsets.
    var effective: String?
    var onset: String?
    var expires: String?
    /// CAP's `status` (`Actual`, `Test` …) where the source sends it with the info.
    var status: String?
    /// A web page about the warning.
    var web: String?
}
