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
        // 10 s ticks for the first 20 minutes, then 7-minute steps to past local midnight and back 2 h.
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
