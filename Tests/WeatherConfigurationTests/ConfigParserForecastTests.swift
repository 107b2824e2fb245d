import Testing
import WeatherCore

@testable import WeatherConfiguration

/// The `forecast` and `display` sections (weatherd.conf(5), docs/forecast.md).
@Suite("ConfigParser: forecast and display")
struct ConfigParserForecastTests {
    private let parser = ConfigParser(file: "/etc/weatherd/config.yaml")

    @Test func defaultsWhenLeftOut() throws {
        let config = try parser.parse("interval: 10s\n")
        #expect(config.forecast == ForecastSettings(hours: 24, days: 7, nowcast: true))
        #expect(
            config.display
                == DisplaySettings(text: "{icon} {temperature}{unit} {name}", icons: .emoji, clock: .twentyFourHour)
        )
    }

    @Test func everyKeyIsRead() throws {
        let config = try parser.parse(
            """
            forecast:
              hours: 0
              days: 16
              nowcast: false
            display:
              text: "<b>{temperature:.1}</b>{unit} {{{nowcast}}}"
              icons: nerd
              clock: 12h
            """
        )
        #expect(config.forecast == ForecastSettings(hours: 0, days: 16, nowcast: false))
        #expect(config.forecast.everyBlock == ForecastBlocks(hours: nil, days: 16, nowcast: false))
        #expect(config.display.text == "<b>{temperature:.1}</b>{unit} {{{nowcast}}}")
        #expect(config.display.icons == .nerd)
        #expect(config.display.clock == .twelveHour)
    }

    @Test(arguments: [
        ("forecast:\n  hours: 49\n", "forecast.hours", 2, "must be between 0 and 48"),
        ("forecast:\n  hours: 2.5\n", "forecast.hours", 2, "must be a whole number"),
        ("forecast:\n  days: 0\n", "forecast.days", 2, "must be between 1 and 16"),
        ("forecast:\n  nowcast: maybe\n", "forecast.nowcast", 2, "must be true or false"),
        ("forecast:\n  minutes: 15\n", "forecast.minutes", 2, "unknown key"),
        ("display:\n  icons: ascii\n", "display.icons", 2, "must be one of"),
        ("display:\n  clock: 13h\n", "display.clock", 2, "must be one of"),
        ("display:\n\n  text: \"{temp} {name}\"\n", "display.text", 3, "unknown placeholder {temp} at column 1"),
        ("display:\n  text: \"{temperature\"\n", "display.text", 2, "\"{\" without its \"}\""),
        ("display:\n  text: \"{name:.1}\"\n", "display.text", 2, "{name} is not a number"),
    ])
    func rejects(_ yaml: String, _ keyPath: String, _ line: Int, _ message: String) throws {
        let error = try #require(parser.error(parsing: yaml), "accepted: \(yaml)")
        #expect(error.keyPath == keyPath)
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error.message)")
        if keyPath == "display.text" {
            // The known names, so that the user can pick the right one.
            #expect(error.message.contains("temperature") && error.message.contains("precipitation_probability_6h"))
        }
    }
}
