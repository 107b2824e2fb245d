import FakeOpenMeteo
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Shared pieces of the fault suites (`Fault*Tests`): configurations, a running `weatherd run` with its
/// state file, polling with deadlines, /proc readings and shell commands.
enum Fault {
    /// The `MESSAGE_ID`s the fault suites look for (systemd/weatherd.catalog).
    enum MessageID {
        static let weather = "1e8127529db14a988ec40952865c732b"
        static let stopping = "e66c90bbd84c45c1bb73d19355857d68"
        static let backoffBegan = "7b6ab40b877d42fc83c31b871c998e46"
        static let backoffEnded = "741f0afe82fa4d54abd2f2826379035b"
        static let stateWrite = "0ae3383558bf41c691981d4e0ba98393"
        static let noData = "eccd69ded4494c56bf3b0ab4ba0ed847"
        static let quotaFull = "8bacf83b198a4ec39d24529cc64e9eac"
        static let fetchFailed = "3b6d93b2dc85492286bca79bb6d401af"
    }

    /// Open-Meteo's answer when the minutely limit is used up.
    static let minutelyReason = "Minutely API request limit exceeded. Please try again in one minute."

    /// Whether the tests run as root (mount namespaces, tmpfs, remounts).
    static var isRoot: Bool { geteuid() == 0 }

    /// The log target for daemons whose entries a test reads back: the private journal when there is one.
    static var logTarget: String { TestJournal.isAvailable ? "journal" : "stderr" }

    /// A script of this package, e.g. `scripts/fault-disk`.
    static func script(_ name: String) -> String {
        FileManager.default.currentDirectoryPath + "/scripts/" + name
    }

    // MARK: - Configuration

    /// One configured location.
    struct Place {
        var id: String?
        var name: String
        var latitude: Double
        var longitude: Double
    }

    static let onePlace = [Place(id: nil, name: "Alpha", latitude: 10.5, longitude: 10)]
    static let threePlaces = [
        Place(id: nil, name: "Alpha", latitude: 10.5, longitude: 10),
        Place(id: nil, name: "Beta", latitude: 20, longitude: 20.25),
        Place(id: nil, name: "Gamma", latitude: -30, longitude: -40),
    ]

    /// A YAML configuration with `places`, `timeout`, `refresh` (default `every_tick`: the fault tests
    /// count one request per tick) and extra top-level lines; names are double-quoted with escapes, so
    /// any text (newlines, control characters) survives.
    static func config(
        _ places: [Place],
        timeout: String = "2s",
        refresh: String = "every_tick",
        sources: String = "[open-meteo]",
        extra: String = ""
    ) -> String {
        // Open-Meteo alone by default: how the daemon meets its faults, not how it fails over
        // (SourcesEndToEndTests).
        var yaml = "timeout: \(timeout)\nrefresh: \(refresh)\nsources: \(sources)\n"
        if !extra.isEmpty { yaml += extra + "\n" }
        yaml += "locations:\n"
        for place in places {
            yaml += "  - name: \(yamlQuoted(place.name))\n"
            if let id = place.id { yaml += "    id: \(yamlQuoted(id))\n" }
            yaml += "    latitude: \(place.latitude)\n    longitude: \(place.longitude)\n"
        }
        return yaml
    }

