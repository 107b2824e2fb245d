import Testing

@testable import WeatherCore

/// The end of a full quota window is a wall-clock time, the spread after it a duration on the
/// uptime clock.
@Suite("QuotaHold")
struct QuotaHoldTests {
    private let end = Timestamp(secondsSinceEpoch: 1_795_348_860)  // 12:01:00Z

    @Test func holdsUntilTheWindowEndsThenForTheSpreadOnTheUptimeClock() {
        var hold = QuotaHold(windowEnd: end, spread: 3)
        // 12:00:59 on both clocks (uptime 1000 s).
        var now = Moment(wall: end.adding(seconds: -1), uptime: 1000)
        hold.noticeWindowEnd(at: now)
        var held = hold.holds(at: now)
        #expect(held)
        // The window's end passes (seen 0.5 s late): the spread counts from the end, not from the look.
        now = now.adding(seconds: 1.5)
        hold.noticeWindowEnd(at: now)
        held = hold.holds(at: now)
        #expect(held)
        // The wall clock steps 1.5 s forward (within the step tolerance): the spread is not cut short.
        now.wall = now.wall.adding(seconds: 1.5)
        now = now.adding(seconds: 2.4)  // uptime 1003.9: 2.9 s after the end
        hold.noticeWindowEnd(at: now)
        held = hold.holds(at: now)
        #expect(held)
        now = now.adding(seconds: 0.1)
        hold.noticeWindowEnd(at: now)
        held = hold.holds(at: now)
        #expect(!held)
    }

    @Test func theWindowsEndFollowsTheWallClock() {
        var hold = QuotaHold(windowEnd: end, spread: 2)
        // The wall clock reads past the end although little uptime passed (it was stepped): the end is
        // a wall time, so it has come; the spread then runs on the uptime clock.
        let now = Moment(wall: end.adding(seconds: 0.5), uptime: 10)
        hold.noticeWindowEnd(at: now)
        var held = hold.holds(at: now)
        #expect(held)
        #expect(hold.resumption(at: now) == end.adding(seconds: 2))
        hold.noticeWindowEnd(at: now.adding(seconds: 1.5))
        held = hold.holds(at: now.adding(seconds: 1.5))
        #expect(!held)
    }
}
