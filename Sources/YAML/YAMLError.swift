/// Why a YAML text could not be read into a ``Node`` tree: what kind of problem, libyaml's (or the
/// composer's) words for it, the context it was found in, where, and under which key path.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problems.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not text libyaml accepts (invalid UTF-8, control characters).
        case reader
        /// libyaml's scanner or parser refused the text (`mapping values are not allowed here`).
        case syntax
        /// A mapping has the same key twice; the mark is the first one's.
        case duplicateKey
        /// An alias names no anchor defined before it.
        case undefinedAlias
        /// Sequences and mappings nest deeper than ``YAMLParser/maxDepth`` (aliases expanded).
        case tooDeep
        /// Aliases expand to more than ``YAMLParser/maxAliasedNodes`` nodes.
        case tooManyAliasedNodes
        /// The text holds more than one document.
        case multipleDocuments
        /// libyaml ran out of memory.
        case memory
    }

    /// The kind of problem.
    public var kind: Kind
    /// What is wrong, e.g. `mapping values are not allowed in this context`.
    public var problem: String
    /// What was being read, e.g. `while scanning a simple key`, when libyaml says.
    public var context: String?
    /// Where the problem is, when known.
    public var mark: Mark?
    /// The key path of the node in question (`api.base_url`, `locations[1]`); empty for the
    /// document as a whole and for libyaml's syntax errors.
    public var keyPath: String = ""

    /// `line 2, column 8: api.base_url: duplicate key` or
    /// `line 2, column 10: mapping values are not allowed in this context`.
    public var description: String {
        var text = mark.map { "\($0): " } ?? ""
        if !keyPath.isEmpty { text += "\(keyPath): " }
        text += problem
        if let context { text += " (\(context))" }
        return text
    }
}
