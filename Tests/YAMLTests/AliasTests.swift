import Testing
import YAML

@Suite("YAMLParser anchors and aliases")
struct AliasTests {
    @Test func anAliasIsTheAnchoredNode() throws {
        let yaml = """
            base: &base
              temperature: celsius
              wind_speed: kmh
            copy: *base
            name: &name Berlin
            names: [*name, *name]
            """
        let root = try #require(try Parse.node(yaml))
        let base = try #require(root["base"])
        #expect(root["copy"] == base)
        // A node starts at its properties: the mapping at `&base`.
        #expect(root["copy"]?.mark == Mark(line: 1, column: 7))
        let name = try #require(root["name"])
        #expect(root["names"]?.items == [name, name])
        #expect(root["names"]?.items?.first?.string == "Berlin")
    }

    @Test func aRedefinedAnchorNamesTheLatestNode() throws {
        let root = try #require(try Parse.node("a: &x 1\nb: *x\nc: &x 2\nd: *x\n"))
        #expect(root["b"]?.string == "1")
        #expect(root["d"]?.string == "2")
    }

    @Test func anUndefinedAliasIsAnError() throws {
        try Parse.expectError(
            "a: 1\nb:\n  c: *nowhere\n",
            kind: .undefinedAlias,
            problem: "found undefined alias \"nowhere\"",
            mark: Mark(line: 3, column: 6),
            keyPath: "b.c"
        )
    }

    /// An anchor is defined once its node is complete, so a node cannot contain itself.
    @Test func aNodeCannotContainItself() throws {
        let error = try #require(Parse.error("a: &a [1, *a]\n"))
        #expect(error.kind == .undefinedAlias)
        #expect(error.keyPath == "a[1]")
    }

    /// Merge keys are not YAML 1.2 and were not merged by the parser before: `<<` is an ordinary key.
    @Test func aMergeKeyIsAnOrdinaryKey() throws {
        let root = try #require(try Parse.node("base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n"))
        guard case .mapping(let derived) = try #require(root["derived"]) else {
            Issue.record("not a mapping")
            return
        }
        #expect(derived.keys.compactMap(\.string) == ["<<", "y"])
        #expect(derived["<<"] == root["base"])
    }
}
