import Foundation
import OpenMeteo
import Testing
import WeatherCore

/// The forecast blocks (docs/forecast.md) on the wire shapes of `shared/fixtures/next` and hostile variants of
/// them: a bad block is dropped alone, with one sentence naming the condition; the rest is used.
@Suite("ForecastDecoder: blocks")
struct ForecastBlocksDecoderTests {
    @Test func decodesTheHoursAndDaysOfTheFixture() throws {
        let forecast = try ForecastDecoder.decodeForecast(try fixtureBytes("next-hourly-daily.json"), units: Units())
        #expect(forecast.droppedBlocks.isEmpty)
        let hours = try #require(forecast.hourly)
        #expect(hours.count == 24)
        #expect(hours.first?.time == Timestamp(secondsSinceEpoch: 1_795_525_200))
        #expect(hours.first?.temperature == 6.5)
        #expect(hours[2].precipitationProbability == 55)
        #expect(hours[2].precipitation == 0.2)
        #expect(hours.first?.isDay == true)
        #expect(zip(hours, hours.dropFirst()).allSatisfy { $0.time.seconds(since: $1.time) == -3600 })
        let days = try #require(forecast.daily)
        #expect(days.map(\.date.description).first == "2026-11-24")
        #expect(days.map(\.date.description).last == "2026-11-30")
        #expect(days.first?.code == WMOCode(63))
        #expect(days.first?.temperatureMax == 6.9)
        #expect(days.first?.temperatureMin == -0.4)
        #expect(days.first?.precipitationSum == 4.6)
        #expect(days.first?.uvIndexMax == 0.95)
        #expect(days.last?.uvIndexMax == nil, "a null is omitted for its day")
        #expect(days.first?.sunrise == Timestamp(secondsSinceEpoch: 1_795_501_844))
        #expect(forecast.today == days.first)
        #expect(forecast.nowcast == nil, "not asked for, not invented")
    }

