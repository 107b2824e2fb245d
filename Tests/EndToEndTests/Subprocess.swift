import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child process for end-to-end tests: the built `weatherd` binary, run with arguments and an
/// environment, its output captured in files (pipes could fill up and block it).
final class Subprocess: Sendable {
    let process = Process()
    let stdoutURL: URL
    let stderrURL: URL
    private let directory: URL

    /// The built binary: `$WEATHERD_BINARY` (scripts/test sets it) or `.build/debug/weatherd`.
    static var weatherdPath: String {
        if let path = ProcessInfo.processInfo.environment["WEATHERD_BINARY"] { return path }
        return FileManager.default.currentDirectoryPath + "/.build/debug/weatherd"
    }

    init(
        _ arguments: [String],
        environment: [String: String] = [:],
        executable: String = Subprocess.weatherdPath,
        stdin: String? = nil
    ) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "weatherd-proc-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        stdoutURL = directory.appendingPathComponent("stdout")
        stderrURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Self.withLookAlikeSources(arguments)
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "NOTIFY_SOCKET")
        env.removeValue(forKey: "WATCHDOG_USEC")
        // The default files of a child given no paths are its own (never the machine's /var/lib/weatherd
        // or /run/weatherd, which a test run as root would otherwise write).
        env["STATE_DIRECTORY"] = directory.path + "/state"
        env["RUNTIME_DIRECTORY"] = directory.path + "/runtime"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        if let stdin { process.standardInput = FileHandle(forReadingAtPath: stdin) }
        try process.run()
    }

    /// `arguments`, with MET Norway's and the air quality API's base URLs set to the `--api-url` look-alike
    /// (which serves their routes too) unless they name them: a test never reaches the real services,
    /// whatever it fails over to or asks besides.
    static func withLookAlikeSources(_ arguments: [String]) -> [String] {
        guard let index = arguments.firstIndex(of: "--api-url"), index + 1 < arguments.count else { return arguments }
        var arguments = arguments
        for option in ["--met-norway-url", "--air-quality-url"] where !arguments.contains(option) {
            arguments += [option, arguments[index + 1]]
        }
        return arguments
    }

    deinit {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }

    var pid: Int32 { process.processIdentifier }
    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }

    /// Waits up to `timeout` seconds for the exit; the status, or nil when it is still running.
    func wait(timeout: Double) async -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    func signal(_ number: Int32) {
        Glibc.kill(process.processIdentifier, number)
    }

    /// Kills the process if it still runs (cleanup).
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Runs `weatherd` with `arguments` to completion (bounded by `timeout`): status and output.
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        executable: String = Subprocess.weatherdPath,
        stdin: String? = nil,
        timeout: Double = 30
    ) async throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try Subprocess(arguments, environment: environment, executable: executable, stdin: stdin)
        guard let status = await child.wait(timeout: timeout) else {
            child.kill()
            throw TimedOut(arguments: arguments)
        }
        return (status, child.stdout, child.stderr)
    }

    struct TimedOut: Error {
        let arguments: [String]
    }
}

/// A temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("weatherd-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Reads JSON text into Foundation objects.
func jsonObject(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
