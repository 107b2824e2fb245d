import ArgumentParser
import NIOCore
import NIOPosix
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

    /// ArgumentParser's `main()`, with `run` (the daemon) on one NIO event loop: its tasks run there, with
    /// ``EventLoopTaskExecutor`` as their preference, never on Swift's global executor (whose first
    /// worker thread starts libdispatch's 1-second workqueue monitor for the process's life; see that
    /// type). On the main actor, so that nothing hops to the global executor before the preference is set.
    @MainActor
    static func main() async {
        // One event loop (the loop's thread, whose timers tick, the HTTP client's and the tasks') and one
        // thread for blocking work (the cache write): a command has one request and one write in flight
        // at most; NIO's default of one of each per core gave the daemon two threads more that never
        // had work (6 threads, now 4). Set before anything uses NIO's singletons.
        NIOSingletons.groupLoopCountSuggestion = 1
        NIOSingletons.blockingPoolThreadCountSuggestion = 1
        do {
            var command = try parseAsRoot()
            if let daemon = command as? Run {
                let executor = EventLoopTaskExecutor(MultiThreadedEventLoopGroup.singleton.next())
                try await withTaskExecutorPreference(executor) { try await daemon.run() }
            } else if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
