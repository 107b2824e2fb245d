import Testing
import WeatherCore

@testable import WeatherConfiguration

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

}
