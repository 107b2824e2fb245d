import FakeOpenMeteo
import Foundation
import Testing
import WeatherTestSupport

/// The words for people in German, against the built binary and the loopback look-alike (a test process never
/// switches its own language: the catalogue is process-wide and the tests run in parallel). Whatever the
/// language, the machine outputs stay as they are: JSON, Prometheus, perfdata, Waybar's class, the state
/// file's keys and enumerations. Needs the compiled catalogues (scripts/compile-catalogues).
@Suite("Language, end to end")
struct LanguageEndToEndTests {
    static let places = """
        air_quality:
          enabled: true
        locations:
          - name: Berlin
            latitude: 52.52
            longitude: 13.41
          - name: Tromsø
            latitude: 69.65
            longitude: 18.96
        """

    static let weekday = "(Mo|Di|Mi|Do|Fr|Sa|So)"
    static let month = #"(Jan\.|Feb\.|März|Apr\.|Mai|Juni|Juli|Aug\.|Sept\.|Okt\.|Nov\.|Dez\.)"#

    /// `weatherd` with `arguments`, with a word on the catalogue when the binary does not find it.
    static func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try await Subprocess.run(arguments)
        #expect(
            !result.stderr.contains("is not installed"),
            "the German catalogue is missing beside the build: run scripts/compile-catalogues (\(result.stderr))"
        )
        return result
    }

    /// `weatherd codes --language language`: each code's condition, category and description.
    struct CodeTable {
        var descriptions: [Int: String] = [:]
        var conditions: [Int: String] = [:]
        var categories: [Int: String] = [:]
    }

    /// The WMO code table as `weatherd codes --language language` prints it.
    static func codes(language: String) async throws -> CodeTable {
        let table = try await run(["codes", "--language", language])
        #expect(table.status == 0)
        var codes = CodeTable()
        for line in table.stdout.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count == 4, let code = Int(fields[0]) else { continue }
            codes.conditions[code] = String(fields[1])
            codes.categories[code] = String(fields[2])
            codes.descriptions[code] = String(fields[3]).trimmingCharacters(in: .whitespaces)
        }
        return codes
    }

    @Test func theCodesTableInGermanAndItsJSONInEnglish() async throws {
        let german = try await Self.run(["codes", "--language", "de"])
        #expect(german.stdout.hasPrefix("CODE  ZUSTAND            KATEGORIE      BESCHREIBUNG\n"), "\(german.stdout)")
        let codes = try await Self.codes(language: "de")
        let english = try await Self.codes(language: "en")
        #expect(codes.descriptions[51] == "Leichter Sprühregen")
        #expect(codes.descriptions[77] == "Schneegriesel")
        #expect(codes.descriptions[95] == "Gewitter")
        #expect(codes.descriptions.count == 32 && english.descriptions[95] == "Thunderstorm")
        #expect(codes.conditions == english.conditions && codes.categories == english.categories)
        let json = try await Self.run(["codes", "--format", "json", "--language", "de"])
        let englishJSON = try await Self.run(["codes", "--format", "json", "--language", "en"])
        #expect(json.stdout == englishJSON.stdout)
        #expect(json.stdout.contains("\"Slight rain\""))
    }

    @Test func onceStatusTheBarAndTheForecastInGerman() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let config = try directory.write("config.yaml", Self.places)
            let sources = ["--config", config, "--api-url", server.baseURL]
            let json = try await Self.run(["once"] + sources + ["--format", "json", "--language", "de"])
            #expect(json.status == 0, "\(json.stderr)")
            let statePath = try directory.write("state.json", json.stdout)
            let state = try #require(try jsonObject(json.stdout) as? [String: Any])
            let berlin = try #require((state["locations"] as? [[String: Any]])?.first)
            let weather = try #require(berlin["weather"] as? [String: Any])
            let code = try #require(weather["wmo_code"] as? Int)
            let german = try await Self.codes(language: "de")
            let english = try await Self.codes(language: "en")
            let description = try #require(german.descriptions[code])
            // --format json is a machine output: English, whatever the language.
            #expect(weather["description"] as? String == english.descriptions[code])
            #expect(weather["condition"] as? String == english.conditions[code])

            // once: the weather, the day and the air in German, numbers with a decimal comma.
            let once = try await Self.run(["once"] + sources + ["--language", "de"])
            #expect(once.status == 0, "\(once.stderr)")
            let lines = once.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 6, "\(once.stdout)")
            #expect(lines[0].hasPrefix("Berlin: ") && lines[0].contains(", \(description) ("), "\(lines[0])")
            #expect(lines[0].contains("gefühlt ") && lines[0].contains("Luftfeuchte ") && lines[0].contains("Wind "))
            #expect(lines[0].contains(/-?\d+,\d °C/), "\(lines[0])")
            #expect(lines[1].hasPrefix("  heute: ") && lines[1].contains("max. "), "\(lines[1])")
            #expect(lines[1].contains("Sonnenaufgang ") || lines[1].contains("Polarnacht"), "\(lines[1])")
            #expect(lines[2].hasPrefix("  Luft: EU-LQI "), "\(lines[2])")
            #expect(!once.stdout.contains(/\d\.\d/), "a decimal point in \(once.stdout)")

            // status: the words after the plugin's keyword; the perfdata as in English.
            let status = try await Self.run(["status", "--state-file", statePath, "--language", "de"])
            let statusEnglish = try await Self.run(["status", "--state-file", statePath, "--language", "en"])
            #expect(status.status == 0 && statusEnglish.status == 0, "\(status.stdout)")
            let first = try #require(status.stdout.split(separator: "\n").first.map(String.init))
            #expect(first.hasPrefix("WEATHERD OK - 2 Orte, 0 fehlerhaft, 0 veraltet, Zustandsdatei "), "\(first)")
            let perfdata = try #require(first.split(separator: " | ").last.map(String.init))
            let perfdataEnglish = try #require(
                statusEnglish.stdout.split(separator: "\n").first?.split(separator: " | ").last.map(String.init)
            )
            /// The performance data's labels and values, but for the ages (seconds apart between the runs).
            func values(_ text: String) -> [String] {
                text.split(separator: " ").map(String.init).filter {
                    !$0.hasPrefix("age=") && !$0.contains("_data_age=")
                }
            }
            #expect(values(perfdata) == values(perfdataEnglish))
            #expect(perfdata.contains(/berlin_temperature=-?\d+\.\d/), "\(perfdata)")
            #expect(status.stdout.contains("[ok]      Berlin: ") && status.stdout.contains("heute: "))
            #expect(!status.stdout.replacingOccurrences(of: perfdata, with: "").contains(/\d\.\d/))

            // JSON and Prometheus: the same bytes in every language.
            for format in ["json", "prometheus"] {
                let inGerman = try await Self.run([
                    "status", "--state-file", statePath, "--format", format, "--language", "de",
                ])
                let inEnglish = try await Self.run(["status", "--state-file", statePath, "--format", format])
                #expect(inGerman.stdout == inEnglish.stdout, "\(format)")
            }

            // The bar: its words and numbers in German, its class and alt as in English.
            let bar = ["status", "--state-file", statePath, "--format", "waybar", "--location", "berlin"]
            let template = ["--text", "{description} {temperature:.1}{unit} · {pollen}"]
            let waybar = try await Self.run(bar + template + ["--language", "de"])
            let waybarEnglish = try await Self.run(bar + template + ["--language", "en"])
            let module = try #require(try jsonObject(waybar.stdout) as? [String: Any])
            let moduleEnglish = try #require(try jsonObject(waybarEnglish.stdout) as? [String: Any])
            let text = try #require(module["text"] as? String)
            #expect(text.hasPrefix(description + " ") && text.contains(#/-?\d+,\d°C · /#), "\(text)")
            #expect(
                text.contains(/· (Erle|Birke|Gräser|Beifuß|Olive|Ambrosia) (gering|mittel|hoch|sehr hoch)$/),
                "\(text)"
            )
            #expect(module["class"] as? [String] == moduleEnglish["class"] as? [String])
            #expect(module["alt"] as? String == moduleEnglish["alt"] as? String)
            let tooltip = try #require(module["tooltip"] as? String)
            #expect(tooltip.contains("\n  heute: ") && tooltip.contains("\n  Luft: EU-LQI "), "\(tooltip)")
            #expect(tooltip.contains(try Regex("<tt>\(Self.weekday)  ")), "\(tooltip)")

            // forecast: the table's headings, weekdays and months in German.
            let forecast = try await Self.run([
                "forecast", "--state-file", statePath, "--location", "berlin", "--language", "de",
            ])
            #expect(forecast.status == 0, "\(forecast.stderr)")
            #expect(
                forecast.stdout.contains(/\nTag +Max +Min +Regen +Menge +UV +Aufgang +Untergang\n/),
                "\(forecast.stdout)"
            )
            let row = try Regex("\n\(Self.weekday) \\d{1,2}\\. \(Self.month) ")
            #expect(forecast.stdout.contains(row), "\(forecast.stdout)")
            #expect(forecast.stdout.contains("Regen ┤"))
            #expect(forecast.stdout.contains(/\d+,\d mm/))
            let forecastEnglish = try await Self.run(["forecast", "--state-file", statePath, "--location", "berlin"])
            #expect(forecastEnglish.stdout.contains(/\nDay +High +Low +Rain +Sum +UV +Sunrise +Sunset\n/))

            // air: the plugin's keyword and perfdata as in English, the rest in German.
            let air = try await Self.run(["air", "--state-file", statePath, "--language", "de"])
            let airEnglish = try await Self.run(["air", "--state-file", statePath, "--language", "en"])
            #expect(air.status == airEnglish.status)
            let airFirst = try #require(air.stdout.split(separator: "\n").first.map(String.init))
            #expect(airFirst.hasPrefix("AIR ") && airFirst.contains(": EU-LQI "), "\(airFirst)")
            #expect(
                airFirst.split(separator: " | ").last
                    == airEnglish.stdout.split(separator: "\n").first?.split(separator: " | ").last
            )
            #expect(air.stdout.contains("Pollen, Körner/m³: Erle "), "\(air.stdout)")
        }
    }

    @Test func theDaemonWritesItsStateFileInGerman() async throws {
        let places = [
            Fault.Place(id: nil, name: "Berlin", latitude: 52.52, longitude: 13.41),
            Fault.Place(id: nil, name: "Tromsø", latitude: 69.65, longitude: 18.96),
        ]
        let german = try await Self.codes(language: "de")
        let english = try await Self.codes(language: "en")
        try await Fault.withDaemon(config: Fault.config(places, extra: "language: de")) { _, daemon in
            let ready = await Fault.eventually(timeout: 10) {
                let locations = (try? daemon.state())?["locations"] as? [[String: Any]] ?? []
                return locations.count == 2
                    && locations.allSatisfy { $0["weather"] is [String: Any] && $0["nowcast"] is [String: Any] }
            }
            #expect(ready, "stderr: \(daemon.stderr)")
            let text = try String(contentsOfFile: daemon.stateFileView, encoding: .utf8)
            let machine = try await Self.run(["status", "--state-file", daemon.statePath, "--format", "json"])
            #expect(await daemon.terminate() == 0, "stderr: \(daemon.stderr)")

            let state = try #require(try jsonObject(text) as? [String: Any])
            for location in try #require(state["locations"] as? [[String: Any]]) {
                let weather = try #require(location["weather"] as? [String: Any])
                let code = try #require(weather["wmo_code"] as? Int)
                // The human text in German; the enumerations as in every language.
                #expect(weather["description"] as? String == german.descriptions[code])
                #expect(weather["condition"] as? String == english.conditions[code])
                #expect(weather["category"] as? String == english.categories[code])
                #expect(location["status"] as? String == "ok")
                let hours = try #require((location["forecast"] as? [String: Any])?["hourly"] as? [[String: Any]])
                for hour in hours {
                    guard let hourCode = hour["wmo_code"] as? Int else { continue }
                    #expect(hour["description"] as? String == german.descriptions[hourCode])
                }
                let summary = try #require((location["nowcast"] as? [String: Any])?["summary"] as? String)
                #expect(summary.contains(/^(Regen|Schnee) (in|noch) |lang (trocken|Regen|Schnee)$/), "\(summary)")
            }
            // status --format json writes the file's values again, in English: a machine output.
            let rewritten = try #require(try jsonObject(machine.stdout) as? [String: Any])
            for location in try #require(rewritten["locations"] as? [[String: Any]]) {
                let weather = try #require(location["weather"] as? [String: Any])
                #expect(weather["description"] as? String == english.descriptions[weather["wmo_code"] as? Int ?? -1])
            }
        }
    }

    @Test func anUnknownLanguageGivesOneNoticeAndEnglish() async throws {
        let place = Fault.Place(id: nil, name: "Berlin", latitude: 52.52, longitude: 13.41)
        let english = try await Self.codes(language: "en")
        let notice = #"no catalogue for the language "xx": the words for people are English"#
        let config = Fault.config([place], extra: "language: xx")
        try await Fault.withDaemon(config: config, logTarget: "stderr") { _, daemon in
            let fetched = await Fault.eventually(timeout: 10) {
                (try? daemon.location("berlin"))?["weather"] is [String: Any]
            }
            #expect(fetched, "stderr: \(daemon.stderr)")
            _ = await daemon.waitForTicks((daemon.counter("ticks") ?? 0) + 3)
            let weather = try #require(try daemon.location("berlin")?["weather"] as? [String: Any])
            #expect(await daemon.terminate() == 0, "stderr: \(daemon.stderr)")
            #expect(weather["description"] as? String == english.descriptions[weather["wmo_code"] as? Int ?? -1])
            #expect(daemon.stderr.components(separatedBy: notice).count == 2, "one notice: \(daemon.stderr)")
        }
        // The one-shot commands say it on standard error, once, and speak English.
        let codes = try await Subprocess.run(["codes", "--language", "xx"])
        #expect(codes.status == 0)
        #expect(codes.stdout.contains("Slight rain"), "\(codes.stdout)")
    }

    /// One daemon in `language` against `server`, its NOTIFY_SOCKET read, for about a second and a half: its
    /// STATUS= lines and its journal entries of the weather shown.
    static func journalAndStatus(
        _ language: String,
        server: FakeOpenMeteoServer,
        directory: TemporaryDirectory
    ) async throws -> (statuses: [String], entries: [[String: String]]) {
        let places = "language: \(language)\n" + Self.places
        let config = try directory.write("config-\(language).yaml", places)
        let socket = try NotifySocket(path: directory.path + "/notify-\(language).sock")
        let daemon = try Subprocess(
            [
                "run", "--config", config, "--state-file", directory.path + "/state-\(language).json",
                "--cache-file", directory.path + "/cache-\(language).json", "--interval", "200ms",
                "--api-url", server.baseURL, "--alerts-url", server.baseURL, "--log-target", "journal",
            ],
            environment: ["NOTIFY_SOCKET": socket.notifyAddress]
        )
        defer { daemon.kill() }
        // A second and a half, and until both locations have their air (its fields are in the entries).
        var statuses: [String] = []
        let start = Date()
        func withAir() -> Bool {
            let text = try? String(contentsOfFile: directory.path + "/state-\(language).json", encoding: .utf8)
            let state = text.flatMap { try? jsonObject($0) as? [String: Any] }
            let locations = state?["locations"] as? [[String: Any]] ?? []
            return locations.count == 2 && locations.allSatisfy { $0["air"] is [String: Any] }
        }
        while Date().timeIntervalSince(start) < 10, let message = socket.receive() {
            statuses += message.split(separator: "\n").filter { $0.hasPrefix("STATUS=") }.map(String.init)
            if Date().timeIntervalSince(start) > 1.5 && withAir() { break }
        }
        daemon.signal(SIGTERM)
        #expect(await daemon.wait(timeout: 5) == 0, "\(daemon.stderr)")
        let entries = try await TestJournal.waitForEntries(["_PID=\(daemon.pid)"]) { entries in
            entries.contains { $0["MESSAGE_ID"] == "e66c90bbd84c45c1bb73d19355857d68" }
        }
        return (statuses, entries.filter { $0["MESSAGE_ID"] == "1e8127529db14a988ec40952865c732b" })
    }

    @Test("the journal's MESSAGE and STATUS= in German; every other field as in English", .needsTestJournal)
    func theJournalAndTheStatusLineInGerman() async throws {
        try await withFakeServerAndDirectory { server, directory in
            let german = try await Self.journalAndStatus("de", server: server, directory: directory)
            let english = try await Self.journalAndStatus("en", server: server, directory: directory)
            // STATUS=: the location's line and the daemon's counts in words of the language.
            #expect(german.statuses.contains { $0.hasSuffix("· 2 Orte · 0 fehlerhaft") }, "\(german.statuses)")
            #expect(english.statuses.contains { $0.hasSuffix("· 2 locations · 0 failing") }, "\(english.statuses)")
            #expect(
                german.statuses.contains { $0.contains(#/^STATUS=Berlin -?\d+,\d °C \p{L}/#) },
                "\(german.statuses)"
            )
            // The weather's entries: MESSAGE in German, the fields those of English, the same names.
            try #require(!german.entries.isEmpty && !english.entries.isEmpty)
            let locations = Set(german.entries.compactMap { $0["WEATHER_LOCATION"] })
            #expect(locations.count == 2, "\(locations)")
            for location in locations {
                // An entry of each language with the same fields (both fetched, or both from the cache).
                let twins = german.entries.filter { $0["WEATHER_LOCATION"] == location }.compactMap { entry in
                    english.entries.first { $0["WEATHER_LOCATION"] == location && Set($0.keys) == Set(entry.keys) }
                        .map { (entry, $0) }
                }
                #expect(!twins.isEmpty, "no entries of \(location) with the same fields in both languages")
                for (entry, other) in twins {
                    for field in ["WEATHER_CODE", "WEATHER_CONDITION", "WEATHER_CATEGORY", "WEATHER_DESCRIPTION"] {
                        #expect(entry[field] == other[field], "\(location) \(field)")
                    }
                    #expect(entry["WEATHER_AQI_LEVEL"] == other["WEATHER_AQI_LEVEL"], "\(location)")
                }
            }
            for entry in german.entries {
                let other = english.entries.first { $0["WEATHER_LOCATION"] == entry["WEATHER_LOCATION"] } ?? [:]
                let message = entry["MESSAGE"] ?? ""
                #expect(message != other["MESSAGE"], "\(message)")
                #expect(!message.contains(other["WEATHER_DESCRIPTION"] ?? "?"), "English in \(message)")
                #expect(message.contains(#/\d,\d °C/#) && !message.contains(/\d\.\d/), "\(message)")
            }
        }
    }
}
