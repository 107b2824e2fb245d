import FakeOpenMeteo
import Foundation
import Testing

/// `--log-target journal` when journald cannot take the entries: no socket at all, or a socket inode nobody
/// listens on. Entries go to stderr instead and the state file keeps updating. The daemon runs in a private
/// mount namespace with a tmpfs over the journal's directory (`scripts/fault-disk`), so this needs root.
@Suite("Faults: journal")
struct FaultJournalTests {
    enum JournalFault: String, CaseIterable, CustomTestStringConvertible {
        case noSocket, deadSocket

        var testDescription: String { rawValue }

        /// Shell commands run inside the namespace before the daemon starts.
        var preparation: String {
            switch self {
            case .noSocket:
                "test ! -e /run/systemd/journal/socket"
            case .deadSocket:
                // A datagram socket bound and closed: the inode stays, nobody receives.
                "mkdir -p /run/systemd/journal && python3 -c 'import socket; "
                    + "s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); "
                    + "s.bind(\"/run/systemd/journal/socket\"); s.close()' && test -S /run/systemd/journal/socket"
            }
        }
    }

    /// The directory to hide under a tmpfs: the journal's own when it exists, else the nearest existing
    /// parent (so that nothing is created on the real /run).
    static var hiddenDirectory: String {
        ["/run/systemd/journal", "/run/systemd", "/run"].first { FileManager.default.fileExists(atPath: $0) } ?? "/run"
    }

    @Test(
        "journald unreachable: entries go to stderr, the state file keeps updating",
        .enabled(if: Fault.isRoot, "needs root: a private mount namespace hides the journal socket"),
        arguments: JournalFault.allCases
    )
    func unreachableJournal(_ fault: JournalFault) async throws {
        try await withFakeServerAndDirectory { server, directory in
            let command = "\(fault.preparation) && exec \"$0\" \"$@\""
            let daemon = try FaultDaemon(
                directory: directory,
                config: Fault.config(Fault.threePlaces),
                apiURL: server.baseURL,
                logTarget: "journal",
                launcher: [
                    Fault.script("fault-disk"), "--size", "1m", Self.hiddenDirectory, "--", "/bin/bash", "-c", command,
                ]
            )
            defer { daemon.kill() }

            let started = await daemon.waitForTicks(3)
            try #require(started, "\(fault): no state file; stderr: \(daemon.stderr)")
            let early = daemon.counter("ticks") ?? 0
            let grew = await Fault.eventually(timeout: 5) { (daemon.counter("ticks") ?? 0) >= early + 3 }
            let status = await daemon.terminate()

            #expect(grew, "\(fault): the state file stopped updating")
            #expect(status == 0, "stderr: \(daemon.stderr)")
            let lines = daemon.stderr.split(separator: "\n")
            #expect(lines.contains { $0.contains("started") }, "\(fault): stderr: \(daemon.stderr)")
            #expect(lines.filter { $0.contains(" °C, ") }.count >= 3, "\(fault): weather entries missing from stderr")
            #expect(lines.contains { $0.contains("stopping") })
        }
    }
}
