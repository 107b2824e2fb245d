/// MeteoAlarm feeds built from parts, in the fixture's shape (keys sorted, compact), for the cases the
/// fixture lacks: polygons, several languages, level 1, cancels.
enum MeteoAlarmFeed {
    /// A whole feed of `warnings`.
    static func body(_ warnings: [String]) -> [UInt8] {
        Array(#"{"warnings":[\#(warnings.joined(separator: ","))]}"#.utf8)
    }

    /// One `{"alert":{…},"uuid":…}` element.
    static func warning(
        id: String,
        msgType: String = "Alert",
        references: String? = nil,
        status: String = "Actual",
        sent: String = "2026-11-24T10:00:00+01:00",
        infos: [String]
    ) -> String {
        let references = references.map { #""references":"\#($0)","# } ?? ""
        return #"{"alert":{"identifier":"\#(id)","incidents":"\#(msgType)","info":[\#(infos.joined(separator: ","))],"#
            + #""msgType":"\#(msgType)",\#(references)"scope":"Public","sender":"svc@example.org","#
            + #""sent":"\#(sent)","status":"\#(status)"},"uuid":"u-\#(id)"}"#
    }

    /// One language of a message.
    static func info(
        language: String = "en-GB",
        event: String = "Wind",
        level: String? = "2; yellow; Moderate",
        severity: String = "Moderate",
        onset: String = "2026-11-24T18:00:00+01:00",
        expires: String = "2026-11-25T06:00:00+01:00",
        areas: [String]
    ) -> String {
        let parameter = level.map { #"{"value":"\#($0)","valueName":"awareness_level"},"# } ?? ""
        return #"{"area":[\#(areas.joined(separator: ","))],"category":["Met"],"certainty":"Likely","#
            + #""description":"\#(event) text (\#(language))","effective":"2026-11-24T10:00:00+01:00","#
            + #""event":"\#(event)","expires":"\#(expires)","headline":"\#(event) headline (\#(language))","#
            + #""instruction":"Take care.","language":"\#(language)","onset":"\#(onset)","#
            + #""parameter":[\#(parameter){"value":"1; Wind","valueName":"awareness_type"}],"#
            + #""responseType":["Monitor"],"senderName":"Service","severity":"\#(severity)","urgency":"Future"}"#
    }

    /// One area with geocodes (`(value, valueName)`) and CAP polygons.
    static func area(_ name: String, geocodes: [(String, String)] = [], polygons: [String] = []) -> String {
        let codes = geocodes.map { #"{"value":"\#($0.0)","valueName":"\#($0.1)"}"# }.joined(separator: ",")
        let rings = polygons.map { #""\#($0)""# }.joined(separator: ",")
        return #"{"areaDesc":"\#(name)","geocode":[\#(codes)],"polygon":[\#(rings)]}"#
    }
}
