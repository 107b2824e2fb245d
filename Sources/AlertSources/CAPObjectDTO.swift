/// One JSON object read twice: as the CAP fields every source names alike (``cap``) and as the source's
/// own (``own``, whose members read as this value's own through dynamic member lookup); private to this
/// target.
@dynamicMemberLookup
struct CAPObjectDTO<Own: Decodable>: Decodable {
    /// The fields CAP names.
    var cap: CAPInfoDTO
    /// The source's own fields.
    var own: Own

    init(from decoder: any Decoder) throws {
        cap = try CAPInfoDTO(from: decoder)
        own = try Own(from: decoder)
    }

    subscript<Value>(dynamicMember path: KeyPath<Own, Value>) -> Value { own[keyPath: path] }
}
