import Testing
import YAML

@Suite("YAMLParser input")
struct InputTests {
    @Test func invalidUTF8IsAReaderErrorWithItsPlace() throws {
        let error = try #require(Parse.error(bytes: Array("a: 1\nb: ".utf8) + [0xE9, 0x0A]))
        #expect(error.kind == .reader)
        #expect(error.mark == Mark(line: 2, column: 4))
        #expect(error.problem == "incomplete UTF-8 octet sequence")
        let lone = try #require(Parse.error(bytes: Array("a: \u{e9}".utf8) + [0xFF]))
        #expect(lone.problem == "invalid leading UTF-8 octet (#xff)")
        #expect(lone.mark == Mark(line: 1, column: 5))
    }

    @Test func controlCharactersAreAReaderError() throws {
        try Parse.expectError(
            "a: b\u{01}\n",
            kind: .reader,
            problem: "control characters are not allowed (#x1)",
            mark: Mark(line: 1, column: 5)
        )
    }

    @Test func binaryInputIsRefused() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let bytes = (0..<256).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(Parse.error(bytes: bytes + [0]) != nil)
        }
        #expect(Parse.error(bytes: [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00])?.kind == .reader)
    }

    @Test func bytesAndTextGiveTheSameTree() throws {
        let text = "a: [1, 'zwei', \"drei\"]\nb: {c: ~}\n"
        #expect(try YAMLParser().parse(bytes: Array(text.utf8)) == (try Parse.node(text)))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let root = try YAMLParser().parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8))
        #expect(root?["a"]?.string == "1")
    }

    @Test func windowsLineEndingsCountAsOneLine() throws {
        let root = try #require(try Parse.node("a: 1\r\nb: 2\r\n"))
        #expect(root["b"]?.mark == Mark(line: 2, column: 4))
        let error = try #require(Parse.error("a: 1\r\nb: x\u{01}\r\n"))
        #expect(error.mark == Mark(line: 2, column: 5))
    }
}