    @Test func decodesTheFifteenMinuteSteps() throws {
        let forecast = try ForecastDecoder.decodeForecast(try fixtureBytes("next-minutely15.json"), units: Units())
        let steps = try #require(forecast.nowcast)
        #expect(steps.count == 8)
        #expect(steps.first?.time == forecast.weather.observedAt)
        #expect(steps.map(\.precipitation) == [0, 0, 0, 0.2, 0.5, 0.8, 0.6, 0.4])
        // The first wet step ends at 13:45Z: rain starts at 13:30Z, 30 minutes after current.time.
        let summary = try #require(
            NowcastSummary(steps: steps, unit: .mm, at: forecast.weather.observedAt)
        )
        #expect(summary.rainStartsAt == Timestamp(secondsSinceEpoch: 1_795_525_200 + 1800))
        #expect(summary.summary == "rain in 30 min")
    }

    @Test(arguments: [
        Hostile(name: "a null time", block: "hourly", edit: { $0["time", 3] = NSNull() }),
        Hostile(name: "arrays of unequal length", block: "hourly", edit: { $0.removeLast("temperature_2m") }),
        Hostile(name: "times not increasing", block: "hourly", edit: { $0.swap("time", 4, 5) }),
        Hostile(
            name: "times that do not start at the current time (another place's?)",
            block: "hourly",
            edit: { $0.shift("time", by: 2 * 86400) }
        ),
        Hostile(
            name: "a member of the wrong type (`temperature_2m`)",
            block: "hourly",
            edit: { $0["temperature_2m", 1] = "warm" }
        ),
        Hostile(name: "an implausible `temperature_2m`", block: "hourly", edit: { $0["temperature_2m", 1] = 900 }),
        Hostile(name: "times not evenly spaced", block: "hourly", edit: { $0.shift("time", at: 5, by: 1800) }),
        Hostile(name: "times not evenly spaced", block: "daily", edit: { $0.shift("time", at: 3, by: 7200) }),
        Hostile(name: "a null time", block: "daily", edit: { $0["time", 0] = NSNull() }),
        Hostile(name: "times not increasing", block: "daily", edit: { $0.swap("time", 0, 1) }),
        Hostile(
            name: "times that do not start at the current time (another place's?)",
            block: "daily",
            edit: { $0.shift("time", by: -3 * 86400) }
        ),
        Hostile(
            name: "times that do not start at the current time (another place's?)",
            block: "daily",
            edit: { $0.shift("time", by: 86400) }
        ),
        Hostile(name: "arrays of unequal length", block: "daily", edit: { $0.removeLast("sunset") }),
        Hostile(
            name: "a `weather_code` that is not a whole number",
            block: "daily",
            edit: { $0["weather_code", 2] = 2.5 }
        ),
    ])
    func aBadBlockIsDroppedAloneWithOneSentence(_ hostile: Hostile) throws {
        var body = try #require(
            try JSONSerialization.jsonObject(with: Data(fixtureBytes("next-hourly-daily.json"))) as? [String: Any]
        )
        var block = Columns(try #require(body[hostile.block] as? [String: Any]))
        hostile.edit(&block)
        body[hostile.block] = block.values
        let forecast = try ForecastDecoder.decodeForecast(
            try JSONSerialization.data(withJSONObject: body),
            units: Units()
        )
        #expect(forecast.droppedBlocks == ["`\(hostile.block)` dropped: \(hostile.name)"])
        #expect(forecast.weather.temperature == 6.5, "the current weather is used")
        if hostile.block == "hourly" {
            #expect(forecast.hourly == nil)
            #expect(forecast.daily?.count == 7, "the other block is used")
        } else {
            #expect(forecast.daily == nil)
            #expect(forecast.hourly?.count == 24, "the other block is used")
        }
    }

    /// After a change to summer time local midnights come 23 hours apart: the dates still follow each other.
    @Test func daysAfterAChangeOfSummerTimeKeepTheirDates() throws {
        var body = try #require(
            try JSONSerialization.jsonObject(with: Data(fixtureBytes("next-hourly-daily.json"))) as? [String: Any]
        )
        var block = Columns(try #require(body["daily"] as? [String: Any]))
        for index in 1..<7 { block.shift("time", at: index, by: -3600) }
        body["daily"] = block.values
        let forecast = try ForecastDecoder.decodeForecast(
            try JSONSerialization.data(withJSONObject: body),
            units: Units()
        )
        #expect(forecast.droppedBlocks.isEmpty)
        #expect(
            forecast.daily?.map(\.date.description) == [
                "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30",
            ]
        )
    }

    @Test func anOffsetThatIsNoPlacesIsAnInvalidResponse() throws {
        let text = String(decoding: try fixtureBytes("next-hourly-daily.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"utc_offset_seconds\":3600", with: "\"utc_offset_seconds\":9223372036854775807")
        #expect(throws: FetchError.self) { try ForecastDecoder.decodeForecast(Array(text.utf8), units: Units()) }
    }

    @Test func aNullValueIsOmittedForItsStepAlone() throws {
        var body = try #require(
            try JSONSerialization.jsonObject(with: Data(fixtureBytes("next-minutely15.json"))) as? [String: Any]
        )
        var block = Columns(try #require(body["minutely_15"] as? [String: Any]))
        block["precipitation", 4] = NSNull()
        body["minutely_15"] = block.values
        let forecast = try ForecastDecoder.decodeForecast(
            try JSONSerialization.data(withJSONObject: body),
            units: Units()
        )
        #expect(forecast.droppedBlocks.isEmpty)
        #expect(forecast.nowcast?.map(\.precipitation) == [0, 0, 0, 0.2, nil, 0.8, 0.6, 0.4])
    }

    @Test func aBlockThatIsNotAnObjectIsDroppedAndTheResponseUsed() throws {
        var body = try #require(
            try JSONSerialization.jsonObject(with: Data(fixtureBytes("next-minutely15.json"))) as? [String: Any]
        )
        body["minutely_15"] = 5
        let forecast = try ForecastDecoder.decodeForecast(
            try JSONSerialization.data(withJSONObject: body),
            units: Units()
        )
        #expect(forecast.nowcast == nil)
        #expect(forecast.droppedBlocks == ["`minutely_15` dropped: a member of the wrong type (`minutely_15`)"])
    }

    @Test func blocksInImperialUnitsAreCheckedInMetric() throws {
        let text = String(decoding: try fixtureBytes("next-hourly-daily.json"), as: UTF8.self)
            .replacingOccurrences(of: "\"°C\"", with: "\"°F\"")
            .replacingOccurrences(of: "\"km/h\"", with: "\"mp/h\"")
            .replacingOccurrences(of: "\"mm\"", with: "\"inch\"")
        let units = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
        let forecast = try ForecastDecoder.decodeForecast(Array(text.utf8), units: units)
        // −0.4 °F is plausible; so is 4.6 inches in a day.
        #expect(forecast.droppedBlocks.isEmpty)
        #expect(forecast.daily?.first?.temperatureMin == -0.4)
    }
}

/// A hostile edit of one block of the hourly/daily fixture, and the condition its sentence names.
struct Hostile: Sendable, CustomTestStringConvertible {
    var name: String
    var block: String
    var edit: @Sendable (inout Columns) -> Void

    var testDescription: String { "\(block): \(name)" }
}

/// A columnar block, edited in place.
struct Columns {
    var values: [String: Any]

    init(_ values: [String: Any]) { self.values = values }

    subscript(column: String, index: Int) -> Any {
        get { (values[column] as? [Any])?[index] as Any }
        set {
            var array = values[column] as? [Any] ?? []
            array[index] = newValue
            values[column] = array
        }
    }

    mutating func removeLast(_ column: String) {
        var array = values[column] as? [Any] ?? []
        array.removeLast()
        values[column] = array
    }

    mutating func swap(_ column: String, _ first: Int, _ second: Int) {
        var array = values[column] as? [Any] ?? []
        array.swapAt(first, second)
        values[column] = array
    }

    mutating func shift(_ column: String, at index: Int, by seconds: Double) {
        self[column, index] = ((self[column, index] as? NSNumber)?.doubleValue ?? 0) + seconds
    }

    mutating func shift(_ column: String, by seconds: Double) {
        values[column] = (values[column] as? [Any] ?? []).map { (($0 as? NSNumber)?.doubleValue ?? 0) + seconds }
    }
}
