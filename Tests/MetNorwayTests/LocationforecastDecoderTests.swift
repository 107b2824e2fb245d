@testable import MetNorway
import Testing

@testable import WeatherCore

/// The decoder over the recorded answer for Oslo: which step is now, the values in every unit, the hours,
/// the days cut at an offset, and bad input.
@Suite("LocationforecastDecoder")
struct LocationforecastDecoderTests {
    static func decode(
        _ body: [UInt8],
        now: String,
        units: Units = Units(),
        blocks: ForecastBlocks = .none,
        utcOffsetSeconds: Int? = 3600
    ) throws -> Forecast {
        let query = ForecastQuery(location: .oslo, units: units, blocks: blocks, utcOffsetSeconds: utcOffsetSeconds)
        return try LocationforecastDecoder.decodeForecast(body, for: query, now: try time(now))
    }

    static func failure(
        _ body: [UInt8],
        now: String = "2026-11-24T13:30:00Z",
        blocks: ForecastBlocks = .none
    ) throws -> FetchError? {
        let query = ForecastQuery(location: .oslo, units: Units(), blocks: blocks)
        let now = try time(now)
        do throws(FetchError) {
            _ = try LocationforecastDecoder.decodeForecast(body, for: query, now: now)
            return nil
        } catch {
            return error
        }
    }

    @Test func theCurrentWeatherIsTheStepOfTheCurrentHour() throws {
        let forecast = try Self.decode(locationforecast(), now: "2026-11-24T13:30:00Z")
        let weather = forecast.weather
        #expect(weather.observedAt == (try time("2026-11-24T13:00:00Z")))
        #expect(weather.utcOffsetSeconds == 3600)
        #expect(weather.temperature == 1.8)
        #expect(weather.relativeHumidity == 88.3)
        #expect(weather.cloudCover == 99.6)
        #expect(weather.windDirection == 32)
        #expect(weather.windSpeed == 11.2)  // 3.1 m/s
        #expect(weather.pressure == 1006.4)
        #expect(weather.precipitation == 0)
        #expect(weather.code == WMOCode(3))
        #expect(weather.symbol == "cloudy")
        #expect(weather.isDay == nil, "`cloudy` has no suffix")
        #expect(weather.apparentTemperature == nil)
        #expect(weather.windGusts == nil, "compact has no gusts")
        #expect(weather.dataInterval == 3600)
        #expect(weather.units == Units())
        #expect(forecast.source == .metNorway)
        #expect(forecast.elevation == 23)
        #expect(forecast.nowcast == nil && forecast.hourly == nil && forecast.daily == nil)
        #expect(forecast.droppedBlocks.isEmpty)
    }

    @Test(
        "the step whose hour holds now, never the first one by position",
        arguments: [
            ("2026-11-24T13:00:00Z", "2026-11-24T13:00:00Z", 1.8, "cloudy"),
            ("2026-11-24T13:59:59Z", "2026-11-24T13:00:00Z", 1.8, "cloudy"),
            ("2026-11-24T14:00:00Z", "2026-11-24T14:00:00Z", 1.5, "lightsleet"),
            ("2026-11-24T16:30:00Z", "2026-11-24T16:00:00Z", 0.9, "sleet"),
            ("2026-11-26T19:30:00Z", "2026-11-26T19:00:00Z", -3.6, "clearsky_night"),
            ("2026-11-26T23:10:00Z", "2026-11-26T23:00:00Z", -4.8, "fair_night"),
        ]
    )
    func currentStep(now: String, step: String, temperature: Double, symbol: String) throws {
        let weather = try Self.decode(locationforecast(), now: now).weather
        #expect(weather.observedAt == (try time(step)))
        #expect(weather.temperature == temperature)
        #expect(weather.symbol == symbol)
    }

    @Test func nightAndSleetSymbolsMapToTheirCodes() throws {
        let sleet = try Self.decode(locationforecast(), now: "2026-11-24T16:30:00Z").weather
        #expect(sleet.code == WMOCode(69))
        #expect(sleet.code?.condition == .sleet)
        #expect(sleet.precipitation == 0.7)
        let night = try Self.decode(locationforecast(), now: "2026-11-26T19:30:00Z").weather
        #expect(night.code == WMOCode(0))
        #expect(night.isDay == false)
    }

