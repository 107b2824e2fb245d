import Foundation
import Testing
import WeatherCore
import WeatherTestSupport

@testable import StateStore

/// The forecast in the state file and the durable cache (docs/state-file.md, docs/forecast.md): `forecast`, `nowcast`,
/// `daemon.display` and `daemon.rain_episodes`.
@Suite("Forecast in the state file")
struct ForecastStateTests {
    private func parse(_ snapshot: StateSnapshot) throws -> [String: Any] {
        let text = StateEncoder.encode(snapshot)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func location(_ json: [String: Any], _ index: Int) throws -> [String: Any] {
        try #require((json["locations"] as? [[String: Any]])?[index])
    }

    private func decodingError(_ text: String) -> StateDecodingError? {
        do {
            _ = try StateDecoder.decode(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func roundTripThroughTheDurableCache() throws {
        let snapshot = forecastSnapshot()
        try withTemporaryDirectory { directory in
            let file = StateFile(path: directory + "/cache.json")
            try file.write(snapshot, durable: true)
            let read = try file.read()
            #expect(read == snapshot)
            #expect(read.daemon.display == snapshot.daemon.display)
            #expect(read.daemon.rainEpisodes == ["berlin"])
            for (left, right) in zip(read.locations, snapshot.locations) {
                #expect(left.forecast == right.forecast, "\(right.location.id)")
            }
        }
    }

    @Test func hoursAndDaysWithTheirCodesMappedAndNullsLeftOut() throws {
        let berlin = try location(try parse(forecastSnapshot()), 0)
        let forecast = try #require(berlin["forecast"] as? [String: Any])
        #expect(Set(forecast.keys) == ["hourly", "daily", "hourly_fetched_at", "daily_fetched_at"])
        #expect(forecast["hourly_fetched_at"] as? String == "2026-11-22T04:00:00Z")
        #expect(forecast["daily_fetched_at"] as? String == "2026-11-22T00:00:00Z")

        let hourly = try #require(forecast["hourly"] as? [[String: Any]])
        #expect(hourly.count == 3)
        #expect(
            Set(hourly[0].keys) == [
                "time", "temperature", "precipitation_probability", "precipitation", "wmo_code", "condition",
                "category", "description", "is_day",
            ]
        )
        #expect(hourly[0]["time"] as? String == "2026-11-22T04:00:00Z")
        #expect((hourly[0]["temperature"] as? NSNumber)?.doubleValue == 2.5)
        #expect((hourly[0]["precipitation"] as? NSNumber)?.doubleValue == 0.3)
        #expect(hourly[0]["wmo_code"] as? Int == 61)
        #expect(hourly[0]["condition"] as? String == "rain")
        #expect(hourly[0]["category"] as? String == "rain")
        #expect(hourly[0]["description"] as? String == "Slight rain")
        #expect(hourly[0]["is_day"] as? Bool == false)
        // Sent as null: left out, never a fake 0.
        #expect(Set(hourly[1].keys) == ["time", "precipitation_probability", "is_day"])
        #expect(hourly[2]["condition"] as? String == "snow")

        let daily = try #require(forecast["daily"] as? [[String: Any]])
        #expect(daily.count == 2)
        #expect(
            Set(daily[0].keys) == [
                "date", "wmo_code", "condition", "category", "description", "temperature_max", "temperature_min",
                "precipitation_probability_max", "precipitation_sum", "sunrise", "sunset", "uv_index_max",
                "fetched_at",
            ]
        )
        #expect(daily[0]["date"] as? String == "2026-11-22")
        #expect((daily[0]["uv_index_max"] as? NSNumber)?.doubleValue == 0.45)
        #expect((daily[0]["precipitation_sum"] as? NSNumber)?.doubleValue == 3.5)
        #expect(daily[0]["sunrise"] as? String == "2026-11-22T06:35:00Z")
        #expect(daily[0]["fetched_at"] as? String == "2026-11-22T03:05:06Z")
        #expect(
            Set(daily[1].keys) == [
                "date", "temperature_max", "temperature_min", "precipitation_probability_max", "precipitation_sum",
                "fetched_at",
            ]
        )
        #expect(daily[1]["fetched_at"] as? String == "2026-11-22T04:04:06Z")
        // `today` stays: the first day.
        let today = try #require(berlin["today"] as? [String: Any])
        #expect(today["date"] as? String == "2026-11-22")
        #expect(today["condition"] as? String == "rain")
    }

    @Test func nowcastStepsWithTheirSummaryOnTheAPIClock() throws {
        let berlin = try location(try parse(forecastSnapshot()), 0)
        let nowcast = try #require(berlin["nowcast"] as? [String: Any])
        #expect(nowcast["fetched_at"] as? String == "2026-11-22T04:05:06Z")
        let steps = try #require(nowcast["steps"] as? [[String: Any]])
        #expect(steps.count == 9)
        #expect(steps[3]["time"] as? String == "2026-11-22T04:45:00Z")
        #expect((steps[3]["precipitation"] as? NSNumber)?.doubleValue == 0.4)
        #expect(Set(steps[2].keys) == ["time"])
        // The API's now is 04:07:06 (the host's 04:05:06 + 120 s): the first wet step ends at 04:45.
        #expect(nowcast["rain_starts_at"] as? String == "2026-11-22T04:30:00Z")
        #expect(nowcast["rain_ends_at"] as? String == "2026-11-22T05:00:00Z")
        #expect(nowcast["summary"] as? String == "rain in 23 min")
        #expect(nowcast["rain_soon"] as? Bool == true)

        // On the host's clock it would read otherwise: the summary is the API clock's.
        var hostClock = forecastSnapshot()
        hostClock.daemon.apiClockOffsetSeconds = 0
        let atHostTime = try #require(try location(try parse(hostClock), 0)["nowcast"] as? [String: Any])
        #expect(atHostTime["summary"] as? String == "rain in 25 min")
    }

    @Test func nowcastSummaryOfDryAndOfPastSteps() throws {
        var snapshot = forecastSnapshot()
        let steps = snapshot.locations[0].forecast!.nowcast
        snapshot.locations[0].forecast!.nowcast = steps.map { NowcastStep(time: $0.time, precipitation: 0) }
        let dry = try #require(try location(try parse(snapshot), 0)["nowcast"] as? [String: Any])
        #expect(dry["summary"] as? String == "dry for 2 h")
        #expect(dry["rain_soon"] as? Bool == false)
        #expect(dry["rain_starts_at"] is NSNull)
        #expect(dry["rain_ends_at"] is NSNull)

        // Every step past: the steps stay as fetched, the summary is unknown.
        snapshot.generatedAt = snapshot.generatedAt.adding(seconds: 3 * 3600)
        let past = try #require(try location(try parse(snapshot), 0)["nowcast"] as? [String: Any])
        #expect((past["steps"] as? [Any])?.count == 9)
        for key in ["summary", "rain_soon", "rain_starts_at", "rain_ends_at"] {
            #expect(past[key] is NSNull, "\(key)")
        }
    }

    @Test func nullWhenUnknownOrSwitchedOff() throws {
        let json = try parse(forecastSnapshot())
        let newYork = try location(json, 1)
        #expect(newYork["nowcast"] is NSNull)
        let forecast = try #require(newYork["forecast"] as? [String: Any])
        #expect((forecast["hourly"] as? [Any])?.isEmpty == true)
        #expect(forecast["hourly_fetched_at"] is NSNull)
        for index in 2...4 {
            let entry = try location(json, index)
            #expect(entry["forecast"] is NSNull)
            #expect(entry["nowcast"] is NSNull)
        }
        // Nothing known at all is null too (and reads back as no forecast).
        var empty = forecastSnapshot()
        empty.locations[0].forecast = LocationForecast()
        let berlin = try location(try parse(empty), 0)
        #expect(berlin["forecast"] is NSNull)
        #expect(berlin["nowcast"] is NSNull)
        #expect(try StateDecoder.decode(Array(StateEncoder.encode(empty).utf8)).locations[0].forecast == nil)
    }

    @Test func displayAndRainEpisodes() throws {
        let daemon = try #require(try parse(forecastSnapshot())["daemon"] as? [String: Any])
        let display = try #require(daemon["display"] as? [String: String])
        #expect(
            display == [
                "text": "{icon} {temperature:.1}{unit} \"{nowcast}\"", "icons": "nerd", "clock": "12h",
                "air_quality_index": "european",
            ]
        )
        #expect(daemon["rain_episodes"] as? [String] == ["berlin"])
        // Files of earlier versions have neither.
        let earlier = try #require(try parse(variedSnapshot())["daemon"] as? [String: Any])
        #expect(earlier["display"] == nil)
        #expect(earlier["rain_episodes"] == nil)
    }

