import Testing
import WeatherCore
import WeatherTestSupport

@Suite("Location forecast: the coming hours, days and steps")
struct LocationForecastTests {
    private static func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    /// Berlin in winter.
    private static let offset = 3600

    /// Everything fetched at 13:00:30 UTC on 2026-11-24 (local 14:00): hours 13:00 to 13:00 the next day,
    /// 7 days from 2026-11-24, steps 13:00 to 15:00.
    private static func fetched(settings: ForecastSettings = ForecastSettings()) -> LocationForecast {
        let fetchedAt = time("2026-11-24T13:00:30Z")
        let weather = Weather(observedAt: time("2026-11-24T13:00:00Z"), utcOffsetSeconds: offset)
        var forecast = LocationForecast()
        forecast.take(Forecast.synthetic(weather, blocks: settings.everyBlock), at: fetchedAt, wall: fetchedAt)
        return forecast
    }

    @Test func theComingHoursSlideWithTheClock() {
        let forecast = Self.fetched()
        #expect(forecast.hourly.count == 25)
        let justAfter = forecast.comingHours(at: Self.time("2026-11-24T13:00:30Z"))
        #expect(justAfter.count == 24)
        #expect(justAfter.first?.time == Self.time("2026-11-24T14:00:00Z"))
        // Two hours and twenty minutes on, without a refresh.
        let later = forecast.comingHours(at: Self.time("2026-11-24T15:20:00Z"))
        #expect(later.first?.time == Self.time("2026-11-24T16:00:00Z"))
        #expect(later.count == 22)
        // An hour's own start is past.
        #expect(
            forecast.comingHours(at: Self.time("2026-11-24T16:00:00Z")).first?.time == Self.time("2026-11-24T17:00:00Z")
        )
        #expect(forecast.comingHours(at: Self.time("2026-11-25T13:00:00Z")).isEmpty)
        for minutes in stride(from: 0.0, through: 26 * 60, by: 7) {
            let now = Self.time("2026-11-24T13:00:30Z").adding(seconds: minutes * 60)
            #expect(forecast.comingHours(at: now).allSatisfy { $0.time > now })
        }
    }

    @Test func theComingStepsSlideWithTheClock() {
        let forecast = Self.fetched()
        #expect(forecast.nowcast.count == 9)
        // The 13:15 step's quarter hour is still running at 13:07.
        let now = forecast.comingSteps(at: Self.time("2026-11-24T13:07:00Z"))
        #expect(now.first?.time == Self.time("2026-11-24T13:15:00Z"))
        #expect(now.count == 8)
        #expect(
            forecast.comingSteps(at: Self.time("2026-11-24T13:15:00Z")).first?.time == Self.time("2026-11-24T13:30:00Z")
        )
        #expect(forecast.comingSteps(at: Self.time("2026-11-24T14:50:00Z")).count == 1)
        #expect(forecast.comingSteps(at: Self.time("2026-11-24T15:00:00Z")).isEmpty)
    }

    @Test func theComingDaysStartAtTheLocalDate() {
        let forecast = Self.fetched()
        #expect(forecast.daily.count == 7)
        #expect(forecast.daily.first?.date == LocalDate(parsing: "2026-11-24"))
        // 22:59 UTC is 23:59 in Berlin: still the 24th.
        let late = forecast.comingDays(at: Self.time("2026-11-24T22:59:00Z"), utcOffsetSeconds: Self.offset)
        #expect(late.count == 7)
        // 23:00 UTC is midnight in Berlin.
        let next = forecast.comingDays(at: Self.time("2026-11-24T23:00:00Z"), utcOffsetSeconds: Self.offset)
        #expect(next.first?.date == LocalDate(parsing: "2026-11-25"))
        #expect(next.count == 6)
        // In New York it is still the 24th at 04:59 UTC on the 25th.
        let newYork = forecast.comingDays(at: Self.time("2026-11-25T04:59:00Z"), utcOffsetSeconds: -5 * 3600)
        #expect(newYork.first?.date == LocalDate(parsing: "2026-11-24"))
    }

    @Test func takingKeepsBlocksTheResponseDidNotBring() {
        var forecast = Self.fetched()
        let before = forecast
        let later = Self.time("2026-11-24T13:15:30Z")
        let weather = Weather(observedAt: Self.time("2026-11-24T13:15:00Z"), utcOffsetSeconds: Self.offset)
        // The nowcast alone (hours and days not asked for, or dropped as bad input).
        forecast.take(Forecast.synthetic(weather, blocks: ForecastBlocks(nowcast: true)), at: later, wall: later)
        #expect(forecast.hourly == before.hourly)
        #expect(forecast.hourlyFetchedAt == before.hourlyFetchedAt)
        #expect(forecast.daily == before.daily)
        #expect(forecast.dailyFetchedAt == before.dailyFetchedAt)
        #expect(forecast.nowcastFetchedAt == later)
        #expect(forecast.nowcast.first?.time == Self.time("2026-11-24T13:15:00Z"))
        // Days take the host's wall time of the fetch.
        let wall = Self.time("2026-11-24T13:15:20Z")
        forecast.take(Forecast.synthetic(weather, blocks: ForecastBlocks(days: 3)), at: later, wall: wall)
        #expect(forecast.daily.count == 3)
        #expect(forecast.daily.allSatisfy { $0.fetchedAt == wall })
        #expect(forecast.dailyFetchedAt == later)
    }

    // MARK: - The window a snapshot shows

    @Test func theWindowShowsTheNextHoursDaysAndSteps() {
        let forecast = Self.fetched()
        let now = Self.time("2026-11-24T23:10:00Z")
        let shown = forecast.window(at: now, settings: ForecastSettings(), utcOffsetSeconds: Self.offset)
        #expect(shown.hourly == forecast.comingHours(at: now))
        #expect(shown.hourly.first?.time == Self.time("2026-11-25T00:00:00Z"))
        #expect(shown.daily.first?.date == LocalDate(parsing: "2026-11-25"))
        #expect(shown.daily.count == 6)
        #expect(shown.nowcast.isEmpty)
        #expect(shown.hourlyFetchedAt == forecast.hourlyFetchedAt)
        #expect(shown.nowcastFetchedAt == forecast.nowcastFetchedAt)
    }

    @Test func theWindowHonoursTheSettings() {
        let forecast = Self.fetched()
        let now = Self.time("2026-11-24T13:20:00Z")
        let short = forecast.window(
            at: now,
            settings: ForecastSettings(hours: 3, days: 2, nowcast: true),
            utcOffsetSeconds: Self.offset
        )
        #expect(short.hourly.map { $0.time } == ["14:00", "15:00", "16:00"].map { Self.time("2026-11-24T\($0):00Z") })
        #expect(short.daily.map { $0.date } == ["2026-11-24", "2026-11-25"].map { LocalDate(parsing: $0)! })
        #expect(short.nowcast.first?.time == Self.time("2026-11-24T13:30:00Z"))
        #expect(short.nowcast.count == 7)
        let off = forecast.window(
            at: now,
            settings: ForecastSettings(hours: 0, days: 7, nowcast: false),
            utcOffsetSeconds: Self.offset
        )
        #expect(off.hourly.isEmpty)
        #expect(off.hourlyFetchedAt == nil)
        #expect(off.nowcast.isEmpty)
        #expect(off.nowcastFetchedAt == nil)
        #expect(off.daily.count == 7)
        // More wanted than known: what is known.
        let long = forecast.window(
            at: now,
            settings: ForecastSettings(hours: 48, days: 16, nowcast: true),
            utcOffsetSeconds: Self.offset
        )
        #expect(long.hourly.count == 24)
        #expect(long.daily.count == 7)
    }

    @Test func theWindowHonoursTheDaysWhileTheOffsetIsNotKnown() {
        let forecast = Self.fetched()
        let shown = forecast.window(
            at: Self.time("2026-11-24T13:20:00Z"),
            settings: ForecastSettings(days: 3),
            utcOffsetSeconds: nil
        )
        #expect(shown.daily == Array(forecast.daily.prefix(3)))
    }

    /// The state file's forecast is the window; a restart reads it back and shows the same.
    @Test func aSnapshotOfTheWindowIsItsOwnWindow() {
        let forecast = Self.fetched()
        let now = Self.time("2026-11-24T13:40:00Z")
        let settings = ForecastSettings()
        let shown = forecast.window(at: now, settings: settings, utcOffsetSeconds: Self.offset)
        #expect(shown.window(at: now, settings: settings, utcOffsetSeconds: Self.offset) == shown)
        #expect(shown.hourly.count == 24)
        // Read back, it asks for no block before the next hour but the nowcast.
        let blocks = shown.blocks(wanted: settings, utcOffsetSeconds: Self.offset, at: now.adding(seconds: 60))
        #expect(blocks == ForecastBlocks(nowcast: true))
    }
}
