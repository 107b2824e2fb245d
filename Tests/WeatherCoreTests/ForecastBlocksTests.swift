import Testing
@testable import WeatherCore
import WeatherTestSupport

@Suite("Forecast blocks: what a request weighs")
struct ForecastBlocksWeightTests {
    @Test func theCurrentWeatherAloneIsOneCall() {
        #expect(ForecastBlocks.none.variables == 10)
        #expect(ForecastBlocks.none.weight == 10)
    }

    @Test func everyBlockAtSevenDaysIsTwentyFourTenths() {
        // 10 current + 5 hourly + 8 daily + 1 nowcast.
        let every = ForecastSettings().everyBlock
        #expect(every == ForecastBlocks(hours: 25, days: 7, nowcast: true))
        #expect(every.variables == 24)
        #expect(every.weight == 24)
    }

    @Test func moreThanFourteenDaysWeighMore() {
        // ceil(24 × 16 / 14) = ceil(27.43) = 28: a part of a tenth counts whole.
        #expect(ForecastBlocks(hours: 25, days: 16, nowcast: true).weight == 28)
        // ceil(24 × 15 / 14) = ceil(25.71) = 26.
        #expect(ForecastBlocks(hours: 25, days: 15, nowcast: true).weight == 26)
        // Up to 14 days there is no factor.
        #expect(ForecastBlocks(hours: 25, days: 14, nowcast: true).weight == 24)
        #expect(ForecastBlocks(hours: 25, days: 1, nowcast: true).weight == 24)
        // Current weather and days alone: ceil(18 × 16 / 14) = ceil(20.57) = 21.
        #expect(ForecastBlocks(days: 16).weight == 21)
    }

    @Test func eachPartAddsItsVariables() {
        #expect(ForecastBlocks(nowcast: true).weight == 11)
        #expect(ForecastBlocks(hours: 25).weight == 15)
        #expect(ForecastBlocks(hours: 25, nowcast: true).weight == 16)
        #expect(ForecastBlocks(days: 7).weight == 18)
        #expect(ForecastBlocks(days: 7, nowcast: true).weight == 19)
        // The number of hours does not weigh.
        #expect(ForecastBlocks(hours: 49, nowcast: true).weight == 16)
    }

    /// Every combination against Open-Meteo's rule in integers: max(10, ceil(variables × max(14, days) / 14)).
    @Test(arguments: ForecastSettings.dayRange)
    func theWeightHasNoFloatDrift(days: Int) {
        for hours in [nil, 25] as [Int?] {
            for nowcast in [false, true] {
                let blocks = ForecastBlocks(hours: hours, days: days, nowcast: nowcast)
                let scaled = blocks.variables * max(14, days)
                #expect(blocks.weight == max(10, (scaled + 13) / 14), "\(blocks)")
            }
        }
    }

    /// docs/forecast.md: 384 × 1.1 + 4 × 24 × 0.5 + 4 × 5 × 0.8 ≈ 486 weighted calls a day at the defaults.
    @Test func theDefaultsCostAbout486CallsADay() {
        let settings = ForecastSettings()
        let plain = ForecastBlocks(nowcast: settings.nowcast).weight
        let hourly = ForecastBlocks(hours: settings.hours + 1, nowcast: settings.nowcast).weight - plain
        let daily = ForecastBlocks(days: settings.days, nowcast: settings.nowcast).weight - plain
        #expect([plain, hourly, daily] == [11, 5, 8])
        // Both on one request cost what they cost apart.
        #expect(settings.everyBlock.weight == plain + hourly + daily)
        // 4 locations, a new period every 15 min: 96 requests a day each; hourly in each of the 24 hours,
        // daily in each of the 4 slots and once more when the local date changes.
        let tenths = 4 * 96 * plain + 4 * 24 * hourly + 4 * 5 * daily
        #expect(tenths == 4864)
        #expect(Weight.calls(tenths) <= 500)
    }
}

