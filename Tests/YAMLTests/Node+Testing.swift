import YAML

extension Node {
    /// The value under `key` of a mapping, or nil.
    subscript(key: String) -> Node? {
        guard case .mapping(let mapping) = self else { return nil }
        return mapping[key]
    }

    /// The scalar, or nil.
    var scalar: Scalar? {
        guard case .scalar(let scalar) = self else { return nil }
        return scalar
    }

    /// The items of a sequence, or nil.
    var items: [Node]? {
        guard case .sequence(let sequence) = self else { return nil }
        return sequence.nodes
    }
}
