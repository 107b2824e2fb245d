import FakeOpenMeteo
import Foundation
import Testing

/// Disk faults under a running daemon: a full and a read-only state directory. The daemon keeps running, the
/// previous state file stays valid, the failure is logged once (PRIORITY 3) and its end once (PRIORITY 5),
/// no temporary file is left, and writing resumes once the fault is gone. These put the state directory on
/// a 64 KiB tmpfs in a private mount namespace (`scripts/fault-disk`), so they need root; the test reaches
/// that tmpfs through `nsenter` and /proc/PID/root. A state directory removed while running is made again
/// by the daemon at its next write, with one entry saying so.
@Suite("Faults: disk")
struct FaultDiskTests {
    enum DiskFault: String, CustomTestStringConvertible {
        case full, readOnly

        var testDescription: String { rawValue }
    }

    @Test(
        "a full or read-only state directory: the daemon goes on, logs once, writes again when repaired",
        .enabled(if: Fault.isRoot, "needs root: the state directory is a tmpfs in a private mount namespace"),
        arguments: [DiskFault.full, .readOnly]
    )
    func privateTmpfs(_ fault: DiskFault) async throws {
        try await exercise(fault)
    }

    @Test("a state directory removed while running is made again at the next write, logged once")
    func removedDirectory() async throws {
        try await Fault.withDaemon(config: Fault.config(Fault.threePlaces)) { server, daemon in
            try #require(await daemon.waitForTicks(3), "the daemon did not start: \(daemon.stderr)")

            let ticksBefore = daemon.counter("ticks") ?? 0
            // The daemon may rename a temporary file away while the directory is being emptied: retry.
            for attempt in 1...20 {
                do {
                    try FileManager.default.removeItem(atPath: daemon.stateDirectoryView)
                    break
                } catch  where attempt < 20 {
                    continue
                }
            }
            let rewritten = await Fault.eventually(timeout: 3) { (daemon.counter("ticks") ?? 0) > ticksBefore + 2 }
            #expect(rewritten, "the state file was not written again: \(daemon.stderr.suffix(2000))")
            // More ticks: the entry must not repeat.
            #expect(await daemon.waitForMoreTicks(5))
            #expect(daemon.isRunning)
            #expect(await noTemporaryFiles(daemon), "left: \(Fault.temporaryFiles(in: daemon.stateDirectoryView))")
            let status = await daemon.terminate()
            #expect(status == 0)

            let logs = try await stateFileEntries(daemon)
            #expect(logs.recreated.count == 1, "\(logs.recreated)")
            #expect(logs.failures.isEmpty && logs.recoveries.isEmpty, "\(logs.failures) \(logs.recoveries)")
        }
    }

    /// Whether the state directory is free of temporary files at some moment within a second: the running
    /// daemon's own file exists for an instant during each write, a leftover stays.
    private func noTemporaryFiles(_ daemon: FaultDaemon) async -> Bool {
        await Fault.eventually(timeout: 1, poll: 0.01) { Fault.temporaryFiles(in: daemon.stateDirectoryView).isEmpty }
    }

