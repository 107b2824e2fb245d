import ArgumentParser
import NIOCore
import NIOPosix
import WeatherConfiguration
import WeatherDaemon

/// The `weatherd` command: a daemon that shows the weather of a rotating list of locations.
struct Weatherd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weatherd",
        abstract: "Rotates through locations, showing their current weather from Open-Meteo.",
        discussion: """
            Every interval the daemon shows the next configured location: it fetches that location's \
            weather only when Open-Meteo can have news for it (else it serves what it holds), writes one \
            journal entry and replaces the JSON state file that other tools read. When Open-Meteo fails in \
            a way that will not heal before a location's weather turns stale, the location is served by \
            MET Norway until Open-Meteo answers again (the sources key).
            """,
        version: WeatherdVersion.current,
        subcommands: [
            Run.self, Once.self, Status.self, AlertsCommand.self, AirCommand.self, ForecastCommand.self,
            CheckConfig.self,
            Codes.self,
        ],
        defaultSubcommand: Run.self
    )
}

/// The process's entry: ArgumentParser's parsing, then the command. Synchronous, because the main thread
/// is the main queue's run loop (``MainQueue``, docs/threads.md): an asynchronous command's work starts as
/// the process's one root task, and the main thread drains the main queue until the task ends the process.
@main
enum Main {
    static func main() {
        // One event loop (the HTTP client's, where `run`'s requests run) and one thread for blocking work
        // (the durable writes of the cache, the geocoding and the alerts, one after the other): a command
        // has one request in flight at most, and the writes are few and short; NIO's default of one of each
        // per core gave the daemon two threads more that never had work. Set before anything uses NIO's
        // singletons.
        NIOSingletons.groupLoopCountSuggestion = 1
        NIOSingletons.blockingPoolThreadCountSuggestion = 1
        let command: any ParsableCommand
        do {
            command = try Weatherd.parseAsRoot()
        } catch {
            Weatherd.exit(withError: error)
        }
        guard let asyncCommand = command as? AsyncParsableCommand else {
            do {
                var command = command
                try command.run()
                Weatherd.exit()
            } catch {
                Weatherd.exit(withError: error)
            }
        }
        // `run`'s tasks run on the main queue (its task executor preference), never on Swift's global
        // executor: docs/threads.md.
        let executor: (any TaskExecutor)? = command is Run ? MainQueueTaskExecutor() : nil
        Task(executorPreference: executor) {
            do {
                var asyncCommand = asyncCommand
                try await asyncCommand.run()
                Weatherd.exit()
            } catch {
                Weatherd.exit(withError: error)
            }
        }
        MainQueue.drainForever()
    }
}
