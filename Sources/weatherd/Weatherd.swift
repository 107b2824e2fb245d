import ArgumentParser
import WeatherDaemon

/// The `weatherd` command: a daemon that shows the weather of a rotating list of locations.
@main
struct Weatherd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weatherd",
        abstract: "Rotates through locations, fetching their current weather from Open-Meteo.",
        discussion: """
            Every interval the daemon shows the next configured location: it fetches its weather, writes \
            one journal entry and replaces the JSON state file that other tools read.
            """,
        version: WeatherdVersion.current,
        subcommands: [Run.self, Once.self, Status.self, ForecastCommand.self, CheckConfig.self, Codes.self],
        defaultSubcommand: Run.self
    )
}
