import Testing
import WeatherCore
import WeatherDisplay

@Suite("Forecast chart and table")
struct ForecastChartTests {
    private let outlook = Outlook(Fixture.berlin, in: Fixture.snapshot(), at: Fixture.now)
    private let plain = ANSIStyle(isOn: false)

    /// The `forecast` command's report on the fixture's snapshot at `path`, for `location` (nil: all), at `now`.
    private func report(
        path: String = "p",
        location: String?,
        now: Timestamp = Fixture.now
    ) -> ForecastReport {
        ForecastReport.make(.success(Fixture.snapshot()), path: path, location: location, now: now, colour: plain)
    }

    @Test func chartOfTheComingHours() {
        let chart = ForecastChart.render(outlook, clock: .twentyFourHour, style: plain)
        #expect(
            chart == [
                "12°C ┤      ██",
                "     │      ██▂▂",
                "     │      ████",
                "     │    ▄▄████",
                "     │    ██████",
                "     │  ▆▆██████",
                "     │  ████████▇▇",
                " 3°C ┤████████████▁▁",
                "rain ┤    ▃▃▆▆",
                "     │▂▂▃▃████▆▆▁▁██",
                "      15    18    21",
            ]
        )
        let twelve = ForecastChart.render(outlook, clock: .twelveHour, style: plain)
        #expect(twelve.last == "      3 PM  6 PM  9 PM")
    }

    @Test func colourOnlyWhenAsked() {
        let coloured = ForecastChart.render(outlook, clock: .twentyFourHour, style: ANSIStyle(isOn: true))
        #expect(coloured.joined().contains("\u{1B}[33m██\u{1B}[0m") == false)
        #expect(coloured.joined().contains("\u{1B}[32m██\u{1B}[0m"))  // 12 °C: green
        #expect(coloured.joined().contains("\u{1B}[94m"))  // a wet hour's rain bar
        let plainText = ForecastChart.render(outlook, clock: .twentyFourHour, style: plain).joined()
        #expect(!plainText.contains("\u{1B}"))
        #expect(ANSIStyle.wanted(isTerminal: true, noColor: nil, term: "xterm"))
        #expect(ANSIStyle.wanted(isTerminal: true, noColor: "", term: "xterm"))
        #expect(!ANSIStyle.wanted(isTerminal: true, noColor: "1", term: "xterm"))
        #expect(!ANSIStyle.wanted(isTerminal: false, noColor: nil, term: "xterm"))
        #expect(!ANSIStyle.wanted(isTerminal: true, noColor: nil, term: "dumb"))
    }

    @Test func manyHoursTakeOneColumnEach() {
        var entry = Fixture.berlin
        let start = Fixture.time("2026-11-22T14:00:00Z")
        entry.forecast?.hourly = (0..<48).map { index in
            HourForecast(time: start.adding(seconds: Double(index) * 3600), temperature: Double(index % 10))
        }
        let chart = ForecastChart.render(Outlook(entry, at: Fixture.now), clock: .twentyFourHour, style: plain)
        #expect(chart.count == 11)
        #expect(chart[7].count == 6 + 48)
        #expect(chart.last?.hasPrefix("         18    00") == true)
    }

    @Test func tableOfTheComingDays() {
        let table = ForecastTable.render(outlook, clock: .twentyFourHour, icons: .emoji, style: plain)
        #expect(
            table == [
                "Day         High  Low  Rain     Sum  UV  Sunrise  Sunset",
                "Sun 22 Nov    4°  -1°   80%  2.1 mm   1    07:35   15:56  🌧️  Slight rain",
                "Mon 23 Nov   13°   1°    5%  0.0 mm   1    07:36   15:55  ⛅  Partly cloudy",
                "Tue 24 Nov   -3°  -8°     –       –   –        –       –  🌨️  Slight snow fall",
            ]
        )
        let twelve = ForecastTable.render(outlook, clock: .twelveHour, icons: .none, style: plain)
        #expect(twelve[1] == "Sun 22 Nov    4°  -1°   80%  2.1 mm   1  7:35 AM  3:56 PM  Slight rain")
    }

    @Test func theCommandsReport() {
        let berlin = report(path: "/run/weatherd/state.json", location: "berlin")
        #expect(berlin.exitStatus == 0)
        #expect(berlin.error == nil)
        let lines = berlin.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Berlin: 2.0 °C, Slight rain · rain in 25 min")
        #expect(lines[1] == "12°C ┤      ██")
        #expect(lines[12] == "")
        #expect(lines[13].hasPrefix("Day "))
        #expect(lines.count == 17)

        let all = report(location: nil)
        #expect(all.text.hasSuffix("\n\nLondon & Co: 7.6 °C, Overcast\n  no forecast yet"))
    }

    @Test func noForecastIsExitStatus3() {
        let none = report(location: "london")
        #expect(none.exitStatus == 3)
        #expect(none.text.isEmpty)
        #expect(none.error?.hasPrefix("weatherd: no forecast for \"london\" in p") == true)
        let unknown = report(location: "oslo")
        #expect(unknown.exitStatus == 3)
        #expect(unknown.error == "weatherd: no location \"oslo\" in p")
        // Days later everything in the file is past.
        let later = report(location: nil, now: Fixture.time("2026-12-01T00:00:00Z"))
        #expect(later.exitStatus == 3)
    }
}