@Suite("Forecast blocks: which a request carries")
struct ForecastBlocksSlotTests {
    private static func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    /// A block that comes bad (dropped) is asked for again on its next slot, not on every request.
    @Test func aDroppedBlockWaitsForItsNextSlot() {
        let settings = ForecastSettings()
        let first = Self.time("2026-11-24T13:05:00Z")
        var forecast = LocationForecast()
        #expect(forecast.blocks(wanted: settings, utcOffsetSeconds: 3600, at: first) == settings.everyBlock)
        // The answer's hours and days were dropped; the nowcast came.
        var answer = Forecast.synthetic(
            Weather(observedAt: first, utcOffsetSeconds: 3600),
            blocks: .init(nowcast: true)
        )
        answer.droppedBlocks = ["`hourly` dropped: a null time", "`daily` dropped: a null time"]
        forecast.take(answer, asked: settings.everyBlock, at: first, wall: first)
        let later = Self.time("2026-11-24T13:20:00Z")
        #expect(forecast.blocks(wanted: settings, utcOffsetSeconds: 3600, at: later) == ForecastBlocks(nowcast: true))
        // The next UTC hour asks for the hours again, the next 6-hour slot for the days.
        let nextHour = forecast.blocks(wanted: settings, utcOffsetSeconds: 3600, at: Self.time("2026-11-24T14:00:00Z"))
        #expect(nextHour == ForecastBlocks(hours: 25, nowcast: true))
        let nextSlot = forecast.blocks(wanted: settings, utcOffsetSeconds: 3600, at: Self.time("2026-11-24T18:00:00Z"))
        #expect(nextSlot == settings.everyBlock)
    }

    /// What `take` leaves after a request carrying `blocks`, answered at `apiNow` for a place `offset`
    /// ahead of UTC.
    private static func taking(
        _ blocks: ForecastBlocks,
        into forecast: LocationForecast = LocationForecast(),
        offset: Int,
        at apiNow: Timestamp
    ) -> LocationForecast {
        let quarter = Timestamp(secondsSinceEpoch: (apiNow.secondsSinceEpoch / 900).rounded(.down) * 900)
        let weather = Weather(observedAt: quarter, utcOffsetSeconds: offset)
        var forecast = forecast
        forecast.take(Forecast.synthetic(weather, blocks: blocks), at: apiNow, wall: apiNow)
        return forecast
    }

    /// Everything fetched at `apiNow`.
    private static func fetched(
        at apiNow: Timestamp,
        offset: Int,
        settings: ForecastSettings = ForecastSettings()
    )
        -> LocationForecast
    {
        taking(settings.everyBlock, offset: offset, at: apiNow)
    }

    /// One request every 15 minutes (30 s into each quarter) through the UTC day 2026-11-24, each answered;
    /// the times (`HH:MM`) of the requests that carried hours and days.
    private static func day(
        offset: Int,
        settings: ForecastSettings = ForecastSettings()
    ) -> (
        hours: [String], days: [String], all: [ForecastBlocks]
    ) {
        let midnight = time("2026-11-24T00:00:00Z")
        var forecast = LocationForecast()
        var hours: [String] = []
        var days: [String] = []
        var all: [ForecastBlocks] = []
        for quarter in 0..<96 {
            let now = midnight.adding(seconds: Double(quarter) * 900 + 30)
            let blocks = forecast.blocks(wanted: settings, utcOffsetSeconds: offset, at: now)
            let clock = String(now.rfc3339.dropFirst(11).prefix(5))
            if blocks.hours != nil { hours.append(clock) }
            if blocks.days != nil { days.append(clock) }
            all.append(blocks)
            forecast = taking(blocks, into: forecast, offset: offset, at: now)
        }
        return (hours, days, all)
    }

    private static let everyHour = (0..<24).map { ($0 < 10 ? "0\($0)" : "\($0)") + ":00" }

    @Test func aFirstRequestCarriesEveryBlock() {
        let blocks = LocationForecast().blocks(
            wanted: ForecastSettings(),
            utcOffsetSeconds: nil,
            at: Self.time("2026-11-24T13:07:42Z")
        )
        #expect(blocks == ForecastBlocks(hours: 25, days: 7, nowcast: true))
    }