    @Test func aPolarTwilightSymbolIsNotDay() throws {
        let body = try locationforecast(replacing: [
            (#""symbol_code":"clearsky_night""#, #""symbol_code":"clearsky_polartwilight""#)
        ])
        let weather = try Self.decode(body, now: "2026-11-26T19:30:00Z").weather
        #expect(weather.code == WMOCode(0))
        #expect(weather.isDay == false)
        #expect(weather.symbol == "clearsky_polartwilight")
    }

    @Test func anUnknownSymbolIsNoCodeNeverClearSkyAndIsKept() throws {
        let body = try locationforecast(replacing: [(#""symbol_code":"sleet""#, #""symbol_code":"hail_day""#)])
        let weather = try Self.decode(body, now: "2026-11-24T16:30:00Z").weather
        #expect(weather.code == nil)
        #expect(weather.symbol == "hail_day")
        #expect(weather.isDay == true)
        #expect(weather.temperature == 0.9)
    }

    @Test func aStepWithoutItsNextHourTakesTheSixHoursSymbolButNotItsDay() throws {
        // 27T00Z is 6-hourly: `partlycloudy_night` for 00–06Z, and the 12 hours' `partlycloudy_day`.
        let weather = try Self.decode(locationforecast(), now: "2026-11-27T00:30:00Z").weather
        #expect(weather.code == WMOCode(2))
        #expect(weather.isDay == nil)
        #expect(weather.precipitation == nil)
    }

    @Test(
        "no step for the current hour",
        arguments: ["2026-11-24T12:59:59Z", "2026-11-24T19:00:00Z", "2026-12-03T19:00:00Z"]
    )
    func noStepForNow(now: String) throws {
        let error = try #require(try Self.failure(locationforecast(), now: now))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "invalid response: no time step for the current hour (\(now))")
    }

    @Test func unitsAreConvertedAndRoundedAsOpenMeteoRoundsThem() throws {
        let units = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
        let blocks = ForecastBlocks(hours: 3, days: 1)
        let forecast = try Self.decode(locationforecast(), now: "2026-11-24T16:30:00Z", units: units, blocks: blocks)
        let weather = forecast.weather
        #expect(weather.units == units)
        #expect(weather.temperature == 33.6)  // 0.9 °C = 33.62 °F
        #expect(weather.windSpeed == 8.7)  // 3.9 m/s = 8.72 mph
        #expect(weather.precipitation == 0.028)  // 0.7 mm
        #expect(weather.relativeHumidity == 94)
        #expect(weather.pressure == 1005.6, "hPa whatever the units")
        #expect(forecast.hourly?.map(\.temperature) == [33.6, 33.1, 32.7])  // 0.9, 0.6, 0.4 °C
        #expect(forecast.hourly?.map(\.precipitation) == [0.016, 0.028, 0.012])  // 0.4, 0.7, 0.3 mm
        let today = try #require(forecast.daily?.first)
        #expect(today.temperatureMax == 35.2)  // 1.8 °C
        #expect(today.temperatureMin == 32.7)  // 0.4 °C
        #expect(today.precipitationSum == 0.067)  // 1.7 mm

        let wind: [(WindSpeedUnit, Double)] = [(.kmh, 14.0), (.ms, 3.9), (.kn, 7.6), (.mph, 8.7)]
        for (unit, expected) in wind {
            let converted = try Self.decode(
                locationforecast(),
                now: "2026-11-24T16:30:00Z",
                units: Units(windSpeed: unit)
            )
            #expect(converted.weather.windSpeed == expected, "\(unit)")
        }
    }

    @Test func hoursCarryThePrecipitationAndWeatherOfTheHourBeforeThem() throws {
        let forecast = try Self.decode(
            locationforecast(),
            now: "2026-11-24T13:30:00Z",
            blocks: ForecastBlocks(hours: 6)
        )
        let hours = try #require(forecast.hourly)
        #expect(hours.map(\.time.rfc3339) == (13...18).map { "2026-11-24T\($0):00:00Z" })
        #expect(hours.map(\.temperature) == [1.8, 1.5, 1.2, 0.9, 0.6, 0.4])
        // The hour stamped 14:00 is 13–14h: the 13:00 step's next hour. The first has no hour before it.
        #expect(hours.map(\.precipitation) == [nil, 0.0, 0.2, 0.4, 0.7, 0.3])
        #expect(hours.map(\.code?.rawValue) == [nil, 3, 68, 68, 69, 71])
        #expect(hours.allSatisfy { $0.precipitationProbability == nil })
        #expect(forecast.daily == nil)
    }

    @Test func hoursStopWhereTheStepsStopBeingHourly() throws {
        let asked = try Self.decode(locationforecast(), now: "2026-11-24T13:30:00Z", blocks: ForecastBlocks(hours: 25))
        #expect(asked.hourly?.count == 6, "the fixture's next step after 18:00 is two days later")
        let night = try Self.decode(locationforecast(), now: "2026-11-26T17:10:00Z", blocks: ForecastBlocks(hours: 4))
        let hours = try #require(night.hourly)
        #expect(hours.map(\.time.rfc3339) == ["2026-11-26T17:00:00Z", "2026-11-26T18:00:00Z", "2026-11-26T19:00:00Z"])
        #expect(hours.map(\.code?.rawValue) == [nil, 2, 1])
        #expect(hours.map(\.isDay) == [nil, false, false])
    }

    @Test func daysAreCutAtTheLocationsOffset() throws {
        let blocks = ForecastBlocks(days: 16)
        let oslo = try #require(
            try Self.decode(locationforecast(), now: "2026-11-24T13:30:00Z", blocks: blocks).daily
        )
        // The fixture's cuts leave out the 25th; the last day, 3 December, is not covered to its end.
        #expect(oslo.map(\.date.description) == ["2026-11-24", "2026-11-26", "2026-11-27"])
        #expect(oslo.map(\.temperatureMax) == [1.8, -2.7, -4.8])
        // 26T23:00Z is midnight of the 27th in Oslo.
        #expect(oslo.map(\.temperatureMin) == [0.4, -3.6, -5.7])
        #expect(oslo.map(\.code?.rawValue) == [71, 2, 85])
        #expect(oslo.allSatisfy { $0.fetchedAt == (try? time("2026-11-24T13:00:00Z")) })
        #expect(
            oslo.allSatisfy {
                $0.precipitationProbabilityMax == nil && $0.sunrise == nil && $0.sunset == nil && $0.uvIndexMax == nil
            }
        )

        let utc = try #require(
            try Self.decode(locationforecast(), now: "2026-11-24T13:30:00Z", blocks: blocks, utcOffsetSeconds: nil)
                .daily
        )
        #expect(utc.map(\.date.description) == ["2026-11-24", "2026-11-26", "2026-11-27"])
        #expect(utc.map(\.temperatureMin) == [0.4, -4.8, -5.7])
        #expect(utc.map(\.precipitationSum) == [1.7, 0, 0.4])

        // Los Angeles: 27T06Z is 22:00 of the 26th, and its 6 hours straddle midnight: they count for the 26th.
        let west = try #require(
            try Self.decode(
                locationforecast(),
                now: "2026-11-24T13:30:00Z",
                blocks: blocks,
                utcOffsetSeconds: -8 * 3600
            ).daily
        )
        #expect(west.map(\.date.description) == ["2026-11-24", "2026-11-26"])
        #expect(west.map(\.temperatureMin) == [0.4, -5.7])
        #expect(west.map(\.precipitationSum) == [1.7, 0.4])
        #expect(west.map(\.code?.rawValue) == [71, 85])

        let two = try Self.decode(locationforecast(), now: "2026-11-24T13:30:00Z", blocks: ForecastBlocks(days: 2))
        #expect(two.daily?.map(\.date.description) == ["2026-11-24", "2026-11-26"])
    }

