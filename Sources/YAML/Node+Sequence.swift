extension Node {
    /// A sequence (`- a` lines or `[a, b]`): its items in order, its explicit tag and its mark.
    public struct Sequence: Sendable, Hashable, RandomAccessCollection {
        /// The items.
        public var nodes: [Node]
        /// The explicit tag, or nil.
        public var tag: String?
        /// Where it starts.
        public var mark: Mark

        /// Creates a sequence.
        public init(_ nodes: [Node], tag: String? = nil, mark: Mark) {
            self.nodes = nodes
            self.tag = tag
            self.mark = mark
        }

        /// The first index (0).
        public var startIndex: Int { nodes.startIndex }
        /// One past the last index.
        public var endIndex: Int { nodes.endIndex }
        /// The item at `position`.
        public subscript(position: Int) -> Node { nodes[position] }
    }
}
