import ArgumentParser
import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

/// `weatherd air`: the air quality, UV and pollen from the state file, as a monitoring plugin (docs/air.md).
struct AirCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "air",
        abstract: "Read the state file and print the air quality, UV and pollen.",
        discussion: """
            Each location's air quality index on the configured scale (air_quality.index) with its level and \
            the pollutant that drives it, the other scale's index, the UV index, the pollutants and the pollen. \
            Exit status, as a monitoring plugin, by the highest index: 0 below --warning, 1 from --warning, 2 \
            from --critical (by default the scale's poor and very poor levels: 61 and 81 European, 101 and 151 \
            US), 3 UNKNOWN (state file missing or unreadable, air quality off, or no air data yet).
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: ArgumentHelp("Report only this location id.", valueName: "id"))
    var location: String?

    @Option(
        name: .long,
        help: ArgumentHelp("WARNING from this index (default: the scale's poor level).", valueName: "n")
    )
    var warning: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("CRITICAL from this index (default: the scale's very poor level).", valueName: "n")
    )
    var critical: Int?

    @Option(name: .long, help: "Output format: text or json (each location's air as a JSON array).")
    var format: TextOrJSON = .text

    func validate() throws {
        for (name, value) in [("--warning", warning), ("--critical", critical)] {
            if let value, value < 0 { throw ValidationError("\(name) must be 0 or more, got \(value)") }
        }
        if let warning, let critical, warning > critical {
            throw ValidationError("--warning (\(warning)) must not be above --critical (\(critical))")
        }
    }

    func run() throws {
        let files = Status.files(common)
        let snapshot = try StatusReport.readForPlugin(files.path, plugin: "AIR", json: format == .json)
        // The configuration, when it can be read, tells "off" from "not yet" and gives the scale.
        let report = AirReport.render(
            snapshot,
            location: location,
            scale: files.display?.airQualityScale ?? snapshot.airQualityScale,
            warning: warning,
            critical: critical,
            airQualityOn: files.configuration.map { Set($0.airQualityLocations.map(\.id)) },
            json: format == .json,
            now: World.now(),
            clock: files.display?.clock ?? snapshot.daemon.display?.clock ?? .twentyFourHour
        )
        print(report.text)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
