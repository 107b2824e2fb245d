import Testing
import WeatherCore

@Suite("Planner: retries and pauses")
struct PlannerRetryTests {
    private let berlin = PlannerHarness.berlin

    @Test(
        "after the k-th failure: min(cap, R × 2^(k-1)), R one rotation",
        arguments: [
            (RefreshPolicy.auto, [40.0, 80, 160, 320, 640, 900, 900]),
            (.everyTick, [40.0, 40, 40, 40, 40, 40, 40]),
            (.every(.seconds(300)), [40.0, 80, 160, 300, 300, 300, 300]),
        ]
    )
    func retryDelaysGrowUpToTheCap(policy: RefreshPolicy, expected: [Double]) {
        let planner = Planner(
            locations: PlannerHarness.four,
            settings: PlannerSettings(interval: 10, refresh: policy),
            seed: 1
        )
        let record = planner.record(id: "berlin")!
        #expect((1...7).map { planner.retryDelay(failures: $0, for: record) } == expected)
    }

    @Test func aFailingLocationIsTriedAtItsFirstVisitAfterTheDelay() {
        var harness = PlannerHarness()
        var berlinFetches: [Double] = []
        for _ in 0..<200 {
            let plan = harness.tick()
            if case .fetch(let order) = plan.action {
                if order.location.id == "berlin" {
                    berlinFetches.append(harness.now.wall.seconds(since: PlannerHarness.start.wall))
                    harness.fail()
                } else {
                    harness.succeed()
                }
            }
            harness.advance(10)
        }
        // Failed at 0, 40, 120, 280, 600, 1240: delays 40, 80, 160, 320, 640 (Berlin is shown every 40 s).
        #expect(berlinFetches == [0, 40, 120, 280, 600, 1240])
        #expect(harness.record(berlin).failures == 6)
        #expect(harness.record(berlin).weather == nil)
    }

    @Test func aSuccessResetsTheCount() {
        var harness = PlannerHarness(locations: [berlin])
        _ = harness.tickFetching()
        harness.fail()
        harness.advance(10)
        _ = harness.tickFetching()
        harness.fail()
        #expect(harness.record(berlin).failures == 2)
        harness.advance(20)
        _ = harness.tickFetching()
        harness.succeed()
        #expect(harness.record(berlin).failures == 0)
        #expect(harness.record(berlin).lastError == nil)
    }

    @Test func aFailureKeepsTheLastGoodWeather() {
        var harness = PlannerHarness(locations: [berlin])
        #expect(harness.fetchThenTickADataPeriodLater(berlin).fetching)
        let weather = harness.record(berlin).weather
        #expect(weather != nil)
        harness.fail()
        #expect(harness.record(berlin).weather == weather)
        #expect(harness.record(berlin).lastError?.kind == .network)
    }

    @Test func a429PausesEveryRequestUntilTheNextMinuteLeavesKAloneAndEndsLogged() {
        var harness = PlannerHarness()
        harness.advance(30)
        _ = harness.tickFetching()
        let plan = harness.fail(.minutely)
        guard case .backoffBegan(let until, let cause, _, _) = plan.events.first else {
            Issue.record("no backoff event: \(plan.events)")
            return
        }
        #expect(cause == .rateLimited)
        // 12:00:30 → the next minute, plus a spread of at most a fifteenth of the 30 s pause.
        let minute = PlannerHarness.start.wall.adding(seconds: 60)
        #expect(until >= minute && until <= minute.adding(seconds: 2))
        #expect(harness.record(berlin).failures == 0)
        var waits: [Waiting?] = []
        while harness.now.wall < until {
            harness.advance(10)
            if harness.now.wall >= until { break }
            let tick = harness.tick()
            #expect(!tick.action.isFetch)
            waits.append(tick.action.waiting)
        }
        #expect(waits.allSatisfy { $0 == .backoff })
        harness.advance(10)
        let resumed = harness.tick()
        #expect(resumed.events.contains(.backoffEnded))
        #expect(resumed.action.isFetch)
    }

    @Test func repeated503sDoubleThePauseFromOneInterval() {
        var harness = PlannerHarness(locations: [berlin], refresh: .everyTick)
        var pauses: [Double] = []
        for _ in 0..<7 {
            while harness.tickFetching() == nil { harness.advance(1) }
            let failedAt = harness.now.wall
            let plan = harness.fail(.overloaded)
            if case .backoffBegan(let until, _, _, _) = plan.events.first {
                pauses.append(until.seconds(since: failedAt))
            }
            #expect(harness.record(berlin).failures == 0)
        }
        let base: [Double] = [10, 20, 40, 80, 160, 300, 300]
        #expect(pauses.count == base.count)
        for (pause, expected) in zip(pauses, base) {
            // Plus a spread of at most a fifteenth of the pause.
            #expect(pause >= expected && pause <= expected * 16 / 15 + 0.001, "\(pause) for \(expected)")
        }
    }

    @Test func aSuccessEndsThe503Streak() {
        var harness = PlannerHarness(locations: [berlin], refresh: .everyTick)
        for _ in 0..<3 {
            while harness.tickFetching() == nil { harness.advance(1) }
            harness.fail(.overloaded)
        }
        while harness.tickFetching() == nil { harness.advance(1) }
        harness.succeed()
        harness.advance(10)
        _ = harness.tickFetching()
        let failedAt = harness.now.wall
        let plan = harness.fail(.overloaded)
        guard case .backoffBegan(let until, _, _, _) = plan.events.first else {
            Issue.record("no backoff")
            return
        }
        #expect(until.seconds(since: failedAt) < 11)
    }

    @Test func aPauseRunsOnTheUptimeClock() {
        var harness = PlannerHarness(locations: [berlin], refresh: .everyTick)
        _ = harness.tickFetching()
        harness.fail(.overloaded)
        // The wall clock jumps an hour ahead; the 10 s pause is still 10 s of uptime.
        harness.stepWallClock(3600)
        harness.advance(5)
        #expect(harness.tick().action == .cache(waiting: .backoff))
        harness.advance(6)
        #expect(harness.tick().action.isFetch)
    }
}

@Suite("Planner: retries are counted in ticks")
struct PlannerTickRetryTests {
    /// A fetch ends a little after its tick; one rotation later its location is due again (not two).
    @Test func aFailureEndingAfterItsTickIsRetriedAtTheNextVisit() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin, PlannerHarness.london], refresh: .everyTick)
        var fetches = 0
        for _ in 0..<20 {
            if harness.tickFetching() != nil {
                fetches += 1
                harness.fail(elapsed: 0.004)
                harness.advance(9.996)
            } else {
                harness.advance(10)
            }
        }
        #expect(fetches == 20)
    }
}
