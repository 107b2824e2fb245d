import Testing
import WeatherCore

/// MET Norway's 83 weather symbols (`WeatherSymbol` of its Locationforecast schema, in its order; the two
/// misspellings as MET sends them), each with the WMO code and the day flag weatherd reads from it.
private let metSymbols: [(code: String, wmo: Int, isDay: Bool?)] = [
    ("clearsky_day", 0, true),
    ("clearsky_night", 0, false),
    ("clearsky_polartwilight", 0, false),
    ("cloudy", 3, nil),
    ("fair_day", 1, true),
    ("fair_night", 1, false),
    ("fair_polartwilight", 1, false),
    ("fog", 45, nil),
    ("heavyrain", 65, nil),
    ("heavyrainandthunder", 95, nil),
    ("heavyrainshowers_day", 82, true),
    ("heavyrainshowers_night", 82, false),
    ("heavyrainshowers_polartwilight", 82, false),
    ("heavyrainshowersandthunder_day", 95, true),
    ("heavyrainshowersandthunder_night", 95, false),
    ("heavyrainshowersandthunder_polartwilight", 95, false),
    ("heavysleet", 69, nil),
    ("heavysleetandthunder", 95, nil),
    ("heavysleetshowers_day", 84, true),
    ("heavysleetshowers_night", 84, false),
    ("heavysleetshowers_polartwilight", 84, false),
    ("heavysleetshowersandthunder_day", 95, true),
    ("heavysleetshowersandthunder_night", 95, false),
    ("heavysleetshowersandthunder_polartwilight", 95, false),
    ("heavysnow", 75, nil),
    ("heavysnowandthunder", 95, nil),
    ("heavysnowshowers_day", 86, true),
    ("heavysnowshowers_night", 86, false),
    ("heavysnowshowers_polartwilight", 86, false),
    ("heavysnowshowersandthunder_day", 95, true),
    ("heavysnowshowersandthunder_night", 95, false),
    ("heavysnowshowersandthunder_polartwilight", 95, false),
    ("lightrain", 61, nil),
    ("lightrainandthunder", 95, nil),
    ("lightrainshowers_day", 80, true),
    ("lightrainshowers_night", 80, false),
    ("lightrainshowers_polartwilight", 80, false),
    ("lightrainshowersandthunder_day", 95, true),
    ("lightrainshowersandthunder_night", 95, false),
    ("lightrainshowersandthunder_polartwilight", 95, false),
    ("lightsleet", 68, nil),
    ("lightsleetandthunder", 95, nil),
    ("lightsleetshowers_day", 83, true),
    ("lightsleetshowers_night", 83, false),
    ("lightsleetshowers_polartwilight", 83, false),
    ("lightsnow", 71, nil),
    ("lightsnowandthunder", 95, nil),
    ("lightsnowshowers_day", 85, true),
    ("lightsnowshowers_night", 85, false),
    ("lightsnowshowers_polartwilight", 85, false),
    ("lightssleetshowersandthunder_day", 95, true),
    ("lightssleetshowersandthunder_night", 95, false),
    ("lightssleetshowersandthunder_polartwilight", 95, false),
    ("lightssnowshowersandthunder_day", 95, true),
    ("lightssnowshowersandthunder_night", 95, false),
    ("lightssnowshowersandthunder_polartwilight", 95, false),
    ("partlycloudy_day", 2, true),
    ("partlycloudy_night", 2, false),
    ("partlycloudy_polartwilight", 2, false),
    ("rain", 63, nil),
    ("rainandthunder", 95, nil),
    ("rainshowers_day", 81, true),
    ("rainshowers_night", 81, false),
    ("rainshowers_polartwilight", 81, false),
    ("rainshowersandthunder_day", 95, true),
    ("rainshowersandthunder_night", 95, false),
    ("rainshowersandthunder_polartwilight", 95, false),
    ("sleet", 69, nil),
    ("sleetandthunder", 95, nil),
    ("sleetshowers_day", 84, true),
    ("sleetshowers_night", 84, false),
    ("sleetshowers_polartwilight", 84, false),
    ("sleetshowersandthunder_day", 95, true),
    ("sleetshowersandthunder_night", 95, false),
    ("sleetshowersandthunder_polartwilight", 95, false),
    ("snow", 73, nil),
    ("snowandthunder", 95, nil),
    ("snowshowers_day", 86, true),
    ("snowshowers_night", 86, false),
    ("snowshowers_polartwilight", 86, false),
    ("snowshowersandthunder_day", 95, true),
    ("snowshowersandthunder_night", 95, false),
    ("snowshowersandthunder_polartwilight", 95, false),
]

