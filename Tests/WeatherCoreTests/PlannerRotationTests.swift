import Testing
import WeatherCore

@Suite("Planner: rotation and counters")
struct PlannerRotationTests {
    @Test func everyTickShowsTheNextLocationWhetherOrNotItFetches() {
        var harness = PlannerHarness()
        var shown: [String] = []
        var fetched: [Bool] = []
        for _ in 0..<8 {
            let plan = harness.tick()
            shown.append(plan.record.location.id)
            fetched.append(plan.action.isFetch)
            if plan.action.isFetch { harness.succeed() }
            harness.advance(10)
        }
        #expect(shown == ["berlin", "london", "new-york", "tokyo", "berlin", "london", "new-york", "tokyo"])
        // The first rotation fetches (no weather yet); the second serves the cache (data not yet changed).
        #expect(fetched == [true, true, true, true, false, false, false, false])
        #expect(harness.planner.rotationIndex == 7)
        #expect(harness.planner.currentLocation == "tokyo")
    }

    @Test func missedTicksAreSkippedNotReplayed() {
        var harness = PlannerHarness()
        harness.fetchEveryLocationOnce()
        let before = harness.planner.counters
        // A late tick that the timer did not report as missed is just the next one.
        harness.advance(300)
        let plan = harness.tick()
        #expect(harness.planner.counters.ticks == before.ticks + 1)
        #expect(harness.planner.counters.ticksMissed == 0)
        #expect(plan.tick == 4)
        // The process could not run for 30 intervals (SIGSTOP, a frozen cgroup): one tick, the one the
        // clock says, shows location (5 + 30) mod 4.
        harness.advance(310)
        let late = harness.planner.tick(at: harness.now, missed: 30)!
        #expect(late.tick == 35)
        #expect(late.record.location.id == PlannerHarness.four[35 % 4].id)
        let counters = harness.planner.counters
        #expect(counters.ticks == before.ticks + 2)
        #expect(counters.ticksMissed == 30)
        #expect(harness.planner.rotationIndex! + 1 == counters.ticks + counters.ticksMissed)
    }

    @Test func countersAddUp() {
        var harness = PlannerHarness()
        for step in 0..<200 {
            let plan = harness.tick()
            if plan.action.isFetch {
                // Every third fetch is slow: the next tick finds it running.
                if step % 3 == 0 {
                    harness.advance(10)
                    _ = harness.tick()
                }
                var plan = step % 7 == 0 ? harness.fail() : harness.succeed()
                // Then the fetches that queued behind it, one after the other.
                while plan.next != nil { plan = harness.succeed() }
            }
            harness.advance(10)
        }
        let counters = harness.planner.counters
        #expect(counters.ticks == counters.ticksFetched + counters.ticksSkipped + counters.ticksFromCache)
        #expect(counters.requests == counters.fetchesOK + counters.fetchesFailed)
        #expect(counters.ticksFetched < counters.requests)
        #expect(counters.ticksSkipped > 0)
        #expect(counters.ticks > 200)
    }

    @Test func aTickShowsTheLocationWithoutWeatherAndSaysWhy() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin])
        _ = harness.tickFetching()
        harness.fail()
        harness.advance(4)
        // Not due before the retry delay: a "no data yet" tick waiting to retry.
        let plan = harness.tick()
        #expect(plan.action == .cache(waiting: .retry))
        #expect(plan.record.weather == nil)
        #expect(plan.record.lastError?.kind == .network)
    }

    @Test func noLocationsNoTicks() {
        var planner = Planner(locations: [], settings: PlannerSettings(interval: 10), seed: 1)
        #expect(planner.tick(at: PlannerHarness.start) == nil)
    }
}
