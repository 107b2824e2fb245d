import ArgumentParser
import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherDisplay

/// `weatherd alerts`: the official warnings in force, from the state file (and their texts from the alerts
/// cache beside the durable cache the state file names, else beside the default one, when it can be read).
struct AlertsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Read the state file and print the official warnings in force.",
        discussion: """
            Every warning in force with its headline, its times in the location's zone and what to do. \
            Exit status, as a monitoring plugin: 0 none, 1 the highest is Minor, Moderate or of unknown \
            severity, 2 Severe or Extreme, 3 UNKNOWN (state file missing or unreadable, or a location's alert source failing for \
            3 polls or more).
            """
    )

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "Output format: text or json (the warnings as a JSON array).")
    var format: AlertsReport.Format = .text

    @Option(name: .long, help: ArgumentHelp("Report only this location id.", valueName: "id"))
    var location: String?

    func run() throws {
        let files = Status.files(common)
        let snapshot = try StatusReport.readForPlugin(files.path, plugin: "ALERTS", json: format == .json)
        var details: [String: Alert] = [:]
        // A daemon without a durable cache keeps its alerts cache beside the state file.
        let cache = snapshot.daemon.cacheFile ?? StatusReport.existingCache(files.caches) ?? files.path
        for remembered in AlertCache(besideCache: StateFile(path: cache)).load().locations.values {
            for chain in remembered.chains { details[chain.alert.id] = chain.alert }
        }
        let report = AlertsReport.render(
            snapshot,
            location: location,
            details: details,
            format: format,
            now: World.now(),
            clock: snapshot.daemon.display?.clock ?? .twentyFourHour
        )
        print(report.text)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}

extension AlertsReport.Format: ExpressibleByArgument {}
