import FakeOpenMeteo
import Foundation
import Testing

/// docs/fetching.md "Missed ticks are skipped, not replayed", against the built daemon: a process that could not
/// run for a while (SIGSTOP here; `systemctl freeze`, a paused VM, a stuck write alike) runs one tick when
/// it continues, the one the clock says, and counts the others in `daemon.ticks_missed`.
@Suite("Missed ticks, end to end")
struct MissedTicksTests {
    @Test("after 3 s stopped at 200 ms, one tick and one entry, not 15")
    func stoppedProcessSkipsItsMissedTicks() async throws {
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces, refresh: "auto"),
            interval: "200ms",
            logTarget: "stderr"
        ) { server, daemon in
            #expect(await daemon.waitForTicks(5))
            daemon.process.signal(SIGSTOP)
            try await Task.sleep(for: .seconds(3))
            let before = try daemon.state()["daemon"] as? [String: Any]
            let ticksBefore = try #require(before?["ticks"] as? Int)
            let linesBefore = daemon.stderr.split(separator: "\n").filter { $0.contains("weather.rotation_index=") }
                .count
            daemon.process.signal(SIGCONT)
            // Within the next 300 ms: the late tick and at most one more.
            try await Task.sleep(for: .milliseconds(300))
            let state = try daemon.state()
            let after = try #require(state["daemon"] as? [String: Any])
            let ticks = try #require(after["ticks"] as? Int)
            let missed = try #require(after["ticks_missed"] as? Int)
            #expect(ticks - ticksBefore <= 3, "\(ticks - ticksBefore) ticks ran within 300 ms of SIGCONT")
            #expect(missed >= 12 && missed <= 16, "ticks_missed \(missed)")
            let index = try #require(state["rotation_index"] as? Int)
            #expect(index + 1 == ticks + missed)
            let status = await daemon.terminate()
            #expect(status == 0)
            let lines = daemon.stderr.split(separator: "\n").filter { $0.contains("weather.rotation_index=") }
            #expect(
                lines.count - linesBefore <= ticks - ticksBefore + 2,
                "entries replayed: \(lines.count - linesBefore)"
            )
        }
    }
}
