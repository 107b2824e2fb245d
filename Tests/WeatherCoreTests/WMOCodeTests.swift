import Testing
import WeatherCore

/// docs/conditions.md, written out literally: code → (condition, category, description).
private let specTable: [(code: Int, condition: String, category: String, description: String)] = [
    (0, "clear", "clear", "Clear sky"),
    (1, "mainly_clear", "partly_cloudy", "Mainly clear"),
    (2, "partly_cloudy", "partly_cloudy", "Partly cloudy"),
    (3, "overcast", "partly_cloudy", "Overcast"),
    (45, "fog", "fog", "Fog"),
    (48, "rime_fog", "fog", "Depositing rime fog"),
    (51, "drizzle", "rain", "Light drizzle"),
    (53, "drizzle", "rain", "Moderate drizzle"),
    (55, "drizzle", "rain", "Dense drizzle"),
    (56, "freezing_drizzle", "rain", "Light freezing drizzle"),
    (57, "freezing_drizzle", "rain", "Dense freezing drizzle"),
    (61, "rain", "rain", "Slight rain"),
    (63, "rain", "rain", "Moderate rain"),
    (65, "rain", "rain", "Heavy rain"),
    (66, "freezing_rain", "rain", "Light freezing rain"),
    (67, "freezing_rain", "rain", "Heavy freezing rain"),
    (68, "sleet", "snow", "Light sleet"),
    (69, "sleet", "snow", "Moderate or heavy sleet"),
    (71, "snow", "snow", "Slight snow fall"),
    (73, "snow", "snow", "Moderate snow fall"),
    (75, "snow", "snow", "Heavy snow fall"),
    (77, "snow_grains", "snow", "Snow grains"),
    (80, "rain_showers", "rain", "Slight rain showers"),
    (81, "rain_showers", "rain", "Moderate rain showers"),
    (82, "rain_showers", "rain", "Violent rain showers"),
    (83, "sleet_showers", "snow", "Light sleet showers"),
    (84, "sleet_showers", "snow", "Moderate or heavy sleet showers"),
    (85, "snow_showers", "snow", "Slight snow showers"),
    (86, "snow_showers", "snow", "Heavy snow showers"),
    (95, "thunderstorm", "thunderstorm", "Thunderstorm"),
    (96, "thunderstorm_hail", "thunderstorm", "Thunderstorm with slight hail"),
    (99, "thunderstorm_hail", "thunderstorm", "Thunderstorm with heavy hail"),
]

@Suite("WMOCode")
struct WMOCodeTests {
    @Test("known code maps as docs/conditions.md", arguments: specTable.map(\.code))
    func knownCode(_ code: Int) throws {
        let expected = try #require(specTable.first { $0.code == code })
        let wmo = WMOCode(code)
        #expect(wmo.isKnown)
        #expect(wmo.condition.rawValue == expected.condition)
        #expect(wmo.category.rawValue == expected.category)
        #expect(wmo.condition.category == wmo.category)
        #expect(wmo.description == expected.description)
    }

    @Test func knownIsTheThirtyTwoCodesAscending() {
        #expect(specTable.count == 32)
        #expect(WMOCode.known.map(\.rawValue) == specTable.map(\.code))
    }

    @Test("unknown code", arguments: [4, 100, -1, 98, 44, 1000])
    func unknownCode(_ code: Int) {
        let wmo = WMOCode(code)
        #expect(!wmo.isKnown)
        #expect(wmo.condition == .unknown)
        #expect(wmo.category == .unknown)
        #expect(wmo.description == "Unknown weather code \(code)")
    }

    @Test func codesOrderNumerically() {
        #expect(WMOCode(3) < WMOCode(45))
        #expect(!(WMOCode(99) < WMOCode(96)))
        #expect([WMOCode(61), WMOCode(0), WMOCode(-1)].sorted().map(\.rawValue) == [-1, 0, 61])
    }

    @Test func everyConditionExceptUnknownIsUsedByAKnownCode() {
        let used = Set(WMOCode.known.map(\.condition))
        #expect(Set(WeatherCondition.allCases).subtracting(used) == [.unknown])
    }
}
