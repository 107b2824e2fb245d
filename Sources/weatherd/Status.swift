import ArgumentParser
import StateStore
import WeatherCore
import WeatherDaemon

/// `weatherd status`: reads the state file and reports, with monitoring-plugin exit statuses.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the state file and print the weather and the daemon's health.",
        discussion: """
            Exit status: 0 OK, 1 WARNING (a location stale, failing, or still pending after two rotations), \
            2 CRITICAL (state older than 3 × interval + timeout: the daemon is not running; or no location \
            has fresh data), 3 UNKNOWN (state file missing, unreadable or invalid). Each location is judged \
            by its data's age at the time of reading. --format waybar exits 0 whenever it printed a line; \
            the health is in its class. --follow prints again each time the state file is replaced and \
            each time the health changes with time alone, until SIGTERM, SIGINT or a closed standard output \
            (exit 0).
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, waybar, prometheus
    }

    @OptionGroup var common: CommonOptions

    @Option(name: .long, help: "Output format: text, json, waybar (one JSON line) or prometheus.")
    var format: Format = .text

    @Option(name: .long, help: ArgumentHelp("Report only this location id.", valueName: "id"))
    var location: String?

    @Flag(
        name: .long,
        help: "Keep running: print again whenever the state file is replaced or the health changes with time."
    )
    var follow = false

    func run() throws {
        let path: String
        if let stateFile = common.stateFile {
            path = stateFile
        } else {
            // The state file path comes from the configuration; a broken config still lets status work
            // on the default path.
            let config = (try? common.loader().load()) ?? Configuration()
            path = World.stateFilePath(config)
        }
        if follow {
            let status = StatusFollower(path: path, format: format, location: location).run()
            throw ExitCode(status)
        }
        let report = StatusReport.make(
            StatusReport.read(path),
            path: path,
            format: format,
            location: location,
            now: World.now()
        )
        print(report.text)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }
}
