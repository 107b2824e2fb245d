import StateStore
import Testing
import WeatherCore
import WeatherTestSupport

@testable import WeatherDisplay

/// The shared words in English, the language every test process speaks (``Catalogue`` is process-wide: the
/// other languages are tested against the built binary, LanguageEndToEndTests).
@Suite("Words")
struct WordsTests {
    private static let first = Timestamp(rfc3339: "2026-11-24T13:00:00Z")!

    /// Nine quarter hours from 13:00, wet (0.4 mm) at `wet`.
    private static func steps(wetAt wet: Set<Int>) -> [NowcastStep] {
        NowcastStep.quarterHours(from: first, (0..<NowcastStep.requested).map { wet.contains($0) ? 0.4 : 0 })
    }

    @Test func theNowcastSentenceIsTheSummarysEnglish() throws {
        // Snow from 13:00 to 14:00, rain from then on: both words, every sentence, durations under and over an hour.
        let hourly = [
            HourForecast(time: Self.first, code: WMOCode(73)),
            HourForecast(time: Self.first.adding(seconds: 3600), code: WMOCode(61)),
        ]
        let patterns: [Set<Int>] = [[], [1, 2, 3], [3], [6], [1, 2, 3, 4, 5, 6, 7, 8], [4, 5], [1, 2, 3, 4, 5]]
        var sentences: Set<String> = []
        for wet in patterns {
            for minute in [0, 1, 5, 14, 22, 37, 50] {
                let now = Self.first.adding(seconds: Double(minute * 60 + 17))
                let steps = Self.steps(wetAt: wet)
                for hours in [[], hourly] {
                    let summary = try #require(NowcastSummary(steps: steps, hourly: hours, unit: .mm, at: now))
                    #expect(Words.nowcast(summary) == summary.summary)
                    sentences.insert(summary.summary.split(separator: " ").prefix(2).joined(separator: " "))
                }
            }
        }
        #expect(sentences.isSuperset(of: ["dry for", "rain in", "snow in", "rain for", "snow for"]), "\(sentences)")
    }

    @Test("each {name} filled once, in one pass: unknown names and values' braces stay as they are")
    func namesAreFilledInOnePass() {
        #expect(Catalogue.text("{a} and {b}, {a}", ["a": "x", "b": "{a}"]) == "x and {a}, x")
        #expect(Catalogue.text("{missing} {a}", ["a": "é ☔️"]) == "{missing} é ☔️")
        #expect(Catalogue.text("{a{a}} {", ["a": "1"]) == "{a1} {")
        #expect(Catalogue.text("no names", ["a": "1"]) == "no names")
        #expect(Catalogue.text("{a}", [:]) == "{a}")
    }

    @Test func agesAndDurations() {
        #expect(Words.age(-3) == "0 s")
        #expect(Words.age(119.9) == "119 s")
        #expect(Words.age(120) == "2 min")
        #expect(Words.age(7199) == "119 min")
        #expect(Words.age(7200) == "2 h")
        #expect(Words.age(172_800) == "2 d")
        #expect(Words.duration(minutes: 25) == "25 min")
        #expect(Words.duration(minutes: 120) == "2 h")
        #expect(Words.duration(minutes: 75) == "1 h 15 min")
    }

    @Test func theAirsWordsAreTheAgenciesNames() {
        for level in AirQualityLevel.allCases { #expect(Words.airLevel(level) == level.name) }
        for plant in Pollen.Plant.allCases { #expect(Words.plant(plant) == plant.name) }
        for amount in Pollen.Amount.allCases { #expect(Words.pollenAmount(amount) == amount.name) }
        #expect(Words.airQualityIndex(.european) == "European AQI")
        #expect(Words.airQualityIndex(.us) == "US AQI")
    }

    @Test func humanNumbersInEnglishKeepTheirPoint() {
        #expect(Catalogue.decimalSeparator == ".")
        #expect(Words.decimal(2.45, decimals: 1) == "2.5")
        #expect(Words.decimal(.nan, decimals: 1) == nil)
        #expect(Words.number(14.3) == "14.3")
        #expect(Words.number(81) == "81")
    }

    @Test func theStateFilesWordsInEnglishAreItsOwn() {
        #expect(Catalogue.language == .english)
        let text = StateText.inLanguageInUse
        for code in WMOCode.known + [WMOCode(42)] { #expect(text.description(code) == code.description) }
    }

    @Test func aTextForAMachineStaysEnglish() {
        #expect(Catalogue.text("no data {x}", ["x": "1"], translated: false) == "no data 1")
    }
}
