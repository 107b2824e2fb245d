import Testing
import WeatherCore
import WeatherTestSupport

@Suite("Forecast blocks: a day at the defaults")
struct ForecastBudgetTests {
    /// The default locations' offsets from UTC in November: the local date changes at 23:00 UTC in Berlin,
    /// at 00:00 in London (a slot's start), at 05:00 in New York and at 15:00 in Tokyo.
    private static let offsets = [
        PlannerHarness.berlin.id: 3600,
        PlannerHarness.london.id: 0,
        PlannerHarness.newYork.id: -5 * 3600,
        PlannerHarness.tokyo.id: 9 * 3600,
    ]

    /// Answers the fetch in flight at once, with weather of the current 15-minute period in the place's own
    /// offset and the blocks the planner asked for.
    private static func answer(_ harness: inout PlannerHarness) {
        let order = harness.planner.inFlight!
        var weather = Weather.sample(
            observedAt: PlannerHarness.periodStart(of: harness.now.wall, interval: 900)
        )
        weather.utcOffsetSeconds = offsets[order.location.id]
        let forecast = Forecast.synthetic(weather, blocks: order.blocks)
        _ = harness.planner.finish(
            FetchOutcome(result: .success(.forecast(forecast)), elapsed: .zero, apiClockSample: 0),
            at: harness.now
        )
    }

    /// The real planner through the UTC day 2026-11-23 at docs/forecast.md's defaults: 4 locations, a tick every
    /// 10 s, `refresh: auto` with data moving every 15 minutes, every forecast part on, no failures.
    @Test func aUTCDayCostsAtMost500WeightedCalls() {
        let midnight = Timestamp(rfc3339: "2026-11-23T00:00:00Z")!
        var harness = PlannerHarness(
            start: Moment(wall: midnight, uptime: 1000),
            forecast: ForecastSettings()
        )
        var orders: [FetchOrder] = []
        for _ in 0..<(86_400 / 10) {
            if let order = harness.tickFetching() {
                orders.append(order)
                Self.answer(&harness)
            }
            harness.advance(10)
        }
        #expect(harness.now.wall == midnight.adding(seconds: 86_400))
        let tenths = orders.map(\.weight).reduce(0, +)
        // Each location: 96 requests (one per 15-minute period, the first at 00:00, the last a minute or
        // so after 23:45), each with the nowcast: 96 × 1.1; hours on the first of each UTC hour: 24 × 0.5;
        // days on the first of each 6-hour slot, plus one when the local date changes inside a slot
        // (Berlin, New York, Tokyo; London's changes at 00:00, a slot's start): 5 or 4 × 0.8.
        // 4 × 96 × 11 + 4 × 24 × 5 + (5 + 4 + 5 + 5) × 8 = 4224 + 480 + 152 = 4856 tenths: 485.6 calls.
        // docs/forecast.md's 486.4 counts 5 × 0.8 for every location.
        #expect(orders.count == 384)
        #expect(orders.filter { $0.blocks.nowcast }.count == 384)
        #expect(orders.filter { $0.blocks.hours == 25 }.count == 96)
        for (location, dailies) in [
            (PlannerHarness.berlin, 5), (PlannerHarness.london, 4), (PlannerHarness.newYork, 5),
            (PlannerHarness.tokyo, 5),
        ] {
            let id = location.id
            let own = orders.filter { $0.location.id == id }
            #expect(own.count == 96, "\(id)")
            #expect(own.filter { $0.blocks.hours != nil }.count == 24, "\(id)")
            #expect(own.filter { $0.blocks.days == 7 }.count == dailies, "\(id)")
        }
        #expect(tenths == 4856)
        #expect(Weight.calls(tenths) <= 500)
        // The planner's own ledger counted the same.
        let lastSecond = midnight.adding(seconds: 86_399)
        #expect(harness.planner.ledger.count(.day, at: lastSecond).usedTenths == 4856)
    }
}