    /// `text` as a YAML double-quoted scalar.
    static func yamlQuoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += String(format: "\\x%02x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    // MARK: - A daemon against a look-alike

    /// `weatherd run` with `config` every `interval`, in a temporary directory, against a look-alike answering
    /// with `handler` on a clock `clockOffset` seconds from the host's (``LookAlikeClock``), for `body`.
    /// Afterwards, whether `body` returned or threw, the daemon is killed if it still runs, the directory
    /// removed and the look-alike shut down.
    static func withDaemon<Value>(
        config: String,
        handler: @escaping @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic,
        interval: String = "200ms",
        logTarget: String = Fault.logTarget,
        clockOffset: Double = 0,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (FakeOpenMeteoServer, FaultDaemon) async throws -> Value
    ) async throws -> Value {
        try await withFakeServerAndDirectory(handler: handler) { server, directory in
            server.clockOffset = clockOffset
            let daemon = try FaultDaemon(
                directory: directory,
                config: config,
                apiURL: server.baseURL,
                interval: interval,
                logTarget: logTarget
            )
            defer { daemon.kill() }
            return try await body(server, daemon)
        }
    }

    // MARK: - Responses

    /// The realistic forecast body the look-alike would send for `request`.
    static func goodBody(for request: FakeRequest) -> String {
        if case .body(_, _, let body, _) = FakeOpenMeteoServer.realistic(request) { return body }
        return "{}"
    }

    /// `body` with the value of `field` inside `"current":{…}` replaced by the JSON text `value`.
    static func replacingCurrent(_ field: String, with value: String, in body: String) -> String {
        guard let current = body.range(of: "\"current\":{"),
            let key = body.range(of: "\"\(field)\":", range: current.upperBound..<body.endIndex)
        else { return body }
        let end = body[key.upperBound...].firstIndex { $0 == "," || $0 == "}" } ?? body.endIndex
        return body.replacingCharacters(in: key.upperBound..<end, with: value)
    }

    // MARK: - Waiting and reading

    /// Polls `condition` every `poll` seconds until it holds or `timeout` seconds have passed.
    @discardableResult
    static func eventually(
        timeout: Double,
        poll: Double = 0.05,
        _ condition: () throws -> Bool
    ) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return true }
            if Date() > deadline { return false }
            try? await Task.sleep(for: .seconds(poll))
        }
    }

    /// The JSON object in the file at `path`.
    static func readJSON(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw NotAnObject(path: path)
        }
        return object
    }

    /// `object` as JSON text with sorted keys, to compare parsed JSON values exactly.
    static func canonicalJSON(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    struct NotAnObject: Error {
        let path: String
    }

    /// The resident set size of process `pid` in KiB (`VmRSS` of /proc/PID/status).
    static func residentKiB(pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// The atomic writer's temporary files (`.state.json.tmp-<pid>`) in `directory`.
    static func temporaryFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix(".state.json.tmp-") }.sorted()
    }

    /// Every journal entry of process `pid` (long values included: `--all`), or [] without a test journal.
    static func journal(pid: Int32) throws -> [[String: String]] {
        try TestJournal.entries(["--all", "_PID=\(pid)"])
    }

    /// Waits until the entries of `pid` satisfy `predicate` (journald writes asynchronously).
    static func journal(
        pid: Int32,
        timeout: Double = 5,
        until predicate: ([[String: String]]) -> Bool
    ) async throws -> [[String: String]] {
        try await TestJournal.waitForEntries(["--all", "_PID=\(pid)"], timeout: timeout, until: predicate)
    }

    /// Runs `/bin/bash -c command` to completion (bounded by `timeout`): status and combined output.
    @discardableResult
    static func shell(_ command: String, timeout: Double = 10) async throws -> (status: Int32, output: String) {
        let child = try Subprocess(["-c", command], executable: "/bin/bash")
        guard let status = await child.wait(timeout: timeout) else {
            child.kill()
            throw Subprocess.TimedOut(arguments: [command])
        }
        return (status, child.stdout + child.stderr)
    }

    /// A loopback TCP port on which a socket is bound but not listening, so a connection is refused;
    /// the port stays reserved until `close(fd)`.
    static func refusingPort() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Seconds since the epoch, now.
    static var now: Double { Date().timeIntervalSince1970 }

    /// The seconds since the epoch of an RFC 3339 UTC time with whole seconds and `Z`; nil otherwise.
    static func seconds(rfc3339 text: String) -> Double? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return formatter.date(from: text)?.timeIntervalSince1970
    }

    /// `seconds` since the epoch as RFC 3339 UTC with seconds and `Z` (the state file's format).
    static func rfc3339(_ seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
    }
}

/// Wall-clock arrival times of requests, recorded by a fake server handler.
final class ArrivalTimes: Sendable {
    private let times = Mutex<[Double]>([])

    /// Records now.
    func record() {
        let now = Fault.now
        times.withLock { $0.append(now) }
    }

    /// A handler recording each request's arrival, then answering with `next`.
    func recording(
        _ next: @escaping @Sendable (FakeRequest) -> FakeResponse
    ) -> @Sendable (FakeRequest) -> FakeResponse {
        { request in
            self.record()
            return next(request)
        }
    }

