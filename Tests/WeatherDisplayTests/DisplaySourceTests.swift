import Testing
import WeatherCore
import WeatherDisplay

@Suite("DisplaySource")
struct DisplaySourceTests {
    private let configured = DisplaySettings(text: "{name} (configured)", icons: .nerd, clock: .twelveHour)
    private let written = DisplaySettings(text: "{name} (state file)", icons: .none, clock: .twentyFourHour)

    @Test func textOptionThenConfigurationThenStateFileThenDefault() throws {
        let option = try Template(parsing: "{id}")
        let all = DisplaySource(text: option, configuration: configured).style(written: written)
        #expect(all == DisplayStyle(template: option, icons: .nerd, clock: .twelveHour))
        let configuration = DisplaySource(configuration: configured).style(written: written)
        #expect(configuration.template.text == "{name} (configured)")
        let stateFile = DisplaySource().style(written: written)
        #expect(stateFile == DisplayStyle(template: try Template(parsing: "{name} (state file)"), icons: .none))
        #expect(DisplaySource().style(written: nil) == .standard)
    }

    @Test func anInvalidTextIsPassedOver() {
        let broken = DisplaySettings(text: "{nope}", icons: .nerd)
        #expect(DisplaySource(configuration: broken).style(written: written).template.text == "{name} (state file)")
        #expect(DisplaySource(configuration: broken).style(written: nil) == DisplayStyle(icons: .nerd))
    }

    @Test func theStatusReportUsesTheStateFilesSettings() {
        let snapshot = Fixture.snapshot(display: DisplaySettings(text: "{nowcast} in {name}"))
        let report = StatusReport.make(
            .success(snapshot),
            path: "/run/weatherd/state.json",
            format: .waybar,
            location: nil,
            now: Fixture.now
        )
        #expect(report.exitStatus == 0)
        #expect(report.text.hasPrefix("{\"text\":\"rain in 25 min in Berlin\","), "\(report.text)")
    }
}
