import ArgumentParser
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// `weatherd forecast`: reads the state file (no request) and draws the coming hours and days (docs/forecast.md).
struct ForecastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Read the state file and draw the coming hours as a chart and the coming days as a table.",
        discussion: """
            The state file is found as for status. Colour only when standard output is a terminal and \
            NO_COLOR is unset. Exit status: 0; 3 when the state file is missing, unreadable or invalid, or \
            holds no forecast (of that location).
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("Draw only this location id.", valueName: "id"))
    var location: String?

    func run() throws {
        let files = Status.files(common)
        let colour = ANSIStyle.wanted(
            isTerminal: isatty(1) == 1,
            noColor: getenv("NO_COLOR").map { String(cString: $0) },
            term: getenv("TERM").map { String(cString: $0) }
        )
        let report = ForecastReport.make(
            StatusReport.read(files.path),
            path: files.path,
            location: location,
            now: World.now(),
            display: DisplaySource(configuration: files.display),
            colour: ANSIStyle(isOn: colour)
        )
        if !report.text.isEmpty { print(report.text) }
        if let error = report.error { printError(error) }
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
