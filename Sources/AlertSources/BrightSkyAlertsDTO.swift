// The answer of Bright Sky's `GET /alerts?lat=&lon=` (the DWD's warnings, flat JSON) as far as weatherd reads
// it; private to this target. Names follow the JSON keys; `null` and missing members are nil (Bright Sky
// sends `expires`, `category` … `event_de` and the instructions as `null`).
// swift-format-ignore: AlwaysUseLowerCamelCase
struct BrightSkyAlertsDTO: Decodable {
    var alerts: [CAPObjectDTO<AlertDTO>]?
    var location: LocationDTO?

    /// An alert's fields besides those CAP names alike in every source (``CAPInfoDTO``): its identifier
    /// and its texts, in English and in German.
    struct AlertDTO: Decodable {
        /// The DWD's CAP identifier without its last `.`-suffix (Bright Sky's own serial `id` is not read).
        var alert_id: String?
        /// `event_en`, `headline_en`, `description_en`, `instruction_en`.
        var english: TextsDTO
        /// `event_de`, `headline_de`, `description_de`, `instruction_de`.
        var german: TextsDTO

        private enum CodingKeys: CodingKey {
            case alert_id
        }

        init(from decoder: any Decoder) throws {
            alert_id = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .alert_id)
            english = try TextsDTO(from: decoder, suffix: "_en")
            german = try TextsDTO(from: decoder, suffix: "_de")
        }
    }

    /// CAP's four texts in one language, which Bright Sky sends as members named with the language's
    /// suffix.
    struct TextsDTO {
        var event: String?
        var headline: String?
        var description: String?
        var instruction: String?

        init(from decoder: any Decoder, suffix: String) throws {
            let container = try decoder.container(keyedBy: Key.self)
            func text(_ name: String) throws -> String? {
                try container.decodeIfPresent(String.self, forKey: Key(stringValue: name + suffix))
            }
            event = try text("event")
            headline = try text("headline")
            description = try text("description")
            instruction = try text("instruction")
        }
    }

    /// A member's name.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The municipality warn cell that holds the point.
    struct LocationDTO: Decodable {
        var name: String?
    }
}