    /// The times so far, in arrival order.
    var all: [Double] { times.withLock { $0 } }

    /// The gaps between consecutive arrivals.
    var gaps: [Double] {
        let all = self.all
        return zip(all.dropFirst(), all).map { $0 - $1 }
    }
}

/// `weatherd run` for a fault test: a configuration in `directory`, its state file, optionally started
/// through a launcher (e.g. `scripts/fault-disk … --`), and the state file read back.
final class FaultDaemon: Sendable {
    let process: Subprocess
    let statePath: String
    /// The durable cache (`directory/cache/cache.json`).
    let cachePath: String
    /// The state directory as this test process sees it (through /proc/PID/root for a private namespace).
    let stateDirectoryView: String

    /// Starts `weatherd run` with `config` in `directory`; the state file is `stateDirectory/state.json`
    /// (default `directory/state`). `launcher` runs before the binary (its arguments end with `--`);
    /// `privateMounts` means the state directory is only reachable inside the launcher's namespace.
    init(
        directory: TemporaryDirectory,
        config: String,
        apiURL: String,
        interval: String = "200ms",
        logTarget: String = Fault.logTarget,
        stateDirectory: String? = nil,
        launcher: [String] = [],
        privateMounts: Bool = false,
        extraArguments: [String] = []
    ) throws {
        let configPath = try directory.write("config-\(UUID().uuidString).yaml", config)
        let stateDirectory = stateDirectory ?? directory.path + "/state"
        statePath = stateDirectory + "/state.json"
        // In a directory of its own, as /var/lib/weatherd is beside /run/weatherd: a fault made to the
        // state file's directory leaves the cache alone.
        cachePath = directory.path + "/cache/cache.json"
        let arguments =
            [
                "run", "--config", configPath, "--state-file", statePath, "--cache-file", cachePath,
                "--interval", interval, "--api-url", apiURL, "--alerts-url", apiURL, "--log-target", logTarget,
            ] + extraArguments
        if let executable = launcher.first {
            process = try Subprocess(
                Array(launcher.dropFirst()) + [Subprocess.weatherdPath] + arguments,
                executable: executable
            )
        } else {
            process = try Subprocess(arguments)
        }
        stateDirectoryView = privateMounts ? "/proc/\(process.pid)/root" + stateDirectory : stateDirectory
    }

    var pid: Int32 { process.pid }
    var isRunning: Bool { process.process.isRunning }
    var stderr: String { process.stderr }
    var stateFileView: String { stateDirectoryView + "/state.json" }

    /// The state file, parsed (throws when it is missing or not valid JSON).
    func state() throws -> [String: Any] {
        try Fault.readJSON(stateFileView)
    }

    /// `daemon.<key>` of the state file as an integer, nil when unreadable.
    func counter(_ key: String) -> Int? {
        ((try? state())?["daemon"] as? [String: Any])?[key] as? Int
    }

    /// The one location of the state file with `id`.
    func location(_ id: String) throws -> [String: Any]? {
        (try state()["locations"] as? [[String: Any]])?.first { $0["id"] as? String == id }
    }

    /// Waits until the state file was written by this process (its pid in it) and has `ticks` ticks.
    @discardableResult
    func waitForTicks(_ ticks: Int, timeout: Double = 10) async -> Bool {
        await Fault.eventually(timeout: timeout) {
            guard let state = try? state(), let daemon = state["daemon"] as? [String: Any] else { return false }
            return daemon["pid"] as? Int == Int(pid) && (daemon["ticks"] as? Int ?? 0) >= ticks
        }
    }

    /// Waits until the state file has `count` ticks more than it has now: visits of the rotation counted, not
    /// a span of time waited.
    @discardableResult
    func waitForMoreTicks(_ count: Int, timeout: Double = 10) async -> Bool {
        await waitForTicks((counter("ticks") ?? 0) + count, timeout: timeout)
    }

    /// SIGTERM and the exit status (nil if it did not exit within `timeout`; it is then killed).
    func terminate(timeout: Double = 3) async -> Int32? {
        process.signal(SIGTERM)
        let status = await process.wait(timeout: timeout)
        if status == nil { process.kill() }
        return status
    }

    /// Kills the process if it still runs (cleanup).
    func kill() { process.kill() }
}
