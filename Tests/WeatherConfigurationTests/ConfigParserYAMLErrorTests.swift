import Testing

@testable import WeatherConfiguration

/// The YAML target's own refusals, as `ConfigParser` words them: file, line, key path, message.
@Suite("ConfigParser YAML errors")
struct ConfigParserYAMLErrorTests {
    private let parser = ConfigParser(file: "config.yaml")

    private func parseError(_ yaml: String) throws -> ConfigError {
        try #require(throws: ConfigError.self) { try parser.parse(yaml) }
    }

    @Test func aBillionLaughs() throws {
        var yaml = "a0: &a0 lol\n"
        for level in 1...9 {
            let aliases = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(aliases)]\n"
        }
        let error = try parseError(yaml)
        #expect(error.description == "config.yaml:7: a6[0]: invalid YAML: aliases expand to more than 100000 nodes")
    }

    @Test func nestingTooDeep() throws {
        let error = try parseError("api: " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70))
        #expect(error.line == 1)
        #expect(error.keyPath == "api" + String(repeating: "[0]", count: 63))
        #expect(error.message == "invalid YAML: nested deeper than 64 levels")
    }

    @Test func twoDocuments() throws {
        let error = try parseError("interval: 10s\n---\ninterval: 20s\n")
        #expect(
            error.description == "config.yaml:2: invalid YAML: found another document (expected a single document)"
        )
    }

    @Test func anUndefinedAlias() throws {
        let error = try parseError("units:\n  temperature: *unit\n")
        #expect(error.description == "config.yaml:2: units.temperature: invalid YAML: found undefined alias \"unit\"")
    }

    @Test func aControlCharacter() throws {
        let error = try parseError("interval: 10s\nlocations:\n  - name: Ber\u{7}lin\n")
        #expect(error.description == "config.yaml:3: cannot read: control characters are not allowed (#x7)")
    }

    @Test func aScalarAliasIsItsAnchor() throws {
        let config = try parser.parse("api:\n  base_url: &url http://127.0.0.1:8080\n  geocoding_url: *url\n")
        #expect(config.api.geocodingURL == "http://127.0.0.1:8080")
    }
}