    private func exercise(_ fault: DiskFault) async throws {
        try await withFakeServerAndDirectory { server, directory in
            let stateDirectory = directory.path + "/state"
            let daemon = try FaultDaemon(
                directory: directory,
                config: Fault.config(Fault.threePlaces),
                apiURL: server.baseURL,
                interval: "100ms",
                stateDirectory: stateDirectory,
                launcher: [Fault.script("fault-disk"), "--size", "64k", stateDirectory, "--"],
                privateMounts: true
            )
            defer { daemon.kill() }
            try #require(await daemon.waitForTicks(3), "the daemon did not start: \(daemon.stderr)")
            // Commands on the state directory run in the daemon's mount namespace.
            let inside = "nsenter -t \(daemon.pid) -m -- "

            let breaking: String
            switch fault {
            case .full:
                // Filled a few times over: a page the daemon frees by a rename is taken again.
                breaking =
                    inside + "bash -c 'for i in 1 2 3 4 5; do dd if=/dev/zero of=\(stateDirectory)/fill bs=1k "
                    + "oflag=append conv=notrunc status=none; sleep 0.05; done; true'"
            case .readOnly:
                breaking = inside + "mount -o remount,ro \(stateDirectory)"
            }
            let broken = try await Fault.shell(breaking)
            try #require(broken.status == 0, "\(breaking): \(broken.output)")

            // A write failed and said so: the state file stays as it is from then on.
            let failing = try await Fault.eventually(timeout: 5, poll: 0.1) {
                try count(daemon, journal: Self.isWriteFailure, stderr: Self.isWriteFailure) >= 1
            }
            #expect(failing, "no failed write was logged after the \(fault) fault")
            let frozen = try daemon.state()
            let frozenTicks = try #require((frozen["daemon"] as? [String: Any])?["ticks"] as? Int)
            // Ten ticks that cannot write, counted by their entries.
            let shown = try count(daemon, journal: Self.isTick, stderr: Self.isTick)
            let ticked = try await Fault.eventually(timeout: 5, poll: 0.1) {
                try count(daemon, journal: Self.isTick, stderr: Self.isTick) >= shown + 10
            }
            #expect(ticked, "fewer than ten ticks after the \(fault) fault")
            #expect(daemon.isRunning, "weatherd died: \(daemon.stderr.suffix(2000))")
            let still = try daemon.state()
            #expect((still["daemon"] as? [String: Any])?["ticks"] as? Int == frozenTicks, "written while \(fault)?")
            #expect(still["schema_version"] as? Int == 1)
            #expect(await noTemporaryFiles(daemon), "left: \(Fault.temporaryFiles(in: daemon.stateDirectoryView))")

            let repairing: String
            switch fault {
            case .full: repairing = inside + "rm \(stateDirectory)/fill"
            case .readOnly: repairing = inside + "mount -o remount,rw \(stateDirectory)"
            }
            let repaired = try await Fault.shell(repairing)
            try #require(repaired.status == 0, "\(repairing): \(repaired.output)")
            let resumed = await Fault.eventually(timeout: 5) { (daemon.counter("ticks") ?? 0) > frozenTicks + 2 }
            #expect(resumed, "the state file was not written again after the \(fault) fault ended")
            #expect(await noTemporaryFiles(daemon), "left: \(Fault.temporaryFiles(in: daemon.stateDirectoryView))")
            let status = await daemon.terminate()
            #expect(status == 0)

            let logs = try await stateFileEntries(daemon)
            #expect(logs.failures.count == 1, "\(fault): failure entries \(logs.failures)")
            #expect(logs.recoveries.count == 1, "\(fault): recovery entries \(logs.recoveries)")
            #expect(logs.recreated.isEmpty)
        }
    }

    /// How many of the daemon's entries so far are of a kind: journal entries matching `journal` when there is
    /// a test journal, else lines of its stderr matching `stderr`.
    private func count(
        _ daemon: FaultDaemon,
        journal: ([String: String]) -> Bool,
        stderr: (Substring) -> Bool
    ) throws -> Int {
        guard TestJournal.isAvailable else { return daemon.stderr.split(separator: "\n").filter(stderr).count }
        return try Fault.journal(pid: daemon.pid).filter(journal).count
    }

    /// A tick's entry: the weather it shows.
    private static func isTick(_ entry: [String: String]) -> Bool { entry["MESSAGE_ID"] == Fault.MessageID.weather }
    private static func isTick(_ line: Substring) -> Bool { line.contains("weather.rotation_index=") }

    /// The entry of a state file write that failed (PRIORITY 3).
    private static func isWriteFailure(_ entry: [String: String]) -> Bool {
        entry["MESSAGE_ID"] == Fault.MessageID.stateWrite && entry["PRIORITY"] == "3"
    }
    private static func isWriteFailure(_ line: Substring) -> Bool {
        line.contains("cannot") && line.contains("the previous state file stays")
    }

    /// The messages of the daemon's state-file entries: failures (PRIORITY 3), recoveries (PRIORITY 5) and
    /// "created it again" for a vanished directory; from the journal when there is one, else from stderr.
    private func stateFileEntries(
        _ daemon: FaultDaemon
    ) async throws -> (failures: [String], recoveries: [String], recreated: [String]) {
        guard TestJournal.isAvailable else {
            let lines = daemon.stderr.split(separator: "\n").map(String.init)
            return (
                lines.filter { $0.contains("cannot") && $0.contains("the previous state file stays") },
                lines.filter { $0.contains("state file written again") },
                lines.filter { $0.contains("created it again") }
            )
        }
        let entries = try await Fault.journal(pid: daemon.pid) { entries in
            entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
        }
        let writes = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.stateWrite }
        #expect(writes.allSatisfy { $0["WEATHER_STATE_FILE"] == daemon.statePath })
        return (
            writes.filter { $0["PRIORITY"] == "3" }.map { $0["MESSAGE"] ?? "" },
            writes.filter { $0["PRIORITY"] == "5" }.map { $0["MESSAGE"] ?? "" },
            entries.compactMap { $0["MESSAGE"] }.filter { $0.contains("created it again") }
        )
    }
}