    @Test func aDaysPrecipitationAddsHoursAndSixHourStepsNeverOverlappingSixHours() throws {
        let days = try #require(
            try Self.decode(locationforecast(), now: "2026-11-24T13:30:00Z", blocks: ForecastBlocks(days: 7)).daily
        )
        // The 24th: 0.0 + 0.2 + 0.4 + 0.7 + 0.3 + 0.1, the 13:00 step's own 6 hours (1.7); adding the 6 hours
        // of each hourly step would give 7.0.
        #expect(days[0].precipitationSum == 1.7)
        // The 27th: the last hour of the hourly range (23Z, 0.0), then two 6-hourly steps (0.0 and 0.4).
        #expect(days[2].precipitationSum == 0.4)
    }

    @Test func anImplausibleValueFailsTheCurrentWeatherOrDropsItsBlock() throws {
        let now = try Self.failure(
            locationforecast(replacing: [(#""air_temperature":1.8"#, #""air_temperature":99.0"#)])
        )
        #expect(now?.kind == .invalidResponse)
        #expect(now?.message == "invalid response: implausible `air_temperature`: 99.0")

        let later = try locationforecast(replacing: [
            (#""precipitation_amount":0.8"#, #""precipitation_amount":5000.0"#)
        ])
        let forecast = try Self.decode(later, now: "2026-11-24T13:30:00Z", blocks: ForecastBlocks(hours: 6, days: 7))
        #expect(forecast.daily == nil)
        #expect(forecast.hourly?.count == 6)
        #expect(forecast.droppedBlocks == ["`daily` dropped: an implausible `precipitation_amount`"])
    }

    @Test(
        "a body that is not Locationforecast's JSON",
        arguments: [
            ("<html><body>503 Service Unavailable</body></html>", "not JSON (an HTML page?)"),
            ("", "empty body"),
            (#"{"type":"Feature","properties":{"meta":{}}}"#, "missing `properties.timeseries`"),
            (#"{"type":"Feature","properties":null}"#, "missing `properties.timeseries`"),
            (#"{"properties":{"timeseries":[]}}"#, "no time step for the current hour (2026-11-24T13:30:00Z)"),
            (
                #"{"properties":{"timeseries":[{"time":"yesterday"}]}}"#,
                "`properties.timeseries[0].time` is not a time: yesterday"
            ),
            (#"{"properties":{"timeseries":[{"data":{}}]}}"#, "wrong type at `properties.timeseries[0].time`"),
            (#"{"properties":{"timeseries":[{"time":7}]}}"#, "wrong type at `properties.timeseries[0].time`"),
            (#"{"properties":{"timeseries":{}}}"#, "wrong type at `properties.timeseries`"),
            (#"{"properties":{"timeseries":[]}} x"#, "not JSON or truncated"),
            (#"{"properties":{"timeseries":[],}}"#, "not JSON or truncated"),
            (#"{"properties":{"timeseries":[]},"meta":[01]}"#, "not JSON or truncated"),
            (#"{"properties":{"timeseries":[]},"meta":"tab"# + "\t" + #"here"}"#, "not JSON or truncated"),
            (#"{"properties":{"timeseries":[]},"meta":"\q"}"#, "not JSON or truncated"),
            (#"{"properties":{"timeseries":[]},"meta":[1.]}"#, "not JSON or truncated"),
            (#"{"properties":{"timeseries":[]},"meta":nul}"#, "not JSON or truncated"),
            (String(repeating: "[", count: 600) + String(repeating: "]", count: 600), "not JSON or truncated"),
            (
                #"{"properties":{"timeseries":[{"time":"2026-11-24T13:00:00Z"},{"time":"2026-11-24T12:00:00Z"}]}}"#,
                "times not increasing"
            ),
            (
                #"{"properties":{"timeseries":[{"time":"2026-11-24T13:00:00Z","data":{"instant":{"details":{"air_temperature":"1.8"}}}}]}}"#,
                "wrong type at `properties.timeseries[0].data.instant.details.air_temperature`"
            ),
            ("[1,2]", "not a JSON object"),
        ]
    )
    func notLocationforecast(body: String, message: String) throws {
        let error = try #require(try Self.failure(Array(body.utf8)))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "invalid response: \(message)")
    }

    @Test func escapesInKeysAndStringsAreRead() throws {
        let body =
            #"{"properties":{"timeseries":[{"time":"2026-11-24T13:00:00Z","\u0064ata":{"next_1_hours":"#
            + #"{"summary":{"symbol_code":"cl\u0065arsky_d\u0061y"},"details":{"precipitation_amount":1E-1}},"#
            + #""instant":{"details":{"air_temperature":-0.5e1,"wind_speed":12.34567890123456789}}}}]},"#
            + #""meta":"\"\\\/\b\f\n\r\t\ud83d\ude00\ud800"}"#
        let weather = try Self.decode(Array(body.utf8), now: "2026-11-24T13:30:00Z").weather
        #expect(weather.symbol == "clearsky_day")
        #expect(weather.code == WMOCode(0))
        #expect(weather.isDay == true)
        #expect(weather.precipitation == 0.1)
        #expect(weather.temperature == -5)
        #expect(weather.windSpeed == 44.4)  // 12.345… m/s
    }

    @Test func anAnswerCutShortBeforeTheStepsAFetchNeedsIsInvalid() throws {
        let body = try locationforecast()
        let half = Array(body.prefix(body.count / 2))
        let error = try #require(try Self.failure(half, blocks: ForecastBlocks(days: 7)))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "invalid response: not JSON or truncated")
        // The current weather alone needs the first steps: what follows them is not read.
        #expect(try Self.failure(half) == nil)
        #expect(try Self.decode(half, now: "2026-11-24T13:30:00Z").weather.temperature == 1.8)
    }

    @Test func aFetchReadsTheStepsUpToTheLastTimeItNeeds() throws {
        let now = try time("2026-11-24T13:30:00Z")
        func limit(_ blocks: ForecastBlocks) -> String {
            let query = ForecastQuery(location: .oslo, units: Units(), blocks: blocks)
            return LocationforecastDecoder.lastTimeNeeded(by: query, now: now).rfc3339
        }
        #expect(limit(.none) == "2026-11-24T13:30:00Z")
        #expect(limit(ForecastBlocks(hours: 25)) == "2026-11-25T14:30:00Z")
        // The days: every step (the days counted are the complete ones, wherever the answer has them).
        let days = ForecastQuery(location: .oslo, units: Units(), blocks: ForecastBlocks(hours: 25, days: 2))
        #expect(LocationforecastDecoder.lastTimeNeeded(by: days, now: now).secondsSinceEpoch == .infinity)
    }
}
