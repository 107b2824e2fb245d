import ArgumentParser
import StateStore
import WeatherCore
import WeatherDaemon

/// `weatherd status`: reads the state file and reports, with monitoring-plugin exit statuses.
struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read the state file and print the weather and the daemon's health.",
        discussion: """
            Exit status: 0 OK, 1 WARNING (a location stale or failing), 2 CRITICAL (state older than \
            3 × interval + timeout, or every location failing), 3 UNKNOWN (state file missing, unreadable \
            or invalid).
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
        let snapshot: StateSnapshot
        do {
            snapshot = try StateFile(path: path).read()
        } catch {
            switch format {
            case .waybar:
                print(
                    #"{"text":"weatherd: no data","tooltip":"\#(escaped("\(error)"))","class":["unknown"],"alt":"unknown"}"#
                )
            case .prometheus:
                print("# weatherd: \(String(describing: error).split(separator: "\n").first ?? "")")
            case .text, .json:
                print("WEATHERD UNKNOWN - \(error)")
            }
            throw ExitCode(Int32(Health.unknown.rawValue))
        }
        if let location, !snapshot.locations.contains(where: { $0.location.id == location }) {
            print("WEATHERD UNKNOWN - no location \"\(location)\" in \(path)")
            throw ExitCode(Int32(Health.unknown.rawValue))
        }
        let now = World.now()
        let health = Health.assess(snapshot, now: now, locationID: location)
        var shown = snapshot
        if let location { shown.locations = snapshot.locations.filter { $0.location.id == location } }
        switch format {
        case .json: print(StateEncoder.encode(shown), terminator: "")
        case .text: print(StatusText.render(shown, health: health, now: now))
        case .waybar: print(Waybar.render(snapshot, focus: location, now: now))
        case .prometheus: print(PrometheusText.render(shown), terminator: "")
        }
        if health != .ok { throw ExitCode(Int32(health.rawValue)) }
    }
}

/// `text` as the inside of a JSON string literal.
private func escaped(_ text: String) -> String {
    var output = ""
    JSONWriter.appendEscaped(text, to: &output)
    return String(output.dropFirst().dropLast())
}

/// The text form of `status`: a monitoring-plugin summary line, then one line per location.
enum StatusText {
    static func render(_ snapshot: StateSnapshot, health: Health, now: Timestamp) -> String {
        let age = now.seconds(since: snapshot.generatedAt)
        let failing = snapshot.locations.filter { $0.status == .error }.count
        let stale = snapshot.locations.filter { $0.status == .stale }.count
        var summary =
            "WEATHERD \(health.label) - \(snapshot.locations.count) locations, \(failing) failing, \(stale) stale"
        summary += "; state written \(Report.age(age)) ago"
        if health == .critical, age > 3 * snapshot.daemon.intervalSeconds + snapshot.daemon.timeoutSeconds {
            summary += " (daemon not running?)"
        }
        if let until = snapshot.daemon.backoffUntil, until > now {
            summary += "; API paused until \(until.rfc3339)"
        }
        var lines = [summary]
        for entry in snapshot.locations {
            var line = "  " + (entry.location.id == snapshot.currentLocation ? "> " : "  ")
            line += pad("[\(entry.status.rawValue)]", 10) + Report.line(entry)
            if let fetchedAt = entry.fetchedAt { line += " · \(Report.age(now.seconds(since: fetchedAt))) old" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
