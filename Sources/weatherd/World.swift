import AlertSources
import AsyncHTTPClient
import Logging
import MetNorway
import NIOCore
import OpenMeteo
import Systemd
import WeatherConfiguration
import WeatherCore
import WeatherDaemon
import WeatherDisplay
import WeatherHTTP

#if canImport(Glibc)
import Glibc
#endif

extension ServiceNotifier: ServiceNotifying {}

/// The composition root: creates the logger, the HTTP client and the real implementations.
enum World {
    /// The `User-Agent` header.
    static let userAgent = "weatherd/\(WeatherdVersion.current)"

    /// The process environment as a dictionary.
    static var environment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    /// The logger for `target` at `level`. `auto` logs to the journal when its socket exists (and also to
    /// stderr when that is a terminal, so a foreground run shows what it does), else to stderr. On a
    /// terminal, stderr gets one readable line per entry (``TerminalLogHandler``: local time, message,
    /// source; fields only at `debug`); elsewhere the plain `LEVEL: message key=value …` lines.
    static func makeLogger(target: LogTarget, level: Logger.Level) -> Logger {
        let plain = StderrLogHandler()
        let terminal: (any LogHandler)? = isatty(2) == 1 ? TerminalLogHandler() : nil
        var handler: any LogHandler
        switch target {
        case .stderr:
            handler = terminal ?? plain
        case .journal:
            handler = JournalLogHandler(identifier: "weatherd", fallback: terminal ?? plain)
        case .auto:
            if JournalLogHandler.isAvailable, let terminal {
                // What the journal refuses is on the terminal anyway: no fallback, no line twice.
                handler = MultiplexLogHandler([JournalLogHandler(identifier: "weatherd"), terminal])
            } else if JournalLogHandler.isAvailable {
                handler = JournalLogHandler(identifier: "weatherd", fallback: plain)
            } else {
                handler = terminal ?? plain
            }
        }
        handler.logLevel = level
        let chosen = handler
        return Logger(label: "weatherd") { _ in chosen }
    }

    /// The HTTP client: TLS verified, connect and read timeouts at the fetch deadline.
    static func makeHTTPClient(timeout: Duration) -> HTTPClient {
        makeClient(timeout: .milliseconds(max(timeout.milliseconds, 1)), decompression: .disabled)
    }

    /// The HTTP client of the alert sources: like ``makeHTTPClient(timeout:)``, but gzip is decompressed
    /// (MeteoAlarm's country feeds are megabytes, sent compressed when asked).
    static func makeAlertHTTPClient() -> HTTPClient {
        makeClient(timeout: .seconds(20), decompression: .enabled(limit: .size(AlertClient.bodyLimit)))
    }

