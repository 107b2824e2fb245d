/// A position in a YAML text: the 1-based line and column where a node (or a problem) starts. The
/// column counts Unicode scalars, as libyaml does.
public struct Mark: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars.
    public var column: Int

    /// Creates a mark.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 3, column 5`.
    public var description: String { "line \(line), column \(column)" }
}
