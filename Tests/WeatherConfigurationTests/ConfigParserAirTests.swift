import Testing
import WeatherCore

@testable import WeatherConfiguration

/// The `air_quality` section and a location's `air_quality:` key (weatherd.conf(5), docs/air.md).
@Suite("ConfigParser: air quality")
struct ConfigParserAirTests {
    private let parser = ConfigParser(file: "/etc/weatherd/config.yaml")

    @Test func offByDefault() throws {
        let config = try parser.parse("interval: 10s\n")
        #expect(config.airQuality == Configuration.AirQualitySettings())
        #expect(!config.airQuality.enabled)
        #expect(config.airQuality.baseURL == "https://air-quality-api.open-meteo.com")
        #expect(config.display.airQualityScale == .european)
        #expect(config.locations.allSatisfy { $0.airQuality == nil })
        #expect(config.airQualityLocations.isEmpty)
        #expect(config.airQualityCallsPerSecond == 0)
    }

    @Test func everyKeyAndTheLocationsOwn() throws {
        let config = try parser.parse(
            """
            air_quality:
              enabled: true
              index: us
              base_url: http://127.0.0.1:8090/
            display:
              clock: 12h
            locations:
              - {name: A, latitude: 52.52, longitude: 13.41}
              - {name: B, latitude: 35.7, longitude: 139.7, air_quality: false}
              - {name: C, latitude: 1, longitude: 1, air_quality: true}
            """
        )
        #expect(config.airQuality.enabled)
        #expect(config.airQuality.baseURL == "http://127.0.0.1:8090/")
        #expect(config.display.airQualityScale == .us, "display, parsed after it, keeps the scale")
        #expect(config.display.clock == .twelveHour)
        #expect(config.locations.map(\.airQuality) == [nil, false, true])
        #expect(config.airQualityLocations.map(\.name) == ["A", "C"])
        // One request an hour each, whatever the scale: Berlin with pollen (1.3 calls), C without (1.0).
        #expect(abs(config.airQualityCallsPerSecond - 2.3 / 3600) < 1e-12)
    }

    @Test func aLocationCanAskWhileTheSwitchIsOff() throws {
        let config = try parser.parse(
            "locations:\n  - {name: A, latitude: 1, longitude: 1, air_quality: true}\n  - {name: B, latitude: 1, longitude: 1}\n"
        )
        #expect(config.airQualityLocations.map(\.name) == ["A"])
    }

    @Test func itsCostCountsTowardsTheLimitsWarning() throws {
        let locations = (0..<40).map { "  - {name: L\($0), latitude: 52, longitude: \($0 % 40)}" }.joined(
            separator: "\n"
        )
        let quiet = try parser.parse("api:\n  limits:\n    day: 5000\nlocations:\n\(locations)\n")
        let busy = try parser.parse(
            "api:\n  limits:\n    day: 5000\nair_quality:\n  enabled: true\nlocations:\n\(locations)\n"
        )
        #expect(!quiet.warnings.contains { $0.contains("calls a day") })
        #expect(busy.warnings.contains { $0.contains("and the air quality of 40") && $0.contains("calls a day") })
    }

    @Test(arguments: [
        ("air_quality:\n  enabled: yes please\n", "air_quality.enabled", 2, "must be true or false"),
        ("air_quality:\n  index: aqi\n", "air_quality.index", 2, "must be one of european, us, got \"aqi\""),
        ("air_quality:\n  base_url: ftp://x\n", "air_quality.base_url", 2, "http:// or https://"),
        ("air_quality:\n  pollen: true\n", "air_quality.pollen", 2, "unknown key"),
        ("air_quality: true\n", "air_quality", 1, "must be a mapping"),
        ("locations:\n  - {name: A, air_quality: sometimes}\n", "locations[0].air_quality", 2, "must be true or false"),
    ])
    func rejects(_ yaml: String, _ keyPath: String, _ line: Int, _ message: String) throws {
        let error = try #require(parser.error(parsing: yaml), "accepted: \(yaml)")
        #expect(error.keyPath == keyPath)
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error.message)")
    }
}
