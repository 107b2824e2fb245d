import Testing
import WeatherCore
@testable import WeatherDisplay

@Suite("Hours and days")
struct HoursAndDaysTests {
    private let outlook = Outlook(Fixture.berlin, in: Fixture.snapshot(), at: Fixture.now)

    @Test func sparklineScalesBetweenTheLowestAndTheHighest() {
        #expect(Sparkline.render([4, 6, 8, 12, 10, 5, 3]) == "▂▃▅█▆▃▁")
        #expect(Sparkline.render([0, 7]) == "▁█")
        #expect(Sparkline.render([5, 5, nil, 5]) == "▄▄ ▄")
        #expect(Sparkline.render([nil, nil]) == "  ")
        #expect(Sparkline.render([]) == "")
        // A range no Double holds (a damaged file) draws, never traps.
        #expect(Sparkline.render([1.7e308, -1.7e308, 0]).count == 3)
        #expect(ForecastChart.temperatureLevels([1.7e308, -1.7e308, .nan]).count == 3)
    }

    @Test func pastHoursAreNeverShown() {
        // Three hours of the list lie before now (the third began at 13:00Z, now is 13:20Z).
        #expect(outlook.hours.map(\.time) == Fixture.hours.dropFirst(3).map(\.time))
        #expect(outlook.days.map(\.date.description) == ["2026-11-22", "2026-11-23", "2026-11-24"])
        // An hour later the window has slid: 14:00Z is gone too, and so is the rain's start.
        let later = Outlook(Fixture.berlin, at: Fixture.time("2026-11-22T14:20:00Z"))
        #expect(later.hours.first?.time == Fixture.time("2026-11-22T15:00:00Z"))
        #expect(later.nowcast?.summary == "dry for 55 min")
    }

    @Test func theHoursOnOneLine() {
        #expect(
            HoursLine.render(outlook, clock: .twentyFourHour) == "▂▃▅█▆▃▁  3–12°  rain 16–18h"
        )
        #expect(HoursLine.render(outlook, clock: .twelveHour) == "▂▃▅█▆▃▁  3–12°  rain 4–6 PM")
        #expect(HoursLine.range([-3.4, 2]) == "-3–2°")
        #expect(HoursLine.range([5, 5.2]) == "5°")
        #expect(HoursLine.range([nil]) == nil)
    }

    @Test func rainSpansAcrossNoonAndMidnight() {
        let zero = Outlook(Fixture.london, at: Fixture.now)
        func wet(_ text: String, snow: Bool = false) -> HourForecast {
            HourForecast(time: Fixture.time(text), precipitation: 1, code: WMOCode(snow ? 73 : 61))
        }
        let hours = [
            wet("2026-11-22T11:00:00Z"), wet("2026-11-22T12:00:00Z"),
            wet("2026-11-22T22:00:00Z", snow: true), wet("2026-11-22T23:00:00Z", snow: true),
        ]
        #expect(HoursLine.rain(hours, outlook: zero, clock: .twentyFourHour) == "rain 10–12h, snow 21–23h")
        #expect(HoursLine.rain(hours, outlook: zero, clock: .twelveHour) == "rain 10 AM–12 PM, snow 9–11 PM")
        #expect(HoursLine.rain([], outlook: zero, clock: .twelveHour) == nil)
        // Showers every other hour: three runs named, then "…".
        let showers = stride(from: 0, to: 12, by: 2).map { index in
            HourForecast(
                time: Fixture.time("2026-11-22T00:00:00Z").adding(seconds: Double(index) * 3600),
                precipitation: 1
            )
        }
        #expect(HoursLine.rain(showers, outlook: zero, clock: .twentyFourHour) == "rain 23–24h, 1–2h, 3–4h, …")
    }

    @Test func daysAsAlignedRows() {
        let space = "\u{2007}"
        #expect(
            DayRows.render(outlook.days, icons: .emoji) == [
                "Sun  🌧️  \(space)4° / -1°  80%",
                "Mon  ⛅  13° / \(space)1°  \(space)5%",
                "Tue  🌨️  -3° / -8°",
            ]
        )
        #expect(DayRows.render(outlook.days, icons: .none).first == "Sun  \(space)4° / -1°  80%")
        #expect(CalendarText.weekday(LocalDate(daysSinceEpoch: 0)) == "Thu")
        #expect(CalendarText.weekday(LocalDate(daysSinceEpoch: -1)) == "Wed")
        #expect(CalendarText.dayMonth(LocalDate(parsing: "2026-01-05")!) == "5 Jan")
    }
}
