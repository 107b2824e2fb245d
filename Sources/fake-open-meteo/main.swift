// fake-open-meteo: runs FakeOpenMeteoServer standalone, for end-to-end tests and the benchmark.
//
//   fake-open-meteo [--host H] [--port N] [--port-file PATH] [--count-file PATH]
//                   [--mode realistic|mixed-faults|always-503|always-429|garbage|block-unequal-lengths|
//                           block-null-time|block-times-not-increasing|block-shifted-day|block-null-values]
//                   [--fault-blocks minutely_15,hourly,daily]
//                   [--data-interval SECONDS] [--minute-limit CALLS] [--request-log PATH]
//                   [--clock-offset SECONDS] [--no-date] [--retry-after VALUE] [--alerts-dir DIR]
//                   [--met-mode 200|203|429|503] [--met-count-file PATH]
//                   [--down-after SECONDS] [--down-for SECONDS] [--down-mode 503|hang|html|429-daily]
//                   [--air-mode 200|503|429|html|truncated|hang]
//
// Realistic data answers `current` and the `minutely_15`, `hourly` and `daily` sections asked for, in
// Open-Meteo's wire shape; every place has rain in 90 minutes of every 3 hours (see
// SyntheticWeather.nowcastMillimetres). The block-* modes are realistic data with bad forecast sections
// (BlockFault): arrays of unequal length, a null time, times not increasing, times one day late, null
// values; --fault-blocks limits the fault to those sections (default: all asked for).
// --data-interval: `current.interval` and how often `current.time` moves on (realistic data; default
// 900, as Open-Meteo). --minute-limit: answer 429 "Minutely API request limit exceeded" past this many
// calls in a UTC minute, weighted as Open-Meteo weighs them (variables of all sections / 10, more for
// forecast_days over 14; QuotaGate.weight). --request-log: one line per request, appended as it
// arrives: "<unix time, 3 decimals> <request target>" (the host's time). --clock-offset: the server's clock
// runs this many seconds ahead of the host's (negative: behind); its `Date` headers and data periods follow
// it. --no-date: no `Date` header. --retry-after: a `Retry-After` header (any text: seconds or an HTTP
// date) on the 429s and 503s of always-429, always-503 and mixed-faults. --alerts-dir: the alert sources'
// answers (AlertRoute), read at each request from DIR/nws.json, metno.json, dwd.json and
// meteoalarm-<country>.json (missing: the source's all-clear; a file starting with "!429", "!503" or
// "!html": that failure), so a script can change the warnings while the daemon runs.
//
// MET Norway's Locationforecast (/weatherapi/locationforecast/2.0/compact, LocationforecastRoute) answers
// whatever --mode says, outside --minute-limit (its requests are not Open-Meteo's calls), on MET's terms:
// 403 without a weatherd/ User-Agent or beyond 4 decimals, Last-Modified on the half hour, Expires half an
// hour later, 304 to an If-Modified-Since equal to it, gzip when asked. --met-mode: 200 (default), 203
// (deprecated product: the forecast, never a 304), 429 (with --retry-after, else 3600 s), 503 (an HTML
// page). --met-count-file: like --count-file, for MET's requests.
// --down-after, --down-for, --down-mode: the Open-Meteo forecast route goes down --down-after seconds
// after the start (default 0) for --down-for seconds (default: for good), answering --down-mode meanwhile
// (503, the default; hang; html, an HTML page with status 200; 429-daily, the daily limit), then normally
// again (ForecastOutage); geocoding and the other routes stay up.
// Open-Meteo's air quality API (/v1/air-quality, AirQualityRoute) answers on the same port: the hour's indices,
// sub-indices, concentrations, UV and pollen (null outside CAMS Europe) in its wire shape, or what --mode says,
// inside --minute-limit. --air-mode makes it alone answer otherwise, whatever --mode: 200, 503 and 429 (with
// --retry-after when given), html (an HTML page with status 200), truncated (half the body), hang.
//
// Prints "fake-open-meteo listening on http://HOST:PORT" once listening; exits 0 on SIGTERM or SIGINT,
// after writing the number of Open-Meteo requests served (forecast, air quality and geocoding, not the alert
// sources' nor MET's) to --count-file if given.

