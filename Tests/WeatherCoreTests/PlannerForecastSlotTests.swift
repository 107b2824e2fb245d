import Testing
import WeatherCore
import WeatherTestSupport

/// The blocks' slots are the request's: a block is stamped with the time its request was sent, not the
/// time the answer came.
@Suite("Planner: forecast slots are the request's")
struct PlannerForecastSlotTests {
    @Test func anAnswerArrivingInTheNextHourLeavesTheNewHoursBlockDue() throws {
        var h = PlannerHarness(
            locations: [PlannerHarness.berlin],
            refresh: .everyTick,
            forecast: ForecastSettings(hours: 24, days: 7, nowcast: true)
        )
        h.advance(3599.5)  // 12:59:59.5Z
        let sent = h.tickFetching()
        let first = try #require(sent)
        #expect(first.blocks.hours == 25)
        h.succeed(elapsed: 1)  // the answer at 13:00:00.5Z
        h.advance(9)
        let nextSent = h.tickFetching()
        let next = try #require(nextSent)
        // Sent in the 12:00 hour: the first request of the 13:00 hour carries the hours again.
        #expect(next.blocks.hours == 25)
        #expect(next.blocks.days == nil)
        h.succeed()
        h.advance(10)
        let third = h.tickFetching()
        #expect(third != nil && third?.blocks.hours == nil)
    }
}
