/// A value written as JSON `null` when absent (where the state file's readers expect the key), and read
/// back from `null` or a missing key alike.
@propertyWrapper
struct Nullable<Value: Codable & Sendable>: Codable, Sendable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key reads as an absent ``Nullable`` value, like `null`. The value is decoded directly
    /// (`decodeIfPresent` reads `null` as nil), not through ``Nullable``'s own `init(from:)`: one generic
    /// layer less per field, which is most of a field's cost in `status --follow` (bench/README.md).
    func decode<Value>(_ type: Nullable<Value>.Type, forKey key: Key) throws -> Nullable<Value> {
        Nullable(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}
