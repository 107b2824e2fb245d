import Testing
import WeatherCore
import WeatherDisplay

@Suite("PlaceholderValues")
struct PlaceholderValuesTests {
    private func values(_ entry: LocationState = Fixture.berlin, style: DisplayStyle = .standard) -> PlaceholderValues {
        PlaceholderValues(entry, in: Fixture.snapshot(), at: Fixture.now, style: style)
    }

    @Test func currentWeather() {
        let berlin = values()
        #expect(berlin.value(.icon) == "🌧️")
        #expect(berlin.value(.name) == "Berlin")
        #expect(berlin.value(.id) == "berlin")
        #expect(berlin.value(.temperature) == "2")
        #expect(berlin.value(.temperature, decimals: 1) == "2.0")
        #expect(berlin.value(.apparentTemperature) == "-1")
        #expect(berlin.value(.apparentTemperature, decimals: 1) == "-1.3")
        #expect(berlin.value(.unit) == "°C")
        #expect(berlin.value(.condition) == "rain")
        #expect(berlin.value(.description) == "Slight rain")
        #expect(berlin.value(.humidity) == "81")
        #expect(berlin.value(.windSpeed) == "17")
        #expect(berlin.value(.windUnit) == "km/h")
        #expect(berlin.value(.windDirection) == "254")
        // From 254° (west-south-west) the wind blows towards 74°: east.
        #expect(berlin.value(.windArrow) == "→")
        #expect(berlin.value(.age) == "5 min")
    }

    @Test func todayTomorrowAndTheComingHours() {
        let berlin = values()
        // Today is the local day of now, not yesterday's entry still in the list.
        #expect(berlin.value(.high) == "4")
        #expect(berlin.value(.low) == "-1")
        #expect(berlin.value(.low, decimals: 1) == "-0.8")
        #expect(berlin.value(.precipitationProbability) == "80")
        // The highest of the next six coming hours (90), not of the past ones (100) nor the seventh.
        #expect(berlin.value(.precipitationProbability6h) == "90")
        #expect(berlin.value(.nowcast) == "rain in 25 min")
        #expect(berlin.value(.tomorrowIcon) == "⛅")
        #expect(berlin.value(.tomorrowHigh) == "13")
        #expect(berlin.value(.tomorrowLow) == "1")
        #expect(berlin.value(.sunrise) == "07:35")
        #expect(berlin.value(.sunset) == "15:56")
    }

    @Test func twelveHourClock() {
        let berlin = values(style: DisplayStyle(clock: .twelveHour))
        #expect(berlin.value(.sunrise) == "7:35 AM")
        #expect(berlin.value(.sunset) == "3:56 PM")
        let midnight = Fixture.time("2026-11-22T23:05:00Z")
        #expect(TimeOfDay.text(midnight, utcOffsetSeconds: 3600, clock: .twelveHour) == "12:05 AM")
        #expect(TimeOfDay.text(midnight, utcOffsetSeconds: 3600, clock: .twentyFourHour) == "00:05")
        let noon = Fixture.time("2026-11-22T12:00:00Z")
        #expect(TimeOfDay.text(noon, utcOffsetSeconds: 0, clock: .twelveHour) == "12:00 PM")
        #expect(TimeOfDay.text(noon, utcOffsetSeconds: 7200, clock: .twelveHour) == "2:00 PM")
    }

    @Test func unknownValuesAreNil() {
        let london = values(Fixture.london)
        for placeholder in [Placeholder.high, .low, .precipitationProbability6h, .nowcast, .tomorrowIcon, .sunrise] {
            #expect(london.value(placeholder) == nil, "\(placeholder)")
        }
        let pending = LocationState(location: Location(name: "Oslo", latitude: 59.9, longitude: 10.7), status: .pending)
        let oslo = values(pending)
        #expect(oslo.value(.icon) == "…")
        #expect(oslo.value(.temperature) == nil)
        #expect(oslo.value(.unit) == nil)
        #expect(oslo.value(.age) == nil)
        #expect(Template.standard.render { oslo.value($0, decimals: $1) } == "… Oslo")
    }

    @Test func iconStyles() {
        #expect(values(style: DisplayStyle(icons: .nerd)).value(.icon) == "\u{E308}")
        #expect(values(style: DisplayStyle(icons: .nerd)).value(.tomorrowIcon) == "\u{E302}")
        #expect(values(style: DisplayStyle(icons: .none)).value(.icon) == "")
        let rendered = Template.standard.render { values(style: DisplayStyle(icons: .none)).value($0, decimals: $1) }
        #expect(rendered == "2°C Berlin")
        // Day and night forms.
        #expect(WeatherIcon.glyph(.clear, isDay: true, style: .emoji) == "☀️")
        #expect(WeatherIcon.glyph(.clear, isDay: false, style: .emoji) == "🌙")
        #expect(WeatherIcon.glyph(.clear, isDay: true, style: .nerd) == "\u{E30D}")
        #expect(WeatherIcon.glyph(.clear, isDay: false, style: .nerd) == "\u{E32B}")
        #expect(WeatherIcon.glyph(.unknown, isDay: true, style: .nerd) == "\u{E374}")
        #expect(WeatherIcon.noData(style: .nerd) == "\u{E374}")
        for condition in WeatherCondition.allCases {
            for isDay in [true, false] {
                #expect((0xE300...0xE3E3).contains(WeatherIcon.nerd(condition, isDay: isDay)))
                #expect(WeatherIcon.glyph(condition, isDay: isDay, style: .none).isEmpty)
            }
        }
    }

    @Test func sleetIsDrawnAsSnowMixNeverAsFreezingRain() {
        for isDay in [true, false] {
            #expect(WeatherIcon.emoji(.sleet, isDay: isDay) == "🌨️")
            #expect(WeatherIcon.emoji(.sleetShowers, isDay: isDay) == "🌨️")
            #expect(WeatherIcon.nerd(.sleet, isDay: isDay) == 0xE3AD)
            #expect(WeatherIcon.nerd(.sleet, isDay: isDay) != WeatherIcon.nerd(.freezingRain, isDay: isDay))
            #expect(WeatherIcon.nerd(.sleetShowers, isDay: isDay) != WeatherIcon.nerd(.freezingRain, isDay: isDay))
        }
        #expect(WeatherIcon.nerd(.sleetShowers, isDay: true) == 0xE3AA)
        #expect(WeatherIcon.nerd(.sleetShowers, isDay: false) == 0xE3AC)
    }

    @Test func windArrowsPointWhereTheWindBlows() {
        #expect(WindArrow.arrow(fromDegrees: 0) == "↓")
        #expect(WindArrow.arrow(fromDegrees: 90) == "←")
        #expect(WindArrow.arrow(fromDegrees: 180) == "↑")
        #expect(WindArrow.arrow(fromDegrees: 270) == "→")
        #expect(WindArrow.arrow(fromDegrees: 225) == "↗")
        #expect(WindArrow.arrow(fromDegrees: 359) == "↓")
        #expect(WindArrow.arrow(fromDegrees: -90) == "→")
    }
}
