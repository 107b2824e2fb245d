import ArgumentParser
import StateStore
import WeatherConfiguration
import WeatherCore
import WeatherDaemon
import WeatherDisplay

#if canImport(Glibc)
import Glibc
#endif

/// `weatherd status`: reads the state file and reports, with monitoring-plugin exit statuses.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the state file and print the weather and the daemon's health.",
        discussion: """
            Exit status: 0 OK, 1 WARNING (a location stale, failing, or still pending after two rotations), \
            2 CRITICAL (state older than 3 × interval + timeout: the daemon is not running; or no location \
            has fresh data), 3 UNKNOWN (state file missing, unreadable or invalid). Each location is judged \
            by its data's age at the time of reading. --format waybar exits 0 whenever it printed a line; \
            the health is in its class, its text from --text, else display.text of the configuration when \
            it can be read, else the daemon's display settings in the state file. --follow prints again each time the state file is replaced and \
            each time the health changes with time alone, until SIGTERM, SIGINT or a closed standard output \
            (exit 0).
            """
    )

    /// Output formats.
    typealias Format = StatusFormat

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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The text of --format waybar: literal text with {placeholder} or {placeholder:.N} (see display.text).",
            valueName: "template"
        )
    )
    var text: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Pin the tooltip of --format waybar to this location id.", valueName: "id")
    )
    var tooltipLocation: String?

    func validate() throws {
        if let text {
            do {
                _ = try Template(parsing: text)
            } catch {
                throw ValidationError("--text: \(error)")
            }
        }
    }

    func run() throws {
        let files = Self.files(common)
        let display = DisplaySource(text: text.flatMap { try? Template(parsing: $0) }, configuration: files.display)
        if follow {
            var follower = StatusFollower(path: files.path, caches: files.caches, format: format, location: location)
            follower.display = display
            follower.tooltipLocation = tooltipLocation
            throw ExitCode(follower.run())
        }
        let forecasts = StatusReport.forecasts(format: format, location: location, tooltipLocation: tooltipLocation)
        let report = StatusReport.make(
            StatusReport.read(files.path, forecasts: forecasts),
            path: files.path,
            format: format,
            location: location,
            now: World.now(),
            display: display,
            tooltipLocation: tooltipLocation,
            existingCache: { StatusReport.existingCache(files.caches) }
        )
        print(report.text)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    /// The state file a reader reads (docs/state-file.md "Readers"), a link at it followed; the caches whose
    /// presence, when the state file is missing, means the daemon has not run since boot; and the
    /// configuration, with its display settings, when a configuration file could be read (docs/forecast.md).
    static func files(
        _ common: CommonOptions
    ) -> (path: String, caches: [String], display: DisplaySettings?, configuration: Configuration?) {
        // A broken config still lets status work on the default paths.
        let loader = common.loader()
        let loaded = try? loader.load()
        let config = loaded ?? Configuration()
        // A reader speaks the configuration's language too (or --language's); never a word about it.
        common.language.use(configured: config.language)
        let files = World.files
        let path: String
        if let stateFile = config.stateFile {
            path = stateFile
        } else {
            let found = files.readerStateFiles.first { access($0, F_OK) == 0 }
            path = found ?? files.readerFallbackStateFile { access($0, F_OK) == 0 }
        }
        let caches: [String]
        if let cacheFile = config.cacheFile {
            caches = [cacheFile]
        } else {
            // Given a path, a missing file says nothing about the daemons of the default paths.
            caches = common.stateFile == nil ? files.readerCacheFiles : []
        }
        let read = loader.effectivePath == nil ? nil : loaded
        return (StateFile(path: path).resolvingLink, caches, read?.display, read)
    }
}