    /// A client on NIO's singleton event loop: TLS verified, at most 3 redirects without cycles, HTTP/2 when
    /// the server offers it, connect and read timeouts of `timeout`.
    ///
    /// No tracer: weatherd bootstraps no tracing system, and the client's default, the global no-op tracer,
    /// still opened a span for every request and parsed its URL a second time for the span's attributes:
    /// about 22,000 instructions a fetch, of some 960,000 without it (callgrind, 200 fetches at 10 ms).
    private static func makeClient(
        timeout: TimeAmount,
        decompression: HTTPClient.Decompression
    ) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            certificateVerification: .fullVerification,
            redirectConfiguration: .follow(max: 3, allowCycles: false),
            timeout: .init(connect: timeout, read: timeout),
            decompression: decompression
        )
        configuration.httpVersion = .automatic
        configuration.tracing.tracer = nil
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// The clients of `config`: Open-Meteo's forecast, geocoding and air quality (none without a location that
    /// wants it) and MET Norway (which inflates its gzip answer itself, as far as it reads it) on `httpClient`,
    /// the alert sources on `alertHTTPClient` (which decompresses gzip, as they send it). Each logs at `warning` at the least and waits the fetch timeout, an alert poll
    /// that or 20 s, whichever is longer (a country feed is large). Each sends `User-Agent: weatherd/VERSION`;
    /// MET Norway's adds ` CONTACT` when one is set, as MET's terms ask, the alert sources' ` (CONTACT)`
    /// (``alertUserAgent(contact:)``). Place names and alert texts are in the language in use
    /// (``useLanguage(_:)`` has run) where the source offers it.
    static func makeClients(
        _ config: Configuration,
        httpClient: HTTPClient,
        alertHTTPClient: HTTPClient,
        logger: Logger
    ) -> LoopRunner.Clients {
        var clientLogger = logger
        clientLogger.logLevel = max(logger.logLevel, .warning)
        let contact = config.effectiveContact
        func getter(_ httpClient: HTTPClient, userAgent: String = World.userAgent) -> HTTPGetter {
            HTTPGetter(httpClient: httpClient, timeout: config.timeout, userAgent: userAgent, logger: clientLogger)
        }
        return LoopRunner.Clients(
            weather: [
                .openMeteo: OpenMeteoClient(
                    http: getter(httpClient),
                    endpoint: ForecastEndpoint(baseURL: config.api.baseURL, apiKey: config.api.apiKey)
                ),
                .metNorway: MetNorwayClient(
                    http: getter(httpClient, userAgent: userAgent + (contact.isEmpty ? "" : " \(contact)")),
                    endpoint: MetNorwayEndpoint(baseURL: config.metNorway.baseURL)
                ),
            ],
            geocoder: GeocodingClient(
                httpClient: httpClient,
                baseURL: config.api.geocodingURL,
                apiKey: config.api.apiKey,
                timeout: config.timeout,
                userAgent: userAgent,
                language: Catalogue.language,
                logger: clientLogger
            ),
            alerts: AlertClient(
                httpClient: alertHTTPClient,
                urls: config.alerts.endpoints,
                timeout: max(config.timeout, .seconds(20)),
                userAgent: alertUserAgent(contact: contact),
                language: Catalogue.language,
                logger: clientLogger
            ),
            airQuality: config.airQualityLocations.isEmpty
                ? nil
                : AirQualityClient(
                    http: getter(httpClient),
                    endpoint: AirQualityEndpoint(baseURL: config.airQuality.baseURL, apiKey: config.api.apiKey)
                )
        )
    }

    /// `weatherd/VERSION`, plus ` (CONTACT)` when there is one.
    static func alertUserAgent(contact: String) -> String {
        "weatherd/\(WeatherdVersion.current)" + (contact.isEmpty ? "" : " (\(contact))")
    }

    /// Uses the language `setting` names (`auto`: the locale's), from the catalogues beside the binary
    /// (docs/language.md); returns the notice to give when it has none for it.
    static func useLanguage(_ setting: String) -> String? {
        let (language, unknown) = Language.resolve(setting, environment: environment)
        if let unknown {
            return "no catalogue for the language \"\(unknown)\": the words for people are English"
        }
        guard Catalogue.use(language, directories: localeDirectories) else {
            return
                "the catalogue of \(language.rawValue) is not installed (\(localeDirectories.joined(separator: ", "))): "
                + "the words for people are English"
        }
        return nil
    }

    /// Where the catalogues are looked for: `$WEATHERD_LOCALEDIR`, then `share/locale` beside the binary's
    /// directory (what `make install` and the package install), then `locale` there (what the build makes
    /// for `make run` and the tests).
    static var localeDirectories: [String] {
        var directories: [String] = []
        if let directory = environment["WEATHERD_LOCALEDIR"], !directory.isEmpty { directories.append(directory) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 {
            let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
            if parent.isEmpty { parent = "/" }
            directories += ["\(parent)/share/locale", "\(parent)/locale"]
        }
        return directories
    }

    /// Where this process's files are by default.
    static var files: FileLocations {
        FileLocations(environment: environment, isRoot: geteuid() == 0)
    }

    /// The state file path of `config` for this process.
    static func stateFilePath(_ config: Configuration) -> String {
        files.stateFile(config)
    }

    /// The durable cache's path of `config` for this process.
    static func cacheFilePath(_ config: Configuration) -> String {
        files.cacheFile(config)
    }

    /// The current wall-clock time.
    static func now() -> Timestamp {
        Timestamp(secondsSinceEpoch: seconds(CLOCK_REALTIME))
    }

    /// Both clocks: the wall clock and the uptime clock (`CLOCK_BOOTTIME`: counts suspend, never steps).
    @Sendable static func moment() -> Moment {
        Moment(wall: now(), uptime: seconds(CLOCK_BOOTTIME))
    }

    private static func seconds(_ clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