    @Test func forecastHoursAreTheHoursPlusOne() {
        let now = Self.time("2026-11-24T13:07:42Z")
        for hours in [1, 24, 48] {
            let settings = ForecastSettings(hours: hours, days: 3, nowcast: false)
            #expect(LocationForecast().blocks(wanted: settings, utcOffsetSeconds: 0, at: now).hours == hours + 1)
        }
        #expect(LocationForecast().blocks(wanted: ForecastSettings(days: 16), utcOffsetSeconds: 0, at: now).days == 16)
    }

    @Test func hoursRideOnTheFirstRequestInEachUTCHour() {
        let forecast = Self.fetched(at: Self.time("2026-11-24T13:00:30Z"), offset: 3600)
        let wanted = ForecastSettings()
        for later in ["2026-11-24T13:15:30Z", "2026-11-24T13:59:59Z"] {
            #expect(
                forecast.blocks(wanted: wanted, utcOffsetSeconds: 3600, at: Self.time(later))
                    == ForecastBlocks(nowcast: true)
            )
        }
        let nextHour = forecast.blocks(wanted: wanted, utcOffsetSeconds: 3600, at: Self.time("2026-11-24T14:00:00Z"))
        #expect(nextHour == ForecastBlocks(hours: 25, nowcast: true))
    }

    @Test func missingHoursAreAskedForAtOnce() {
        let now = Self.time("2026-11-24T13:15:30Z")
        var forecast = Self.fetched(at: Self.time("2026-11-24T13:00:30Z"), offset: 0)
        forecast.hourly = []
        #expect(forecast.blocks(wanted: ForecastSettings(), utcOffsetSeconds: 0, at: now).hours == 25)
        // A reload asks for more hours than are known.
        let fetched = Self.fetched(at: Self.time("2026-11-24T13:00:30Z"), offset: 0)
        #expect(fetched.blocks(wanted: ForecastSettings(hours: 48), utcOffsetSeconds: 0, at: now).hours == 49)
        // Fewer hours than known: nothing missing.
        #expect(fetched.blocks(wanted: ForecastSettings(hours: 12), utcOffsetSeconds: 0, at: now).hours == nil)
    }

    @Test func daysRideOnTheFirstRequestInEachSixHourSlot() {
        let forecast = Self.fetched(at: Self.time("2026-11-24T06:00:30Z"), offset: 0)
        let wanted = ForecastSettings()
        for later in ["2026-11-24T06:15:30Z", "2026-11-24T09:00:30Z", "2026-11-24T11:59:59Z"] {
            #expect(forecast.blocks(wanted: wanted, utcOffsetSeconds: 0, at: Self.time(later)).days == nil, "\(later)")
        }
        #expect(forecast.blocks(wanted: wanted, utcOffsetSeconds: 0, at: Self.time("2026-11-24T12:00:00Z")).days == 7)
    }

    /// A local midnight inside the 06:00–12:00 UTC slot, and the local dates on either side of it.
    struct MidnightInTheSlot: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var offset: Int
        /// The local date at the fetch, 06:15:30 UTC.
        var fetchedOn: String
        var beforeMidnight: String
        var afterMidnight: String
        var nextDay: String

        static let all = [
            // Tonga: the local date changes at 11:00 UTC.
            MidnightInTheSlot(
                testDescription: "UTC+13",
                offset: 13 * 3600,
                fetchedOn: "2026-11-24",
                beforeMidnight: "2026-11-24T10:59:30Z",
                afterMidnight: "2026-11-24T11:00:30Z",
                nextDay: "2026-11-25"
            ),
            // Hawaii: the local date changes at 10:00 UTC.
            MidnightInTheSlot(
                testDescription: "UTC-10",
                offset: -10 * 3600,
                fetchedOn: "2026-11-23",
                beforeMidnight: "2026-11-24T09:59:30Z",
                afterMidnight: "2026-11-24T10:00:30Z",
                nextDay: "2026-11-24"
            ),
        ]
    }

    @Test(
        "days ride on the first request after the local date changed within a slot",
        arguments: MidnightInTheSlot.all
    )
    func daysRideOnTheFirstRequestAfterTheLocalDateChanged(_ midnight: MidnightInTheSlot) {
        let offset = midnight.offset
        let forecast = Self.fetched(at: Self.time("2026-11-24T06:15:30Z"), offset: offset)
        #expect(forecast.daily.first?.date == LocalDate(parsing: midnight.fetchedOn))
        let beforeMidnight = Self.time(midnight.beforeMidnight)
        #expect(forecast.blocks(wanted: ForecastSettings(), utcOffsetSeconds: offset, at: beforeMidnight).days == nil)
        let afterMidnight = Self.time(midnight.afterMidnight)
        #expect(LocalDate(at: afterMidnight, utcOffsetSeconds: offset) == LocalDate(parsing: midnight.nextDay))
        #expect(forecast.blocks(wanted: ForecastSettings(), utcOffsetSeconds: offset, at: afterMidnight).days == 7)
    }

    /// Offsets from UTC and when in the UTC day their days are asked for.
    private static let dailyRequests: [(Int, [String])] = [
        (0, ["00:00", "06:00", "12:00", "18:00"]),
        (3600, ["00:00", "06:00", "12:00", "18:00", "23:00"]),
        (13 * 3600, ["00:00", "06:00", "11:00", "12:00", "18:00"]),
        (-10 * 3600, ["00:00", "06:00", "10:00", "12:00", "18:00"]),
        (-5 * 3600, ["00:00", "05:00", "06:00", "12:00", "18:00"]),
    ]

    @Test(arguments: dailyRequests)
    func aDayOfRequestsAsksForHoursHourlyAndDaysPerSlotAndLocalDate(offset: Int, dailyAt: [String]) {
        let (hours, days, all) = Self.day(offset: offset)
        #expect(hours == Self.everyHour)
        #expect(days == dailyAt)
        // The nowcast rides on every request.
        #expect(all.allSatisfy { $0.nowcast })
    }

    @Test func missingDaysAreAskedForAtOnce() {
        let now = Self.time("2026-11-24T06:15:30Z")
        var forecast = Self.fetched(at: Self.time("2026-11-24T06:00:30Z"), offset: 0)
        forecast.daily = []
        #expect(forecast.blocks(wanted: ForecastSettings(), utcOffsetSeconds: 0, at: now).days == 7)
        // A previous run's `today` alone (a state file without `forecast`), fetched in this very slot.
        let today = DayForecast(date: LocalDate(parsing: "2026-11-24")!, fetchedAt: Self.time("2026-11-24T06:00:30Z"))
        let restored = LocationState(location: PlannerHarness.london, status: .ok, today: today).restoredForecast
        #expect(restored.daily == [today])
        #expect(restored.blocks(wanted: ForecastSettings(), utcOffsetSeconds: 0, at: now).days == 7)
        // A reload asks for more days than are known; fewer are there already.
        let fetched = Self.fetched(at: Self.time("2026-11-24T06:00:30Z"), offset: 0)
        #expect(fetched.blocks(wanted: ForecastSettings(days: 16), utcOffsetSeconds: 0, at: now).days == 16)
        #expect(fetched.blocks(wanted: ForecastSettings(days: 3), utcOffsetSeconds: 0, at: now).days == nil)
    }

    @Test func daysAreAskedForWhileTheLocalDateIsNotKnown() {
        let forecast = Self.fetched(at: Self.time("2026-11-24T06:00:30Z"), offset: 0)
        let now = Self.time("2026-11-24T06:15:30Z")
        #expect(forecast.blocks(wanted: ForecastSettings(), utcOffsetSeconds: nil, at: now).days == 7)
    }

    @Test func partsSwitchedOffAreNeverAskedFor() {
        let settings = ForecastSettings(hours: 0, days: 2, nowcast: false)
        #expect(settings.everyBlock == ForecastBlocks(days: 2))
        let first = LocationForecast().blocks(
            wanted: settings,
            utcOffsetSeconds: nil,
            at: Self.time("2026-11-24T13:07:42Z")
        )
        #expect(first == ForecastBlocks(days: 2))
        let (hours, days, all) = Self.day(offset: 3600, settings: settings)
        #expect(hours.isEmpty)
        #expect(days == ["00:00", "06:00", "12:00", "18:00", "23:00"])
        #expect(all.allSatisfy { $0.hours == nil && !$0.nowcast })
        #expect(all.filter { $0.days == nil }.allSatisfy { $0 == .none && $0.weight == 10 })
    }
}
