internal import CYaml

/// Reads one YAML document into a ``Node`` tree with libyaml's event API. Every node keeps its line
/// and column; anchors and aliases are resolved; a key written twice in one mapping, nesting deeper
/// than ``maxDepth`` and aliases expanding past ``maxAliasedNodes`` are refused, so a hostile
/// document (a "billion laughs") costs neither time nor memory.
public struct YAMLParser: Sendable {
    /// The deepest nesting of sequences and mappings accepted, aliases counted as expanded.
    public var maxDepth: Int
    /// The most nodes aliases may add to a document, each alias counting the nodes it stands for.
    public var maxAliasedNodes: Int

    /// Creates a parser with these limits.
    public init(maxDepth: Int = 64, maxAliasedNodes: Int = 100_000) {
        self.maxDepth = maxDepth
        self.maxAliasedNodes = maxAliasedNodes
    }

    /// The document in `text`: nil when there is none (an empty text, or only comments), its root
    /// node otherwise. More than one document is an error, as is anything libyaml refuses.
    public func parse(_ text: String) throws(YAMLError) -> Node? {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(YAMLError) in try parse(input: bytes) } }.get()
    }

    /// The document in the UTF-8 bytes `bytes`; see ``parse(_:)``. Bytes that are not UTF-8 are a
    /// ``YAMLError/Kind/reader`` error.
    public func parse(bytes: [UInt8]) throws(YAMLError) -> Node? {
        try bytes.withUnsafeBufferPointer { input in Result { () throws(YAMLError) in try parse(input: input) } }
            .get()
    }

    private func parse(input: UnsafeBufferPointer<UInt8>) throws(YAMLError) -> Node? {
        // An empty text is an empty stream; libyaml also asserts a non-null input, which it may not have.
        guard let base = input.baseAddress, !input.isEmpty else { return nil }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError(kind: .memory, problem: "out of memory")
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, base, input.count)
        var composer = Composer(parser: parser, input: input, limits: self)
        return try composer.document()
    }
}