    @Test func displayValuesUnknownToThisVersionReadAsTheDefaults() throws {
        let text = StateEncoder.encode(forecastSnapshot()).replacingOccurrences(
            of: #""display":{"air_quality_index":"european","clock":"12h","icons":"nerd","#,
            with: #""display":{"air_quality_index":"martian","clock":"36h","#
        )
        #expect(text != StateEncoder.encode(forecastSnapshot()))
        let display = try StateDecoder.decode(Array(text.utf8)).daemon.display
        #expect(display?.clock == .twentyFourHour)
        #expect(display?.icons == .emoji)
        #expect(display?.airQualityScale == .european)
        #expect(display?.text == "{icon} {temperature:.1}{unit} \"{nowcast}\"")
    }

    @Test func theSummaryIsNotReadBack() throws {
        let text = StateEncoder.encode(forecastSnapshot())
            .replacingOccurrences(of: #""summary":"rain in 23 min""#, with: #""summary":"snow in 5 min""#)
            .replacingOccurrences(of: #""rain_soon":true"#, with: #""rain_soon":"maybe""#)
        #expect(text.contains("snow in 5 min"))
        // rain_soon of another type is still a malformed file; the same type is ignored.
        #expect(decodingError(text)?.message == "wrong type at locations[0].nowcast.rain_soon")
        let fixed = text.replacingOccurrences(of: #""rain_soon":"maybe""#, with: #""rain_soon":false"#)
        #expect(try StateDecoder.decode(Array(fixed.utf8)) == forecastSnapshot())
    }

    @Test func aDayWithoutItsOwnFetchTimeWasFetchedWithItsBlock() throws {
        let text = StateEncoder.encode(forecastSnapshot()).replacingOccurrences(
            of: #""fetched_at":"2026-11-22T04:04:06Z","#,
            with: ""
        )
        let decoded = try StateDecoder.decode(Array(text.utf8))
        let days = try #require(decoded.locations[0].forecast?.daily)
        #expect(days[0].fetchedAt == DocumentedExample.generatedAt.adding(seconds: -3600))
        #expect(days[1].fetchedAt == Timestamp(rfc3339: "2026-11-22T00:00:00Z"))
    }

    @Test(
        "a malformed forecast element is an error naming its path",
        arguments: [
            (#""date":"2026-11-23""#, #""date":"23.11.2026""#, "locations[0].forecast.daily[1].date is not a date"),
            (
                #""time":"2026-11-22T04:45:00Z""#, #""time":"04:45""#,
                "locations[0].nowcast.steps[3].time is not an RFC 3339 time"
            ),
            (
                #""time":"2026-11-22T06:00:00Z","wmo_code""#, #""time":"soon","wmo_code""#,
                "locations[0].forecast.hourly[2].time is not an RFC 3339 time"
            ),
            (
                #""hourly_fetched_at":"2026-11-22T04:00:00Z""#, #""hourly_fetched_at":"4 o'clock""#,
                "locations[0].forecast.hourly_fetched_at is not an RFC 3339 time"
            ),
            (
                #""sunset":"2026-11-22T14:56:00Z""#, #""sunset":1"#,
                "wrong type at locations[0].forecast.daily[0].sunset"
            ),
            (
                #""precipitation":0.4"#, #""precipitation":"0.4""#,
                "wrong type at locations[0].nowcast.steps[3].precipitation"
            ),
            (
                #""is_day":false,"precipitation":0.3"#, #""is_day":0,"precipitation":0.3"#,
                "wrong type at locations[0].forecast.hourly[0].is_day"
            ),
            (#""rain_episodes":["berlin"]"#, #""rain_episodes":"berlin""#, "wrong type at daemon.rain_episodes"),
        ]
    )
    func malformedElement(original: String, replacement: String, message: String) throws {
        let good = StateEncoder.encode(forecastSnapshot())
        #expect(good.contains(original), "\(original)")
        // The first place only: the forecast's days come before `today`, which repeats the first.
        let broken = good.replacing(original, with: replacement, maxReplacements: 1)
        let error = try #require(decodingError(broken))
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }
}
