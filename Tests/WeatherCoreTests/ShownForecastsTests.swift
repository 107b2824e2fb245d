import Testing
import WeatherCore
import WeatherTestSupport

@Suite("Shown forecasts: a window kept between snapshots while it holds")
struct ShownForecastsTests {
    private static func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    /// Berlin in winter.
    private static let offset = 3600

    /// Everything fetched at `at` (hours, 7 days, steps for 2 h).
    private static func fetched(at text: String = "2026-11-24T13:00:30Z") -> LocationForecast {
        let fetchedAt = time(text)
        let weather = Weather(observedAt: fetchedAt.adding(seconds: -30), utcOffsetSeconds: offset)
        var forecast = LocationForecast()
        forecast.take(
            Forecast.synthetic(weather, blocks: ForecastSettings().everyBlock),
            at: fetchedAt,
            wall: fetchedAt
        )
        return forecast
    }

    /// Every kept window is the one worked out anew, at ticks that cross hours, quarter hours and the
    /// local midnight, and when the API's clock goes back.
    @Test(arguments: [
        ForecastSettings(),
        ForecastSettings(hours: 3, days: 2, nowcast: true),
        ForecastSettings(hours: 0, days: 7, nowcast: false),
    ])
    func aKeptWindowIsTheWindowOfTheMoment(settings: ForecastSettings) {
        let forecast = Self.fetched()
        var shown = ShownForecasts()
        var now = Self.time("2026-11-24T13:00:31Z")
        var steps = 0
        // 10 s ticks for the first 20 minutes, then 7-minute steps to 01:00 UTC, past the local midnight;
        // on the way (at about 16:50) the clock is set back 2 h once.
        while now < Self.time("2026-11-25T01:00:00Z") {
            // The second place's offset is not known yet: its days are not cut at a local midnight.
            for (id, offset) in [("berlin", Self.offset), ("unknown", nil)] as [(String, Int?)] {
                let kept = shown.window(of: id, forecast, at: now, settings: settings, utcOffsetSeconds: offset)
                #expect(kept == forecast.window(at: now, settings: settings, utcOffsetSeconds: offset))
            }
            steps += 1
            now = now.adding(seconds: steps < 120 ? 10 : 420)
            if steps == 150 { now = now.adding(seconds: -7200) }
        }
        for now in ["2026-11-24T23:00:00Z", "2026-11-24T22:59:59Z", "2026-11-24T14:00:00Z"].map(Self.time) {
            let kept = shown.window(of: "berlin", forecast, at: now, settings: settings, utcOffsetSeconds: Self.offset)
            #expect(kept == forecast.window(at: now, settings: settings, utcOffsetSeconds: Self.offset))
        }
    }

    /// Within a quarter hour the kept window is shown: the same arrays, not equal copies, also after another
    /// location's window was asked for; once a step has passed, a new one.
    @Test func withinAQuarterHourTheKeptArraysAreShown() {
        let forecast = Self.fetched()
        var shown = ShownForecasts()
        let settings = ForecastSettings()
        func window(_ id: String, at text: String) -> LocationForecast {
            shown.window(of: id, forecast, at: Self.time(text), settings: settings, utcOffsetSeconds: Self.offset)
        }
        let first = window("berlin", at: "2026-11-24T13:20:00Z")
        let paris = window("paris", at: "2026-11-24T13:20:05Z")
        let second = window("berlin", at: "2026-11-24T13:29:50Z")
        #expect(!first.hourly.isEmpty && !first.daily.isEmpty && !first.nowcast.isEmpty)
        #expect(Self.storage(second.hourly) == Self.storage(first.hourly))
        #expect(Self.storage(second.daily) == Self.storage(first.daily))
        #expect(Self.storage(second.nowcast) == Self.storage(first.nowcast))
        #expect(Self.storage(paris.hourly) != Self.storage(first.hourly))
        // The 13:30 step passes.
        let third = window("berlin", at: "2026-11-24T13:30:00Z")
        #expect(Self.storage(third.nowcast) != Self.storage(first.nowcast))
        #expect(
            third
                == forecast.window(
                    at: Self.time("2026-11-24T13:30:00Z"),
                    settings: settings,
                    utcOffsetSeconds: Self.offset
                )
        )
    }

    /// A window made at a time that is not a number is not kept for the next time.
    @Test func aTimeThatIsNotANumberKeepsNoWindow() {
        let forecast = Self.fetched()
        var shown = ShownForecasts()
        let settings = ForecastSettings()
        _ = shown.window(
            of: "unknown",
            forecast,
            at: Timestamp(secondsSinceEpoch: .nan),
            settings: settings,
            utcOffsetSeconds: nil
        )
        let now = Self.time("2026-11-24T13:20:00Z")
        let kept = shown.window(of: "unknown", forecast, at: now, settings: settings, utcOffsetSeconds: nil)
        #expect(kept == forecast.window(at: now, settings: settings, utcOffsetSeconds: nil))
    }

    /// Where an array's elements are stored.
    private static func storage<Element>(_ array: [Element]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// New blocks and other settings make a new window; each location keeps its own.
    @Test func aNewForecastOrOtherSettingsMakeANewWindow() {
        var shown = ShownForecasts()
        let now = Self.time("2026-11-24T13:20:00Z")
        let first = Self.fetched()
        let settings = ForecastSettings()
        _ = shown.window(of: "berlin", first, at: now, settings: settings, utcOffsetSeconds: Self.offset)
        let later = Self.fetched(at: "2026-11-24T13:15:30Z")
        #expect(
            shown.window(of: "berlin", later, at: now, settings: settings, utcOffsetSeconds: Self.offset)
                == later.window(at: now, settings: settings, utcOffsetSeconds: Self.offset)
        )
        let fewer = ForecastSettings(hours: 2, days: 1, nowcast: false)
        #expect(
            shown.window(of: "berlin", later, at: now, settings: fewer, utcOffsetSeconds: Self.offset)
                == later.window(at: now, settings: fewer, utcOffsetSeconds: Self.offset)
        )
        #expect(
            shown.window(of: "paris", first, at: now, settings: settings, utcOffsetSeconds: Self.offset)
                == first.window(at: now, settings: settings, utcOffsetSeconds: Self.offset)
        )
    }
}
