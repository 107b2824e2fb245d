internal import CYaml

/// Turns libyaml's events into one ``Node`` tree, resolving aliases and enforcing the limits of a
/// ``YAMLParser``. It borrows the parser: whoever created it deletes it.
struct Composer {
    /// A composed node, with what the limits need to know when an alias repeats it.
    private struct Composed {
        var node: Node
        /// Its nodes, aliases counted as expanded.
        var size: Int
        /// How many levels of sequences and mappings it nests, aliases expanded (0 for a scalar).
        var height: Int
    }

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeBufferPointer<UInt8>
    private let limits: YAMLParser
    private var anchors: [String: Composed] = [:]
    private var aliasedNodes = 0
    private var path = NodePath()

    init(parser: UnsafeMutablePointer<yaml_parser_t>, input: UnsafeBufferPointer<UInt8>, limits: YAMLParser) {
        self.parser = parser
        self.input = input
        self.limits = limits
    }

    /// The stream's only document, or nil when it has none.
    mutating func document() throws(YAMLError) -> Node? {
        _ = try next()  // stream start
        guard case .documentStart = try next() else { return nil }
        let root = try compose(next(), depth: 0).node
        _ = try next()  // document end
        if case .documentStart(let mark) = try next() {
            throw YAMLError(
                kind: .multipleDocuments,
                problem: "found another document",
                context: "expected a single document",
                mark: mark
            )
        }
        return root
    }

    // MARK: - Nodes

    private mutating func compose(_ event: Event, depth: Int) throws(YAMLError) -> Composed {
        switch event {
        case .alias(let anchor, let mark):
            return try alias(anchor, mark: mark, depth: depth)
        case .scalar(let scalar, let anchor):
            return register(Composed(node: .scalar(scalar), size: 1, height: 0), as: anchor)
        case .sequenceStart(let anchor, let tag, let mark):
            try checkDepth(depth + 1, mark: mark)
            return register(try sequence(tag: tag, mark: mark, depth: depth + 1), as: anchor)
        case .mappingStart(let anchor, let tag, let mark):
            try checkDepth(depth + 1, mark: mark)
            return register(try mapping(tag: tag, mark: mark, depth: depth + 1), as: anchor)
        default:
            throw YAMLError(kind: .syntax, problem: "unexpected event", keyPath: path.rendered())
        }
    }

    private mutating func sequence(tag: String?, mark: Mark, depth: Int) throws(YAMLError) -> Composed {
        var nodes: [Node] = []
        var size = 1
        var height = 0
        while true {
            let event = try next()
            if case .sequenceEnd = event { break }
            path.push(index: nodes.count)
            let item = try compose(event, depth: depth)
            path.pop()
            nodes.append(item.node)
            size += item.size
            height = max(height, item.height)
        }
        return Composed(node: .sequence(Node.Sequence(nodes, tag: tag, mark: mark)), size: size, height: height + 1)
    }

    private mutating func mapping(tag: String?, mark: Mark, depth: Int) throws(YAMLError) -> Composed {
        var pairs: [(key: Node, value: Node)] = []
        var firstMarks: [String: Mark] = [:]
        // A key written twice is reported once the mapping is read, so a syntax error in it comes first.
        var duplicate: YAMLError?
        var size = 1
        var height = 0
        while true {
            let event = try next()
            if case .mappingEnd = event { break }
            let key = try compose(event, depth: depth)
            if case .scalar(let scalar) = key.node {
                if let first = firstMarks.updateValue(scalar.mark, forKey: scalar.string), duplicate == nil {
                    duplicate = YAMLError(
                        kind: .duplicateKey,
                        problem: "duplicate key",
                        mark: first,
                        keyPath: path.rendered(appending: scalar.string)
                    )
                }
                path.push(key: scalar.string)
            } else {
                path.push(key: "?")
            }
            let value = try compose(next(), depth: depth)
            path.pop()
            pairs.append((key.node, value.node))
            size += key.size + value.size
            height = max(height, key.height, value.height)
        }
        if let duplicate { throw duplicate }
        return Composed(node: .mapping(Node.Mapping(pairs, tag: tag, mark: mark)), size: size, height: height + 1)
    }

    private mutating func alias(_ anchor: String, mark: Mark, depth: Int) throws(YAMLError) -> Composed {
        guard let anchored = anchors[anchor] else {
            throw YAMLError(
                kind: .undefinedAlias,
                problem: "found undefined alias \"\(anchor)\"",
                mark: mark,
                keyPath: path.rendered()
            )
        }
        try checkDepth(depth + anchored.height, mark: mark)
        aliasedNodes += anchored.size
        if aliasedNodes > limits.maxAliasedNodes {
            throw YAMLError(
                kind: .tooManyAliasedNodes,
                problem: "aliases expand to more than \(limits.maxAliasedNodes) nodes",
                mark: mark,
                keyPath: path.rendered()
            )
        }
        return anchored
    }

    private mutating func register(_ composed: Composed, as anchor: String?) -> Composed {
        if let anchor { anchors[anchor] = composed }
        return composed
    }

    private func checkDepth(_ depth: Int, mark: Mark) throws(YAMLError) {
        guard depth > limits.maxDepth else { return }
        throw YAMLError(
            kind: .tooDeep,
            problem: "nested deeper than \(limits.maxDepth) levels",
            mark: mark,
            keyPath: path.rendered()
        )
    }

    // MARK: - libyaml

    /// The next event, copied; libyaml's event is freed before this returns, on every path.
    private mutating func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        // On failure libyaml leaves the event zeroed, which yaml_event_delete accepts.
        defer { yaml_event_delete(&event) }
        guard yaml_parser_parse(parser, &event) == 1 else { throw libyamlError() }
        return Event(event)
    }

    /// libyaml's error, in its own words.
    private func libyamlError() -> YAMLError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown error"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return YAMLError(kind: .memory, problem: "out of memory")
        case YAML_READER_ERROR:
            let value = state.problem_value == -1 ? "" : " (#x\(String(state.problem_value, radix: 16)))"
            return YAMLError(
                kind: .reader,
                problem: problem + value,
                mark: Mark(offset: state.problem_offset, in: input)
            )
        default:
            return YAMLError(
                kind: .syntax,
                problem: problem,
                context: state.context.map { String(cString: $0) },
                mark: Mark(state.problem_mark)
            )
        }
    }
}
