import Testing
import WeatherCore
import WeatherDisplay

@Suite("StatusFollow")
struct StatusFollowTests {
    @Test func readsANewFilePrintsAgainWhenTheJudgementChangesAndWaitsOtherwise() {
        var follow = StatusFollow<Int>(location: nil)
        let snapshot = Fixture.snapshot()
        guard case .read = follow.step(file: 1, at: Fixture.now) else {
            Issue.record("the first step reads")
            return
        }
        follow.shown(file: 1, snapshot: snapshot, at: Fixture.now)
        guard case .wait = follow.step(file: 1, at: Fixture.now.adding(seconds: 10)) else {
            Issue.record("nothing changed")
            return
        }
        // The state is too old 3 × 10 s + 5 s after it was written: CRITICAL, printed once.
        let deadline = follow.nextJudgementChange(after: Fixture.now)
        #expect(deadline == Fixture.time("2026-11-22T13:20:33Z"))
        let after = Fixture.time("2026-11-22T13:20:34Z")
        guard case .reprint = follow.step(file: 1, at: after) else {
            Issue.record("the judgement changed")
            return
        }
        guard case .wait = follow.step(file: 1, at: after) else {
            Issue.record("printed once")
            return
        }
        guard case .read = follow.step(file: 2, at: after) else {
            Issue.record("another file")
            return
        }
        // A missing file, once shown, waits until it comes back.
        follow.shown(file: nil, snapshot: nil, at: after)
        guard case .wait = follow.step(file: nil, at: after) else {
            Issue.record("still no file")
            return
        }
    }

    @Test func pollTimeouts() {
        typealias Follow = StatusFollow<Int>
        #expect(Follow.timeoutMilliseconds(until: nil, now: Fixture.now) == -1)
        #expect(Follow.timeoutMilliseconds(until: Fixture.now.adding(seconds: 1.5), now: Fixture.now) == 1501)
        #expect(Follow.timeoutMilliseconds(until: Fixture.now.adding(seconds: -5), now: Fixture.now) == 0)
        #expect(Follow.timeoutMilliseconds(until: Fixture.now.adding(seconds: 1e12), now: Fixture.now) == Int32.max)
    }
}
