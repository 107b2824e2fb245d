import Logging
import Systemd
import Testing

@Suite("JournalField")
struct JournalFieldTests {
    @Test(
        "metadata key → field name",
        arguments: [
            ("weather.location", "WEATHER_LOCATION"),
            ("weather.rotation_index", "WEATHER_ROTATION_INDEX"),
            ("message_id", "MESSAGE_ID"),
            ("MESSAGE_ID", "MESSAGE_ID"),
            ("a-b.c d", "A_B_C_D"),
            ("CamelCase9", "CAMELCASE9"),
            // "ü" is two UTF-8 bytes → "__", and a leading "_" gets the "F" prefix.
            ("ümlaut", "F__MLAUT"),
            ("straße", "STRA__E"),
            ("_private", "F_PRIVATE"),
            ("__trusted", "F__TRUSTED"),
            ("9lives", "F9LIVES"),
            ("0", "F0"),
            ("", "F"),
            (".", "F_"),
            ("🌧", "F____"),
            (String(repeating: "a", count: 64), String(repeating: "A", count: 64)),
            (String(repeating: "b", count: 70), String(repeating: "B", count: 64)),
            ("1" + String(repeating: "c", count: 70), "F1" + String(repeating: "C", count: 62)),
        ]
    )
    func name(key: String, expected: String) throws {
        let name = JournalField.name(forMetadataKey: key)
        #expect(name == expected)
        #expect(try Self.isValidFieldName(name))
    }

    /// journald accepts `^[A-Z][A-Z0-9_]{0,63}$` from clients (no leading `_`: those are trusted fields).
    static func isValidFieldName(_ name: String) throws -> Bool {
        try Regex("^[A-Z][A-Z0-9_]{0,63}$").wholeMatch(in: name) != nil
    }

    @Test func everyNameIsValid() throws {
        var keys = ["", " ", "_", "-", "9", "a", "é", "\u{0}", "x\ny", "=", "FORGED=1", "weather.location"]
        let alphabet = Array("aZ09_.-= é\n\u{1}ü🌧")
        var generator = SystemRandomNumberGenerator()
        for length in 0..<80 {
            keys.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for key in keys {
            let name = JournalField.name(forMetadataKey: key)
            #expect(try Self.isValidFieldName(name), "\(key.debugDescription) → \(name)")
            #expect(name.utf8.count <= JournalField.maximumNameLength)
        }
    }

    @Test(
        "level → syslog priority",
        arguments: [
            (Logger.Level.trace, 7),
            (.debug, 7),
            (.info, 6),
            (.notice, 5),
            (.warning, 4),
            (.error, 3),
            (.critical, 2),
        ]
    )
    func priority(level: Logger.Level, expected: Int) {
        #expect(JournalField.priority(of: level) == expected)
    }

    @Test func values() {
        #expect(JournalField.value(of: .string("Berlin")) == "Berlin")
        #expect(JournalField.value(of: .string("")) == "")
        #expect(JournalField.value(of: .string("a\nb=c\u{1}")) == "a\nb=c\u{1}")
        #expect(JournalField.value(of: .stringConvertible(42)) == "42")
        #expect(JournalField.value(of: .stringConvertible(2.5)) == "2.5")
        #expect(JournalField.value(of: .array([.string("a"), .string("b c")])) == #"["a", "b c"]"#)
        #expect(JournalField.value(of: .array([.stringConvertible(1), .array([.string("x")])])) == #"["1", ["x"]]"#)
        #expect(JournalField.value(of: .array([])) == "[]")
        #expect(JournalField.value(of: .dictionary(["k": .string("v")])) == #"["k": "v"]"#)
        #expect(JournalField.value(of: .dictionary([:])) == "[:]")
    }
}
