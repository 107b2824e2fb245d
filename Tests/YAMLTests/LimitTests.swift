import Testing
import YAML

@Suite("YAMLParser limits")
struct LimitTests {
    @Test func aKeyWrittenTwiceIsAnErrorNamingItsPathAndFirstLine() throws {
        let top = try Parse.expectError(
            "interval: 10s\ntimeout: 5s\ninterval: 20s\n",
            kind: .duplicateKey,
            mark: Mark(line: 1, column: 1),
            keyPath: "interval"
        )
        #expect(top.description == "line 1, column 1: interval: duplicate key")
        let nested = try #require(Parse.error("locations:\n  - name: a\n  - name: b\n    x: 1\n    name: c\n"))
        #expect(nested.keyPath == "locations[1].name")
        #expect(nested.mark == Mark(line: 3, column: 5))
        let flow = try #require(Parse.error("api: {base_url: a, \"base_url\": b}\n"))
        #expect(flow.keyPath == "api.base_url")
    }

    /// As with Yams before: the mapping is read to its end first, so a syntax error in it wins.
    @Test func aSyntaxErrorAfterADuplicateKeyWins() throws {
        let error = try #require(Parse.error("a: 1\na: 2\nb: [\n"))
        #expect(error.kind == .syntax)
        #expect(error.mark?.line == 4)
    }

    @Test func theSameKeyInTwoMappingsIsFine() throws {
        let root = try #require(try Parse.node("a: {x: 1}\nb: {x: 2}\n"))
        #expect(root["b"]?["x"]?.string == "2")
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = 64
        let yaml = String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth)
        var node = try #require(try Parse.node(yaml))
        for _ in 1..<depth { node = try #require(node.items?.first) }
        #expect(node.items == [.scalar(Node.Scalar("x", mark: Mark(line: 1, column: 65)))])
    }

    @Test func nestingDeeperIsRefused() throws {
        try Parse.expectError(
            String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
            kind: .tooDeep,
            problem: "nested deeper than 64 levels",
            mark: Mark(line: 1, column: 65)
        )
        let blocks = (0..<70).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n")
        let block = try #require(Parse.error(blocks + " x\n"))
        #expect(block.kind == .tooDeep)
        #expect(block.mark?.line == 65)
        #expect(block.keyPath.hasPrefix("k0.k1.k2."))
    }

    /// 1 MiB of `[`, the most the configuration loader reads: refused at level 65, no stack overflow.
    @Test func aMebibyteOfOpenBracketsFailsFast() throws {
        let error = try #require(Parse.error(String(repeating: "[", count: 1 << 20)))
        #expect(error.kind == .tooDeep)
    }

    /// An alias counts at its full depth: a shallow alias of a deep node is still deep.
    @Test func anAliasCountsAtItsExpandedDepth() throws {
        let deep = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(try Parse.node("a: &a \(deep)\nb: [[[*a]]]\n") != nil)
        let error = try #require(Parse.error("a: &a \(deep)\nb: [[[[*a]]]]\n"))
        #expect(error.kind == .tooDeep)
        #expect(error.mark?.line == 2)
    }

    @Test func aliasesUpToTheLimitAreAccepted() throws {
        let parser = YAMLParser(maxAliasedNodes: 8)
        // *list stands for 4 nodes (the sequence and its 3 items).
        #expect(try Parse.node("list: &list [1, 2, 3]\na: *list\nb: *list\n", parser) != nil)
        try Parse.expectError(
            "list: &list [1, 2, 3]\na: *list\nb: *list\nc: *list\n",
            parser,
            kind: .tooManyAliasedNodes,
            problem: "aliases expand to more than 8 nodes",
            mark: Mark(line: 4, column: 4),
            keyPath: "c"
        )
    }

    /// The "billion laughs": nine levels of nine aliases, 10⁹ nodes expanded from 1 KB.
    @Test func aBillionLaughsFailsFast() throws {
        var yaml = "lol0: &lol0 lol\n"
        for level in 1...9 {
            let aliases = Array(repeating: "*lol\(level - 1)", count: 9).joined(separator: ", ")
            yaml += "lol\(level): &lol\(level) [\(aliases)]\n"
        }
        let clock = ContinuousClock()
        var error: YAMLError?
        let elapsed = clock.measure { error = Parse.error(yaml) }
        let refused = try #require(error)
        #expect(refused.kind == .tooManyAliasedNodes)
        #expect(refused.description.contains("aliases expand to more than 100000 nodes"))
        #expect(refused.mark?.line == 7)  // lol6: 74,727 nodes expanded before it, 7,381 per alias
        #expect(elapsed < .seconds(1))
    }
}