@Suite("MetSymbol")
struct MetSymbolTests {
    @Test func theListHasMetsEightyThreeSymbolsOfFortyOneBaseNames() {
        #expect(metSymbols.count == 83)
        #expect(Set(metSymbols.map(\.code)).count == 83)
        let bases = Set(metSymbols.map { $0.code.split(separator: "_")[0] })
        #expect(bases.count == 41)
        #expect(Set(MetSymbol.wmoCodes.keys) == Set(bases.map(String.init)))
        let suffixed = Set(metSymbols.filter { $0.code.contains("_") }.map { $0.code.split(separator: "_")[0] })
        #expect(suffixed.count == 21)
    }

    @Test("every symbol of MET's list maps", arguments: metSymbols.map(\.code))
    func everySymbolMaps(_ code: String) throws {
        let expected = try #require(metSymbols.first { $0.code == code })
        let symbol = MetSymbol(code)
        #expect(symbol.code == code)
        #expect(symbol.isKnown)
        #expect(symbol.wmoCode == WMOCode(expected.wmo))
        #expect(symbol.wmoCode?.isKnown == true)
        #expect(symbol.isDay == expected.isDay)
    }

    @Test func sleetIsSleetNeverFreezingRain() {
        for code in ["lightsleet", "sleet", "heavysleet"] {
            #expect(MetSymbol(code).wmoCode?.condition == .sleet)
            #expect(MetSymbol(code).wmoCode?.category == .snow)
        }
        for code in ["lightsleetshowers_day", "sleetshowers_night", "heavysleetshowers_polartwilight"] {
            #expect(MetSymbol(code).wmoCode?.condition == .sleetShowers)
        }
        #expect(MetSymbol("lightsleet").wmoCode?.description == "Light sleet")
        #expect(MetSymbol("heavysleetshowers_day").wmoCode?.description == "Moderate or heavy sleet showers")
        for (code, _, _) in metSymbols {
            #expect(![.freezingRain, .freezingDrizzle, .thunderstormHail].contains(MetSymbol(code).wmoCode?.condition))
        }
    }

    @Test func polarTwilightAndNightAreNotDay() {
        #expect(MetSymbol("clearsky_polartwilight").isDay == false)
        #expect(MetSymbol("clearsky_night").isDay == false)
        #expect(MetSymbol("clearsky_day").isDay == true)
        #expect(MetSymbol("cloudy").isDay == nil)
    }

    @Test(
        "an unknown symbol maps to no code, never clear sky",
        arguments: [
            "", "_day", "sunny", "sunny_day", "CLEARSKY_DAY", "clear sky", "clearsky-day",
        ]
    )
    func unknownSymbol(_ code: String) {
        let symbol = MetSymbol(code)
        #expect(symbol.wmoCode == nil)
        #expect(!symbol.isKnown)
        #expect(symbol.code == code)
    }

    @Test func anUnknownSuffixLeavesTheDayOpen() {
        #expect(MetSymbol("fair_dusk").wmoCode == WMOCode(1))
        #expect(MetSymbol("fair_dusk").isDay == nil)
        #expect(MetSymbol("partlycloudy_").isDay == nil)
        #expect(MetSymbol("rain_day_night").isDay == nil)
        #expect(MetSymbol("rain_day_night").wmoCode == WMOCode(63))
    }
}
