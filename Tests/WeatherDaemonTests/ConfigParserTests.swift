import Testing
import WeatherCore
import WeatherDaemon

/// One configuration that must be rejected, and the error it must give.
struct BadConfig: Sendable, CustomTestStringConvertible {
    var label: String
    var yaml: String
    var keyPath: String
    var line: Int?
    /// The exact message, or (with `exact == false`) a prefix of it.
    var message: String
    var exact = true

    var testDescription: String { label }
}

private let berlin = """
    locations:
      - name: Berlin
        latitude: 52.52
        longitude: 13.41

    """

private let badConfigs: [BadConfig] = [
    BadConfig(
        label: "YAML syntax error",
        yaml: "interval: 10s\n  timeout: 5s\n",
        keyPath: "",
        line: 2,
        message: "invalid YAML: mapping values are not allowed in this context",
        exact: false
    ),
    BadConfig(
        label: "tab indentation",
        yaml: "interval: 10s\n\ttimeout: 5s\n",
        keyPath: "",
        line: 2,
        message: "invalid YAML: found a tab character that violates indentation",
        exact: false
    ),
    BadConfig(
        label: "not a mapping at the top",
        yaml: "- interval\n- timeout\n",
        keyPath: "",
        line: 1,
        message: "the file must be a mapping of keys"
    ),
    BadConfig(
        label: "unknown top-level key",
        yaml: "interval: 10s\nintervall: 5s\n",
        keyPath: "intervall",
        line: 2,
        message: "unknown key"
    ),
    BadConfig(
        label: "unknown key api.base_urll",
        yaml: "api:\n  base_urll: https://example.com\n",
        keyPath: "api.base_urll",
        line: 2,
        message: "unknown key"
    ),
    BadConfig(
        label: "unknown key units.temp",
        yaml: "units:\n  wind_speed: kmh\n  temp: celsius\n",
        keyPath: "units.temp",
        line: 3,
        message: "unknown key"
    ),
    BadConfig(
        label: "unknown key locations[0].lat",
        yaml: "locations:\n  - name: Berlin\n    lat: 52.52\n    longitude: 13.41\n",
        keyPath: "locations[0].lat",
        line: 3,
        message: "unknown key"
    ),
    BadConfig(
        label: "interval: [1]",
        yaml: "interval: [1]\n",
        keyPath: "interval",
        line: 1,
        message: "must be a duration"
    ),
    BadConfig(
        label: "latitude: \"abc\"",
        yaml: "locations:\n  - name: Berlin\n    latitude: \"abc\"\n    longitude: 13.41\n",
        keyPath: "locations[0].latitude",
        line: 3,
        message: "must be a number, got \"abc\""
    ),
    BadConfig(
        label: "latitude: \"52.5\" (a quoted string)",
        yaml: "locations:\n  - name: Berlin\n    latitude: \"52.5\"\n    longitude: 13.41\n",
        keyPath: "locations[0].latitude",
        line: 3,
        message: "must be a number, got \"52.5\""
    ),
    BadConfig(
        label: "latitude: [52]",
        yaml: "locations:\n  - name: Berlin\n    latitude: [52]\n    longitude: 13.41\n",
        keyPath: "locations[0].latitude",
        line: 3,
        message: "must be a number"
    ),
    BadConfig(
        label: "locations: {}",
        yaml: "interval: 10s\nlocations: {}\n",
        keyPath: "locations",
        line: 2,
        message: "must be a list of locations"
    ),
    BadConfig(
        label: "a location that is not a mapping",
        yaml: "locations:\n  - Berlin\n",
        keyPath: "locations[0]",
        line: 2,
        message: "must be a mapping"
    ),
    BadConfig(
        label: "latitude 91",
        yaml: "locations:\n  - name: Berlin\n    latitude: 91\n    longitude: 13.41\n",
        keyPath: "locations[0].latitude",
        line: 3,
        message: "must be between -90 and 90, got 91"
    ),
    BadConfig(
        label: "latitude -90.5",
        yaml: berlin + "  - name: South\n    latitude: -90.5\n    longitude: 0\n",
        keyPath: "locations[1].latitude",
        line: 6,
        message: "must be between -90 and 90, got -90.5"
    ),
    BadConfig(
        label: "longitude 181",
        yaml: "locations:\n  - name: Berlin\n    latitude: 52.52\n    longitude: 181\n",
        keyPath: "locations[0].longitude",
        line: 4,
        message: "must be between -180 and 180, got 181"
    ),
    BadConfig(
        label: "interval 0",
        yaml: "interval: 0\n",
        keyPath: "interval",
        line: 1,
        message: "must be greater than 0"
    ),
    BadConfig(
        label: "interval 0s",
        yaml: "timeout: 5s\ninterval: 0s\n",
        keyPath: "interval",
        line: 2,
        message: "must be greater than 0"
    ),
    BadConfig(
        label: "interval -5s",
        yaml: "interval: -5s\n",
        keyPath: "interval",
        line: 1,
        message: "must be a duration such as 10s, 500ms, 2m or a number of seconds, got \"-5s\""
    ),
    BadConfig(
        label: "interval abc",
        yaml: "interval: abc\n",
        keyPath: "interval",
        line: 1,
        message: "must be a duration such as 10s, 500ms, 2m or a number of seconds, got \"abc\""
    ),
    BadConfig(
        label: "interval longer than ten years (no overflow)",
        yaml: "interval: 99999999999999999999\n",
        keyPath: "interval",
        line: 1,
        message: "must be a duration such as 10s, 500ms, 2m or a number of seconds, got \"99999999999999999999\""
    ),
    BadConfig(
        label: "timeout 0",
        yaml: "interval: 10s\ntimeout: 0\n",
        keyPath: "timeout",
        line: 2,
        message: "must be greater than 0"
    ),
    BadConfig(
        label: "stale_after 0ms",
        yaml: "stale_after: 0ms\n",
        keyPath: "stale_after",
        line: 1,
        message: "must be greater than 0"
    ),
    BadConfig(
        label: "empty id",
        yaml: "locations:\n  - id: \"\"\n    name: Berlin\n    latitude: 52.52\n    longitude: 13.41\n",
        keyPath: "locations[0].id",
        line: 2,
        message: "must not be empty"
    ),
    BadConfig(
        label: "duplicate explicit ids",
        yaml: berlin + "  - id: berlin\n    name: Berlin Mitte\n    latitude: 52.52\n    longitude: 13.40\n",
        keyPath: "locations[1].id",
        line: 5,
        message: "duplicate id \"berlin\""
    ),
    BadConfig(
        label: "duplicate derived ids (two Berlin)",
        yaml: berlin + "  - name: Berlin\n    latitude: 52.5\n    longitude: 13.4\n",
        keyPath: "locations[1].id",
        line: 5,
        message: "duplicate id \"berlin\""
    ),
    BadConfig(
        label: "a name that yields no id",
        yaml: "locations:\n  - name: \"!!!\"\n    latitude: 52.52\n    longitude: 13.41\n",
        keyPath: "locations[0].id",
        line: 2,
        message: "the name \"!!!\" gives no id; set one ([a-z0-9-])"
    ),
    BadConfig(
        label: "a location without a name",
        yaml: "locations:\n  - id: x\n    latitude: 52.52\n    longitude: 13.41\n",
        keyPath: "locations[0].name",
        line: 2,
        message: "a location needs a non-empty name"
    ),
    BadConfig(
        label: "a location without longitude",
        yaml: "locations:\n  - name: Berlin\n    latitude: 52.52\n",
        keyPath: "locations[0]",
        line: 2,
        message: "\"Berlin\" needs both latitude and longitude, or neither (resolved by name)"
    ),
    BadConfig(
        label: "a three-letter country code",
        yaml: "locations:\n  - name: Paris\n    country_code: FRA\n",
        keyPath: "locations[0].country_code",
        line: 3,
        message: "must be a two-letter country code, got \"FRA\""
    ),
    BadConfig(
        label: "base_url ftp://x",
        yaml: "api:\n  base_url: ftp://x\n",
        keyPath: "api.base_url",
        line: 2,
        message: "must be an http:// or https:// URL, got \"ftp://x\""
    ),
    BadConfig(
        label: "base_url not a url",
        yaml: "api:\n  base_url: not a url\n",
        keyPath: "api.base_url",
        line: 2,
        message: "must be an http:// or https:// URL, got \"not a url\""
    ),
    BadConfig(
        label: "geocoding_url without a host",
        yaml: "api:\n  geocoding_url: \"http://\"\n",
        keyPath: "api.geocoding_url",
        line: 2,
        message: "has no host: \"http://\""
    ),
    BadConfig(
        label: "base_url with a query",
        yaml: "api:\n  base_url: https://example.com/?a=1\n",
        keyPath: "api.base_url",
        line: 2,
        message: "must not contain a query or fragment"
    ),
    BadConfig(
        label: "locations: []",
        yaml: "interval: 10s\nlocations: []\n",
        keyPath: "locations",
        line: 2,
        message: "at least one location is required"
    ),
    BadConfig(
        label: "temperature: kelvin",
        yaml: "units:\n  temperature: kelvin\n",
        keyPath: "units.temperature",
        line: 2,
        message: "must be one of celsius, fahrenheit, got \"kelvin\""
    ),
    BadConfig(
        label: "wind_speed: knots",
        yaml: "units:\n  wind_speed: knots\n",
        keyPath: "units.wind_speed",
        line: 2,
        message: "must be one of kmh, ms, mph, kn, got \"knots\""
    ),
    BadConfig(
        label: "duplicate YAML keys",
        yaml: "interval: 10s\ntimeout: 5s\ninterval: 20s\n",
        keyPath: "interval",
        line: 1,
        message: "duplicate key"
    ),
]

