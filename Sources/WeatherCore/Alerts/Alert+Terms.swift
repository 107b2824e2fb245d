/// A CAP enumeration whose raw values are CAP's words, with an `unknown` case for anything else.
public protocol CAPWord: RawRepresentable<String>, CaseIterable {
    /// Not known, or a word never seen.
    static var unknown: Self { get }
}

extension CAPWord {
    /// Reads a CAP word, ignoring case (Bright Sky lower-cases them); anything else is ``unknown``.
    public init(cap text: String?) {
        let word = text?.lowercased()
        self = Self.allCases.first { $0.rawValue.lowercased() == word } ?? .unknown
    }
}

extension Alert {
    /// CAP's `severity`, ordered from ``unknown`` (lowest) to ``extreme``. Raw values are CAP's words.
    public enum Severity: String, Sendable, CaseIterable, Codable, Comparable, CAPWord {
        /// Not known, or a word never seen: below every known level.
        case unknown = "Unknown"
        /// Minimal to no known threat.
        case minor = "Minor"
        /// Possible threat (MET's and MeteoAlarm's yellow).
        case moderate = "Moderate"
        /// Significant threat (orange).
        case severe = "Severe"
        /// Extraordinary threat (red).
        case extreme = "Extreme"

        /// The level of an awareness code (MET's and MeteoAlarm's `awareness_level`, `"3; orange; Severe"`):
        /// its leading number only, as the words vary in case and language (1 green → minor, 2 yellow →
        /// moderate, 3 orange → severe, 4 red → extreme); nil when there is no such number.
        public init?(awarenessLevel text: String?) {
            guard let text else { return nil }
            let digits = text.drop { $0 == " " }.prefix { $0.isASCII && $0.isNumber }
            switch Int(digits) {
            case 1: self = .minor
            case 2: self = .moderate
            case 3: self = .severe
            case 4: self = .extreme
            default: return nil
            }
        }

        /// Lower to higher: unknown, minor, moderate, severe, extreme.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

        private var rank: Int { Self.allCases.firstIndex(of: self)! }
    }

    /// CAP's `urgency`. Raw values are CAP's words.
    public enum Urgency: String, Sendable, CaseIterable, Codable, CAPWord {
        case immediate = "Immediate"
        case expected = "Expected"
        case future = "Future"
        case past = "Past"
        /// Not known, or a word never seen.
        case unknown = "Unknown"
    }

    /// CAP's `certainty`. Raw values are CAP's words.
    public enum Certainty: String, Sendable, CaseIterable, Codable, CAPWord {
        case observed = "Observed"
        case likely = "Likely"
        case possible = "Possible"
        case unlikely = "Unlikely"
        /// Not known, or a word never seen.
        case unknown = "Unknown"
    }
}
