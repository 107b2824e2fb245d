/// One node of a YAML document: a scalar, a sequence or a mapping, each with the ``Mark`` where it
/// starts. An alias is replaced by the node its anchor names (the same value, with that node's mark).
public enum Node: Sendable, Hashable {
    /// A scalar: its text, style and tag.
    case scalar(Scalar)
    /// A sequence of nodes.
    case sequence(Sequence)
    /// A mapping: key/value pairs in the order of the document.
    case mapping(Mapping)

    /// Where the node starts.
    public var mark: Mark {
        switch self {
        case .scalar(let scalar): scalar.mark
        case .sequence(let sequence): sequence.mark
        case .mapping(let mapping): mapping.mark
        }
    }

    /// The node's explicit tag (`!!str` is `tag:yaml.org,2002:str`), or nil when it has none.
    public var tag: String? {
        switch self {
        case .scalar(let scalar): scalar.tag
        case .sequence(let sequence): sequence.tag
        case .mapping(let mapping): mapping.tag
        }
    }

    /// The text of a scalar, or nil for a sequence or a mapping.
    public var string: String? {
        guard case .scalar(let scalar) = self else { return nil }
        return scalar.string
    }
}
