import Testing
import WeatherCore

@Suite("LocalClock")
struct LocalClockTests {
    @Test func sunriseInBerlinAndNewYork() {
        // The Berlin fixture's sunrise, 2025-11-22T06:35:02Z: 07:35 at UTC+1.
        let sunrise = Timestamp(secondsSinceEpoch: 1_763_793_302)
        #expect(LocalClock.hoursMinutes(sunrise, utcOffsetSeconds: 3600) == "07:35")
        #expect(LocalClock.hoursMinutes(sunrise, utcOffsetSeconds: 0) == "06:35")
        #expect(LocalClock.hoursMinutes(sunrise, utcOffsetSeconds: -18_000) == "01:35")
        // Across midnight backwards and a half-hour zone.
        #expect(LocalClock.hoursMinutes(sunrise, utcOffsetSeconds: -25_200) == "23:35")
        #expect(LocalClock.hoursMinutes(sunrise, utcOffsetSeconds: 19_800) == "12:05")
        // Before the epoch.
        #expect(LocalClock.hoursMinutes(Timestamp(secondsSinceEpoch: -60), utcOffsetSeconds: 0) == "23:59")
    }

    @Test func offsetLabels() {
        #expect(LocalClock.offsetLabel(0) == "UTC")
        #expect(LocalClock.offsetLabel(3600) == "UTC+01:00")
        #expect(LocalClock.offsetLabel(-16_200) == "UTC-04:30")
        #expect(LocalClock.offsetLabel(20_700) == "UTC+05:45")
    }
}

@Suite("DayForecast without sunrise or sunset")
struct SunlessDayTests {
    func day(_ text: String, sunrise: Timestamp? = nil, sunset: Timestamp? = nil) throws -> DayForecast {
        DayForecast(
            date: try #require(LocalDate(parsing: text)),
            sunrise: sunrise,
            sunset: sunset,
            fetchedAt: Timestamp(secondsSinceEpoch: 0)
        )
    }

    @Test func polarNightInTheHemispheresWinter() throws {
        #expect(try day("2025-11-22").sunlessDay(latitude: 78.22) == .polarNight)
        #expect(try day("2025-11-22").sunlessDay(latitude: -75.1) == .midnightSun)
        #expect(try day("2026-06-21").sunlessDay(latitude: 78.22) == .midnightSun)
        #expect(try day("2026-06-21").sunlessDay(latitude: -75.1) == .polarNight)
        #expect(try day("2026-01-05").sunlessDay(latitude: 69.6) == .polarNight)
    }

    @Test func aDayWithASunriseOrSunsetIsNotSunless() throws {
        let time = Timestamp(secondsSinceEpoch: 1_763_793_302)
        #expect(try day("2025-11-22", sunrise: time, sunset: time).sunlessDay(latitude: 52.5) == nil)
        #expect(try day("2025-11-22", sunset: time).sunlessDay(latitude: 69.9) == nil)
    }
}
