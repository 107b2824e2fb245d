import FakeOpenMeteo
import Foundation
import Testing

/// docs/fetching.md "Missed ticks are skipped, not replayed", against the built daemon: a process that could not
/// run for a while (SIGSTOP here; `systemctl freeze`, a paused VM, a stuck write alike) runs one tick when
/// it continues, the one the clock says, and counts the others in `daemon.ticks_missed`.
@Suite("Missed ticks, end to end")
struct MissedTicksTests {
    @Test("after 1.5 s stopped at 100 ms, one tick and one entry, not 15")
    func stoppedProcessSkipsItsMissedTicks() async throws {
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces, refresh: "auto"),
            interval: "100ms",
            logTarget: "stderr"
        ) { server, daemon in
            #expect(await daemon.waitForTicks(5))
            let stopped = ContinuousClock.now
            daemon.process.signal(SIGSTOP)
            // How long the process cannot run: the fault itself, not a wait for one.
            try await Task.sleep(for: .seconds(1.5))
            let before = try daemon.state()["daemon"] as? [String: Any]
            let ticksBefore = try #require(before?["ticks"] as? Int)
            let linesBefore = daemon.stderr.split(separator: "\n").filter { $0.contains("weather.rotation_index=") }
                .count
            daemon.process.signal(SIGCONT)
            let stoppedFor = (ContinuousClock.now - stopped) / .milliseconds(100)
            // The late tick, and at most one or two more.
            #expect(await daemon.waitForTicks(ticksBefore + 1, timeout: 2))
            let state = try daemon.state()
            let after = try #require(state["daemon"] as? [String: Any])
            let ticks = try #require(after["ticks"] as? Int)
            let missed = try #require(after["ticks_missed"] as? Int)
            #expect(ticks - ticksBefore <= 3, "\(ticks - ticksBefore) ticks ran at once after SIGCONT")
            // The ticks due while stopped (15 at 1.5 s), less the one that runs, give or take the signals' moments.
            let due = Int(stoppedFor)
            #expect(missed >= due - 3 && missed <= due + 1, "ticks_missed \(missed) after \(due) ticks stopped")
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