private let specExample = """
    interval: 10s              # rotation period; a number of seconds or a duration (500ms, 10s, 2m); > 0
    timeout: 5s                # whole-request deadline for one fetch
    stale_after: 30m           # a location's data older than this is "stale"
    state_file: /var/lib/weatherd/state.json
    prometheus_textfile: ""   # optional path; rewritten atomically every tick (node_exporter textfile format)
    api:
      base_url: https://api.open-meteo.com      # or a self-hosted instance, or https://customer-api.open-meteo.com
      geocoding_url: https://geocoding-api.open-meteo.com   # for locations given by name only
      api_key: ""                               # optional; sent as `apikey`; NEVER written to logs, journal or state
    units:
      temperature: celsius     # celsius | fahrenheit
      wind_speed: kmh          # kmh | ms | mph | kn
      precipitation: mm        # mm | inch
    locations:
      - name: Berlin
        latitude: 52.52
        longitude: 13.41
      - id: nyc                # optional; default: the name lower-cased, non [a-z0-9] runs → "-"
        name: New York
        latitude: 40.7128
        longitude: -74.0060

    """

private let parisEntry = """
      - name: Paris            # no coordinates: resolved once by the geocoding API, cached in
        country_code: FR       # <state directory>/geocoding.json (optional country filter)

    """

