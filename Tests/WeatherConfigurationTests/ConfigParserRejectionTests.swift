import Testing
import WeatherCore

@testable import WeatherConfiguration

/// Configurations `ConfigParser` rejects: each error names the file, the key path and the line, also for the
/// checks made after parsing.
@Suite("ConfigParser: rejected configurations")
struct ConfigParserRejectionTests {
    private let parser = ConfigParser(file: "/etc/weatherd/config.yaml")

    @Test("rejects a bad configuration naming file, key path and line", arguments: BadConfig.all)
    func rejects(_ bad: BadConfig) throws {
        let error = try #require(parser.error(parsing: bad.yaml), "\(bad.label) was accepted")
        #expect(error.file == "/etc/weatherd/config.yaml")
        #expect(error.keyPath == bad.keyPath)
        #expect(error.line == bad.line)
        if bad.exact {
            #expect(error.message == bad.message)
        } else {
            #expect(error.message.hasPrefix(bad.message))
        }
        // The description never is a Swift dump and always starts with the file.
        #expect(error.description.hasPrefix("/etc/weatherd/config.yaml"))
        #expect(error.description.hasSuffix(error.message))
    }

    @Test func thereAreAtLeastTwentyBadConfigurations() {
        #expect(BadConfig.all.count >= 20)
        #expect(Set(BadConfig.all.map(\.label)).count == BadConfig.all.count)
    }

    @Test func descriptionFormat() {
        let full = ConfigError(
            file: "config.yaml",
            keyPath: "locations[1].latitude",
            line: 12,
            message: "must be between -90 and 90, got 91"
        )
        #expect(full.description == "config.yaml:12: locations[1].latitude: must be between -90 and 90, got 91")
        let noLine = ConfigError(file: "config.yaml", keyPath: "api.base_url", line: nil, message: "bad")
        #expect(noLine.description == "config.yaml: api.base_url: bad")
        let noKey = ConfigError(file: "config.yaml", keyPath: "", line: 3, message: "invalid YAML: x")
        #expect(noKey.description == "config.yaml:3: invalid YAML: x")
        let neither = ConfigError(file: "command line", keyPath: "", line: nil, message: "oops")
        #expect(neither.description == "command line: oops")
    }

    @Test func descriptionOfARealError() throws {
        let yaml = "locations:\n  - name: Berlin\n    latitude: 91\n    longitude: 13.41\n"
        let error = try #require(parser.error(parsing: yaml))
        #expect(
            error.description
                == "/etc/weatherd/config.yaml:3: locations[0].latitude: must be between -90 and 90, got 91"
        )
    }

    /// weatherd.conf(5): "a message naming the file, the key path and the line where YAML gives one", also for
    /// the checks made after parsing (duplicate ids, URLs, an empty list).
    @Test func errorsFoundAfterParsingKeepTheLine() throws {
        let duplicate = try #require(
            parser.error(parsing: BadConfig.berlin + "  - name: Berlin\n    latitude: 52.5\n    longitude: 13.4\n")
        )
        let url = try #require(parser.error(parsing: "api:\n  base_url: ftp://x\n"))
        let empty = try #require(parser.error(parsing: "locations: []\n"))
        #expect(duplicate.line == 5)
        #expect(url.line == 2)
        #expect(empty.line == 1)

    }

    /// A duplicate key inside `api:` is reported with its path, at the line of its first occurrence.
    @Test func duplicateNestedKeyNamesItsPath() throws {
        let error = try #require(
            parser.error(parsing: "api:\n  base_url: https://a.example\n  base_url: https://b.example\n")
        )
        #expect(error.message == "duplicate key")
        #expect(error.line == 2)
        #expect(error.keyPath == "api.base_url")
    }
}

extension ConfigParser {
    /// The error parsing `yaml` ends with; nil when it parses.
    func error(parsing yaml: String) -> ConfigError? {
        do {
            _ = try parse(yaml)
            return nil
        } catch {
            return error
        }
    }
}
