extension Node {
    /// A mapping (`key: value` lines or `{key: value}`): its pairs in the order of the document, its
    /// explicit tag and its mark. Keys are unique: the parser refuses a key written twice.
    public struct Mapping: Sendable, Hashable, RandomAccessCollection {
        /// The keys, in order.
        public private(set) var keys: [Node]
        /// The values, in the order of ``keys``.
        public private(set) var values: [Node]
        /// The explicit tag, or nil.
        public var tag: String?
        /// Where it starts.
        public var mark: Mark

        /// Creates a mapping of `pairs`.
        public init(_ pairs: [(key: Node, value: Node)], tag: String? = nil, mark: Mark) {
            self.keys = pairs.map(\.key)
            self.values = pairs.map(\.value)
            self.tag = tag
            self.mark = mark
        }

        /// The first index (0).
        public var startIndex: Int { keys.startIndex }
        /// One past the last index.
        public var endIndex: Int { keys.endIndex }
        /// The pair at `position`.
        public subscript(position: Int) -> (key: Node, value: Node) { (keys[position], values[position]) }

        /// The value of the scalar key `key`, or nil when there is none.
        public subscript(key: String) -> Node? {
            keys.firstIndex { $0.string == key }.map { values[$0] }
        }
    }
}