@Suite("ConfigParser")
struct ConfigParserTests {
    private let parser = ConfigParser(file: "/etc/weatherd/config.yaml")

    @Test("rejects a bad configuration naming file, key path and line", arguments: badConfigs)
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
        #expect(badConfigs.count >= 20)
        #expect(Set(badConfigs.map(\.label)).count == badConfigs.count)
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

    @Test func specExampleWithoutParisParses() throws {
        let config = try parser.parse(specExample)
        #expect(config.interval == .seconds(10))
        #expect(config.timeout == .seconds(5))
        #expect(config.staleAfter == .seconds(1800))
        #expect(config.stateFile == "/var/lib/weatherd/state.json")
        #expect(config.prometheusTextfile == nil)
        #expect(config.api.baseURL == "https://api.open-meteo.com")
        #expect(config.api.geocodingURL == "https://geocoding-api.open-meteo.com")
        #expect(config.api.apiKey == "")
        #expect(config.units == Units(temperature: .celsius, windSpeed: .kmh, precipitation: .mm))
        #expect(
            config.locations == [
                Location(id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.41),
                Location(id: "nyc", name: "New York", latitude: 40.7128, longitude: -74.006),
            ]
        )
    }

    /// weatherd.conf(5)'s full example, Paris given by name only (resolved later by geocoding).
    @Test func specExampleWithParisParses() throws {
        let config = try parser.parse(specExample + parisEntry)
        #expect(config.locations.map(\.id) == ["berlin", "nyc", "paris"])
        let paris = try #require(config.locations.last)
        #expect(paris == Location(name: "Paris", countryCode: "FR"))
        #expect(!paris.hasCoordinates)
        #expect(config.locations.prefix(2).allSatisfy { $0.hasCoordinates })
    }

    @Test func nameOnlyLocationWithoutCountry() throws {
        let config = try parser.parse(specExample + "  - name: Paris\n")
        let paris = try #require(config.locations.last)
        #expect(paris.id == "paris")
        #expect(!paris.hasCoordinates)
        #expect(paris.countryCode == nil)
    }

    @Test func countryCodeIsUpperCased() throws {
        let config = try parser.parse("locations:\n  - name: Paris\n    country_code: fr\n")
        #expect(config.locations.first?.countryCode == "FR")
    }

    @Test func missingKeysKeepTheDefaults() throws {
        let config = try parser.parse("timeout: 3s\nunits:\n  temperature: fahrenheit\n")
        var expected = Configuration()
        expected.timeout = .seconds(3)
        expected.units.temperature = .fahrenheit
        #expect(config == expected)
        #expect(config.locations == Configuration.defaultLocations)
        #expect(config.locations.map(\.id) == ["berlin", "london", "new-york", "tokyo"])
        #expect(config.interval == .seconds(10))
        #expect(config.units.windSpeed == .kmh)
    }

    @Test(
        "durations",
        arguments: [
            ("10", Duration.seconds(10)),
            ("10s", .seconds(10)),
            ("500ms", .milliseconds(500)),
            ("2m", .seconds(120)),
            ("1.5h", .seconds(5400)),
            ("0.5", .milliseconds(500)),
            ("\"10s\"", .seconds(10)),
        ]
    )
    func durations(text: String, expected: Duration) throws {
        let config = try parser.parse("interval: \(text)\n")
        #expect(config.interval == expected)
    }

    @Test func commentsAreAllowedEverywhere() throws {
        let yaml = """
            # weatherd configuration
            interval: 20s # every twenty seconds
            # the places
            locations:   # in rotation order
              # first
              - name: Oslo      # capital
                latitude: 59.91   # north
                longitude: 10.75
            """
        let config = try parser.parse(yaml)
        #expect(config.interval == .seconds(20))
        #expect(config.locations == [Location(name: "Oslo", latitude: 59.91, longitude: 10.75)])
    }

    @Test(arguments: ["", "\n", "# nothing but a comment\n", "---\n"])
    func emptyFileGivesTheDefaults(text: String) throws {
        #expect(try parser.parse(text) == Configuration())
    }

    @Test func emptyStringsMeanUnset() throws {
        let config = try parser.parse("state_file: \"\"\nprometheus_textfile: ''\napi:\n  api_key: ~\n")
        #expect(config.stateFile == nil)
        #expect(config.prometheusTextfile == nil)
        #expect(config.api.apiKey == "")
    }

    @Test func explicitIdAndIntegerCoordinates() throws {
        let config = try parser.parse(
            "locations:\n  - id: home\n    name: Zuhause\n    latitude: 52\n    longitude: -13\n"
        )
        #expect(config.locations == [Location(id: "home", name: "Zuhause", latitude: 52, longitude: -13)])
    }

    @Test func boundaryCoordinatesAreAccepted() throws {
        let config = try parser.parse(
            """
            locations:
              - name: North Pole
                latitude: 90
                longitude: 180
              - name: South Pole
                latitude: -90
                longitude: -180
            """
        )
        #expect(config.locations.map(\.id) == ["north-pole", "south-pole"])
        #expect(config.locations.map(\.latitude) == [90, -90])
    }

    /// weatherd.conf(5): "a message naming the file, the key path and the line where YAML gives one", also for
    /// the checks made after parsing (duplicate ids, URLs, an empty list).
    @Test func errorsFoundAfterParsingKeepTheLine() throws {
        let duplicate = try #require(
            parser.error(parsing: berlin + "  - name: Berlin\n    latitude: 52.5\n    longitude: 13.4\n")
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
