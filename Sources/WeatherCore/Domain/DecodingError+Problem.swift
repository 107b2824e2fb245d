extension DecodingError {
    /// Where a response's JSON did not fit its shape, short and safe for a log: `not a JSON object`, or
    /// ``wrong type at `current.temperature_2m` ``; nil when the decoder names no place (the body is not
    /// JSON, or is cut short), for the caller to tell from the body. The API's decoders share it.
    public var responseProblem: String? {
        switch self {
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "not a JSON object"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context):
            return "wrong type at `\(Self.path(context.codingPath))`"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "wrong type at `\(Self.path(context.codingPath))`"
        default:
            return nil
        }
    }

    /// `current.temperature_2m`, `hourly.time[3]`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        let keys = codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
        return String(keys.drop { $0 == Character(".") })
    }
}