import Dispatch
import FakeOpenMeteo
import Foundation

/// The command line, parsed by hand.
struct Options {
    var host = "127.0.0.1"
    var port = 0
    var portFile: String?
    var countFile: String?
    var mode = "realistic"
    var dataInterval = 900
    var minuteLimit: Double?
    var requestLog: String?
    var clockOffset: Double = 0
    var sendsDate = true
    var retryAfter: String?
    var faultBlocks = Set(FakeForecastBlock.allCases)
    var alertsDir: String?
    var metMode = "200"
    var metCountFile: String?
    var downAfter: Double?
    var downFor: Double?
    var downMode: ForecastOutage.Mode?
    var airMode: String?

    /// The forecast outage the options ask for, from `start` (the server's clock); nil without any.
    func outage(start: Double) -> ForecastOutage? {
        guard downAfter != nil || downFor != nil || downMode != nil else { return nil }
        return ForecastOutage.after(
            downAfter ?? 0,
            for: downFor ?? .infinity,
            mode: downMode ?? .unavailable,
            now: start
        )
    }

    static let usage = """
        usage: fake-open-meteo [--host H] [--port N] [--port-file PATH] [--count-file PATH]
                               [--mode realistic|mixed-faults|always-503|always-429|garbage|block-unequal-lengths|
                                       block-null-time|block-times-not-increasing|block-shifted-day|block-null-values]
                               [--fault-blocks minutely_15,hourly,daily]
                               [--data-interval SECONDS] [--minute-limit CALLS] [--request-log PATH]
                               [--clock-offset SECONDS] [--no-date] [--retry-after VALUE] [--alerts-dir DIR]
                               [--met-mode 200|203|429|503] [--met-count-file PATH]
                               [--down-after SECONDS] [--down-for SECONDS] [--down-mode 503|hang|html|429-daily]
                               [--air-mode 200|503|429|html|truncated|hang]
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" {
                throw UsageError(message: nil)
            }
            if flag == "--no-date" {
                sendsDate = false
                continue
            }
            let flags = [
                "--host", "--port", "--port-file", "--count-file", "--mode", "--data-interval", "--minute-limit",
                "--request-log", "--clock-offset", "--retry-after", "--fault-blocks", "--alerts-dir", "--met-mode",
                "--met-count-file", "--down-after", "--down-for", "--down-mode", "--air-mode",
            ]
            guard flags.contains(flag) else {
                throw UsageError(message: "unknown option: \(flag)")
            }
            guard let value = rest.popFirst() else {
                throw UsageError(message: "missing value for \(flag)")
            }
            switch flag {
            case "--host": host = value
            case "--port":
                guard let number = Int(value), (0...65_535).contains(number) else {
                    throw UsageError(message: "invalid port: \(value)")
                }
                port = number
            case "--port-file": portFile = value
            case "--count-file": countFile = value
            case "--request-log": requestLog = value
            case "--retry-after": retryAfter = value
            case "--alerts-dir": alertsDir = value
            case "--met-count-file": metCountFile = value
            case "--met-mode":
                guard MetNorwayMode(name: value) != nil else {
                    throw UsageError(message: "unknown MET mode: \(value) (200, 203, 429, 503)")
                }
                metMode = value
            case "--air-mode":
                guard AirQualityMode(name: value) != nil else {
                    throw UsageError(message: "unknown air mode: \(value) (200, 503, 429, html, truncated, hang)")
                }
                airMode = value
            case "--down-after", "--down-for":
                guard let seconds = Double(value), seconds.isFinite, seconds >= 0 else {
                    throw UsageError(message: "invalid \(flag.dropFirst(2)): \(value)")
                }
                if flag == "--down-after" { downAfter = seconds } else { downFor = seconds }
            case "--down-mode":
                guard let mode = ForecastOutage.Mode(rawValue: value) else {
                    throw UsageError(message: "unknown down mode: \(value) (503, hang, html, 429-daily)")
                }
                downMode = mode
            case "--fault-blocks":
                let names = value.split(separator: ",").map(String.init)
                let blocks = names.compactMap(FakeForecastBlock.init(rawValue:))
                guard !names.isEmpty, blocks.count == names.count else {
                    throw UsageError(message: "invalid fault blocks: \(value) (minutely_15, hourly, daily)")
                }
                faultBlocks = Set(blocks)
            case "--clock-offset":
                guard let seconds = Double(value), seconds.isFinite else {
                    throw UsageError(message: "invalid clock offset: \(value)")
                }
                clockOffset = seconds
            case "--data-interval":
                guard let seconds = Int(value), seconds > 0 else {
                    throw UsageError(message: "invalid data interval: \(value)")
                }
                dataInterval = seconds
            case "--minute-limit":
                guard let calls = Double(value), calls >= 0 else {
                    throw UsageError(message: "invalid minute limit: \(value)")
                }
                minuteLimit = calls
            case "--mode":
                guard Modes.handler(for: value) != nil else {
                    throw UsageError(message: "unknown mode: \(value)")
                }
                mode = value
            default: throw UsageError(message: "unknown option: \(flag)")
            }
        }
    }
}

/// A bad command line; `message` nil means help was asked for.
struct UsageError: Error {
    let message: String?
}

/// The handlers behind `--mode`.
enum Modes {
    static func handler(
        for mode: String,
        dataInterval: Int = 900,
        retryAfter: String? = nil,
        faultBlocks: Set<FakeForecastBlock> = Set(FakeForecastBlock.allCases),
        alerts: @escaping AlertRoute.Bodies = { _ in nil }
    ) -> (@Sendable (FakeRequest) -> FakeResponse)? {
        let extra = retryAfter.map { [("Retry-After", $0)] } ?? []
        if let fault = BlockFault(rawValue: mode) {
            return FakeOpenMeteoServer.realistic(
                dataInterval: dataInterval,
                blockFault: fault,
                blocks: faultBlocks,
                alerts: alerts
            )
        }
        return switch mode {
        case "realistic": FakeOpenMeteoServer.realistic(dataInterval: dataInterval, alerts: alerts)
        case "mixed-faults": mixedFaults(extra)
        case "always-503": { _ in overloaded(extra) }
        case "always-429": { _ in rateLimited(extra) }
        case "garbage": { _ in garbage(status: 200) }
        default: nil
        }
    }

    static func overloaded(_ headers: [(String, String)] = []) -> FakeResponse {
        FakeResponse.openMeteoError(status: 503, reason: "The service is overloaded", headers: headers)
    }

    static func rateLimited(_ headers: [(String, String)] = []) -> FakeResponse {
        FakeResponse.openMeteoError(
            status: 429,
            reason: "Minutely API request limit exceeded. Please try again in one minute.",
            headers: headers
        )
    }

    /// An HTML page where JSON is expected.
    static func garbage(status: Int) -> FakeResponse {
        .body(
            status: status,
            contentType: "text/html; charset=utf-8",
            body: "<html><body>502 Bad Gateway</body></html>"
        )
    }

    /// Cycles per request through 13 answers, faults among realistic ones; never hangs.
    static func mixedFaults(_ extra: [(String, String)]) -> @Sendable (FakeRequest) -> FakeResponse {
        { request in mixedFault(request, extra) }
    }

    private static func mixedFault(_ request: FakeRequest, _ extra: [(String, String)]) -> FakeResponse {
        switch request.sequence % 13 {
        case 2: return FakeResponse.openMeteoError(status: 500, reason: "Internal Server Error")
        case 4: return overloaded(extra)
        case 5: return garbage(status: 502)
        case 7:
            let body = realisticBody(request)
            return .body(status: 200, body: String(body.prefix(body.count / 2)))
        case 9: return rateLimited(extra)
        case 11:
            let body = realisticBody(request)
            let prefix = body.prefix(body.count * 2 / 3)
            return .body(status: 200, body: prefix + "Unexpected error while streaming data: timeout")
        default: return FakeOpenMeteoServer.realistic(request)
        }
    }

    private static func realisticBody(_ request: FakeRequest) -> String {
        if case .body(_, _, let body, _) = FakeOpenMeteoServer.realistic(request) {
            return body
        }
        return "{}"
    }
}

/// The handler of `options`: the mode (the air quality route's own mode before it), behind the minute limit,
/// MET Norway's route beside them, recorded in the request log.
func handler(_ options: Options) throws -> @Sendable (FakeRequest) -> FakeResponse {
    var handler =
        Modes.handler(
            for: options.mode,
            dataInterval: options.dataInterval,
            retryAfter: options.retryAfter,
            faultBlocks: options.faultBlocks,
            alerts: alertBodies(options.alertsDir)
        ) ?? FakeOpenMeteoServer.realistic
    if let name = options.airMode, let airMode = AirQualityMode(name: name, retryAfter: options.retryAfter) {
        let modes = handler
        handler = { request in AirQualityRoute.respond(to: request, mode: airMode) ?? modes(request) }
    }
    if let limit = options.minuteLimit {
        handler = QuotaGate(minuteLimit: limit, next: handler).handler
    }
    let metMode = MetNorwayMode(name: options.metMode, retryAfter: options.retryAfter) ?? .normal
    let openMeteo = handler
    handler = { request in LocationforecastRoute.respond(to: request, mode: metMode) ?? openMeteo(request) }
    if let path = options.requestLog {
        let log = try RequestLog(path: path)
        let inner = handler
        handler = { request in
            log.append(request)
            return inner(request)
        }
    }
    return handler
}

/// The alert sources' answers of `--alerts-dir`, read at each request; none without it.
func alertBodies(_ directory: String?) -> AlertRoute.Bodies {
    guard let directory else { return { _ in nil } }
    return { key in try? String(contentsOfFile: directory + "/" + key + ".json", encoding: .utf8) }
}

/// Appends one line per request to a file: "<unix time> <request target>".
final class RequestLog: Sendable {
    private let fd: Int32

    init(path: String) throws {
        fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission) }
    }

    func append(_ request: FakeRequest) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let milliseconds = Int(spec.tv_sec) * 1000 + Int(spec.tv_nsec) / 1_000_000
        let seconds = "\(milliseconds / 1000).\(String(1000 + milliseconds % 1000).dropFirst())"
        var line = "\(seconds) \(request.uri)\n"
        line.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
    }
}

/// Writes `text` to `path` atomically (temporary file, then rename).
func writeAtomically(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
}

/// Ignores SIGTERM and SIGINT (so that they cannot kill the process) and yields them on `stream` instead;
/// keep `sources` alive for as long as the stream is used.
func terminationSignals() -> (stream: AsyncStream<Int32>, sources: [any DispatchSourceSignal]) {
    let (stream, continuation) = AsyncStream<Int32>.makeStream()
    let queue = DispatchQueue(label: "fake-open-meteo.signals")
    let sources = [SIGTERM, SIGINT].map { signalNumber in
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        source.setEventHandler { continuation.yield(signalNumber) }
        source.resume()
        return source
    }
    return (stream, sources)
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(code)
}

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message {
        fail("fake-open-meteo: \(message)\n\(Options.usage)", code: 2)
    }
    print(Options.usage)
    exit(0)
}

let (signals, signalSources) = terminationSignals()
let server: FakeOpenMeteoServer
do {
    server = try await FakeOpenMeteoServer.start(
        host: options.host,
        port: options.port,
        handler: handler(options)
    )
    server.clockOffset = options.clockOffset
    server.sendsDate = options.sendsDate
    server.forecastOutage = options.outage(start: HTTPDateText.hostNow() + options.clockOffset)
    if let portFile = options.portFile {
        try writeAtomically("\(server.port)\n", to: portFile)
    }
} catch {
    fail("fake-open-meteo: cannot start: \(error)", code: 1)
}

print("fake-open-meteo listening on \(server.baseURL)")
fflush(nil)  // all streams: `stdout` itself is a global var that Swift 6 will not touch

for await _ in signals {
    break
}
withExtendedLifetime(signalSources) {}
// The Open-Meteo requests (forecast, air quality and geocoding); MET's apart.
let counts = [
    (options.countFile, server.requests.filter { $0.path.hasPrefix("/v1/") }.count),
    (options.metCountFile, server.requests.filter { $0.path == LocationforecastRoute.path }.count),
]
for case (let file?, let count) in counts {
    do {
        try writeAtomically("\(count)\n", to: file)
    } catch {
        FileHandle.standardError.write(Data("fake-open-meteo: cannot write \(file): \(error)\n".utf8))
    }
}
try? await server.shutdown()
exit(0)
