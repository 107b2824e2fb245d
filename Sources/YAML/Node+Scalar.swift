extension Node {
    /// A scalar as written: its text (no type resolution: `10`, `"10"` and `true` are all text), the
    /// style it was written in, its explicit tag, and its mark.
    public struct Scalar: Sendable, Hashable {
        /// How a scalar was written.
        public enum Style: Sendable, Hashable {
            /// Without quotes: `10`, `~`, `berlin`.
            case plain
            /// In single quotes: `'10'`.
            case singleQuoted
            /// In double quotes: `"10"`.
            case doubleQuoted
            /// A literal block: `|`.
            case literal
            /// A folded block: `>`.
            case folded
        }

        /// The text, after unquoting, unescaping and folding.
        public var string: String
        /// How it was written.
        public var style: Style
        /// The explicit tag, or nil.
        public var tag: String?
        /// Where it starts.
        public var mark: Mark

        /// Creates a scalar.
        public init(_ string: String, style: Style = .plain, tag: String? = nil, mark: Mark) {
            self.string = string
            self.style = style
            self.tag = tag
            self.mark = mark
        }

        /// Whether it was written in single or double quotes.
        public var isQuoted: Bool { style == .singleQuoted || style == .doubleQuoted }
    }
}
