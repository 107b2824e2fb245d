// A MeteoAlarm country feed (`GET /api/v1/warnings/feeds-{country}`: CAP 1.2 messages as JSON, keys sorted)
// as far as weatherd reads it; private to this target. Names follow the JSON keys; `null` and missing members
// are nil; members not read (`incidents`, `category`, `responseType`, `uuid`, …) are skipped whatever their
// shape.
// swift-format-ignore: AlwaysUseLowerCamelCase
struct MeteoAlarmDTO: Decodable {
    var warnings: [WarningDTO]?

    struct WarningDTO: Decodable {
        var alert: CAPAlertDTO?
    }

    struct CAPAlertDTO: Decodable {
        var identifier: String?
        var info: [CAPObjectDTO<InfoDTO>]?
        var msgType: String?
        /// CAP's white-space separated `sender,identifier,sent` triples.
        var references: String?
        var sent: String?
        var status: String?
    }

    /// One language of the message (each repeats everything), besides the fields CAP names alike in every
    /// source (``CAPInfoDTO``).
    struct InfoDTO: Decodable {
        var area: [AreaDTO]?
        var language: String?
        var parameter: [NamedValueDTO]?
    }

    struct AreaDTO: Decodable {
        var areaDesc: String?
        var geocode: [NamedValueDTO]?
        /// CAP polygons: `"lat,lon lat,lon …"`, latitude first.
        var polygon: [String]?
    }

    /// `{value, valueName}`: a geocode (`EMMA_ID`, `WARNCELLID`, `NUTS3`, …) or a parameter
    /// (`awareness_level`, `awareness_type`).
    struct NamedValueDTO: Decodable {
        var value: String?
        var valueName: String?
    }
}
