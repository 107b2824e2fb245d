import Testing
import YAML

@Suite("YAMLParser")
struct YAMLParserTests {
    @Test func linesAndColumns() throws {
        let yaml = """
            interval: 10s
            api:
              base_url: "https://x.example"
            locations:
              - name: Berlin
                latitude: 52.52
            """
        let root = try #require(try Parse.node(yaml))
        #expect(root.mark == Mark(line: 1, column: 1))
        #expect(root["interval"]?.mark == Mark(line: 1, column: 11))
        #expect(root["api"]?.mark == Mark(line: 3, column: 3))
        #expect(root["api"]?["base_url"]?.mark == Mark(line: 3, column: 13))
        #expect(root["locations"]?.mark == Mark(line: 5, column: 3))
        let berlin = try #require(root["locations"]?.items?.first)
        #expect(berlin.mark == Mark(line: 5, column: 5))
        #expect(berlin["latitude"]?.mark == Mark(line: 6, column: 15))
        guard case .mapping(let mapping) = root else {
            Issue.record("not a mapping")
            return
        }
        #expect(mapping.keys.map(\.mark.line) == [1, 2, 4])
        #expect(mapping.keys.compactMap(\.string) == ["interval", "api", "locations"])
    }

    @Test func columnsCountUnicodeScalars() throws {
        let root = try #require(try Parse.node("zürich: [a, b]\n"))
        #expect(root["zürich"]?.mark == Mark(line: 1, column: 9))
        #expect(root["zürich"]?.items?.last?.mark == Mark(line: 1, column: 13))
    }

    @Test func scalarStylesAndTags() throws {
        let yaml = """
            plain: 10
            single: '10'
            double: "10"
            literal: |
              a
              b
            folded: >
              a
              b
            str: !!str 10
            custom: !celsius 20
            """
        let root = try #require(try Parse.node(yaml))
        #expect(root["plain"]?.scalar == Node.Scalar("10", mark: Mark(line: 1, column: 8)))
        #expect(root["single"]?.scalar?.style == .singleQuoted)
        #expect(root["double"]?.scalar?.style == .doubleQuoted)
        #expect(root["double"]?.scalar?.isQuoted == true)
        #expect(root["plain"]?.scalar?.isQuoted == false)
        #expect(root["literal"]?.scalar?.style == .literal)
        #expect(root["literal"]?.string == "a\nb\n")
        #expect(root["folded"]?.scalar?.style == .folded)
        #expect(root["folded"]?.string == "a b\n")
        #expect(root["str"]?.tag == "tag:yaml.org,2002:str")
        #expect(root["str"]?.scalar?.style == .plain)
        #expect(root["custom"]?.tag == "!celsius")
        #expect(root["plain"]?.tag == nil)
    }

    @Test func nullsAreTextAsWritten() throws {
        let root = try #require(try Parse.node("a: ~\nb: null\nc:\nd: ''\n"))
        #expect(root["a"]?.scalar?.string == "~")
        #expect(root["b"]?.scalar?.string == "null")
        #expect(root["c"]?.scalar == Node.Scalar("", mark: Mark(line: 3, column: 3)))
        #expect(root["d"]?.scalar?.style == .singleQuoted)
        #expect(root["d"]?.string == "")
    }

    @Test func commentsAreSkipped() throws {
        let root = try #require(try Parse.node("# head\na: 1 # one\n# between\nb: [2, # two\n  3]\n"))
        #expect(root["a"]?.string == "1")
        #expect(root["b"]?.items?.compactMap(\.string) == ["2", "3"])
    }

    @Test(arguments: ["", "\n", "   \n\n", "# only a comment\n", "# one\n# two"])
    func noDocument(text: String) throws {
        #expect(try Parse.node(text) == nil)
        #expect(try YAMLParser().parse(bytes: Array(text.utf8)) == nil)
    }

    @Test func anEmptyDocumentIsAnEmptyScalar() throws {
        let root = try Parse.node("---\n")
        #expect(root == .scalar(Node.Scalar("", mark: Mark(line: 2, column: 1))))
        #expect(try Parse.node("--- # nothing\n...\n")?.string == "")
    }

    @Test func aTopLevelScalarOrSequence() throws {
        #expect(try Parse.node("hello\n")?.string == "hello")
        #expect(try Parse.node("- a\n- b\n")?.items?.compactMap(\.string) == ["a", "b"])
    }

    @Test func tabsSeparateButDoNotIndent() throws {
        let root = try #require(try Parse.node("a:\t1\t# tab before the comment\nb: \"x\ty\"\n"))
        #expect(root["a"]?.string == "1")
        #expect(root["b"]?.string == "x\ty")
        let error = try #require(Parse.error("a: 1\n\tb: 2\n"))
        #expect(error.kind == .syntax)
        #expect(error.problem == "found a tab character that violates indentation")
        #expect(error.mark?.line == 2)
    }

    @Test func syntaxErrorsGiveLibyamlsWordsAndTheLine() throws {
        let error = try Parse.expectError(
            "a: 1\n  b: 2\n",
            kind: .syntax,
            problem: "mapping values are not allowed in this context",
            mark: Mark(line: 2, column: 4),
            keyPath: ""
        )
        #expect(error.description == "line 2, column 4: mapping values are not allowed in this context")
        let unclosed = try #require(Parse.error("a: [1, 2\nb: 3\n"))
        #expect(unclosed.kind == .syntax)
        #expect(unclosed.context == "while parsing a flow sequence")
        #expect(unclosed.description.hasSuffix("(while parsing a flow sequence)"))
    }

    @Test func multipleDocumentsAreRefused() throws {
        let error = try #require(Parse.error("a: 1\n---\nb: 2\n"))
        #expect(error.kind == .multipleDocuments)
        #expect(error.mark?.line == 2)
        #expect(error.description == "line 2, column 1: found another document (expected a single document)")
        #expect(try Parse.node("---\na: 1\n...\n")?["a"]?.string == "1")
    }
}
