import Testing
import WeatherCore

@Suite("Planner: when a location is due")
struct PlannerDueTests {
    private let berlin = PlannerHarness.berlin

    @Test func autoIsDueAfterTheDataIntervalPlusASpreadOfAtMostAFifteenth() {
        for seed in UInt64(1)...50 {
            var harness = PlannerHarness(seed: seed)
            harness.fetchEveryLocationOnce()
            for location in PlannerHarness.four {
                let due = harness.nextRefresh(location)!
                // observed at 12:00:00, data interval 900 s: due between 12:15:00 and 12:16:00.
                let delay = due.seconds(since: PlannerHarness.start.wall) - 900
                #expect(delay >= 0 && delay <= 60, "seed \(seed): spread \(delay)")
            }
        }
    }

    @Test func theSpreadIsDrawnPerLocationAndPeriod() {
        var harness = PlannerHarness(seed: 7)
        harness.fetchEveryLocationOnce()
        let dues = Set(PlannerHarness.four.map { harness.nextRefresh($0)! })
        #expect(dues.count == 4)
    }

    @Test func aDueLocationIsFetchedAtItsFirstVisitAfterTheBoundary() {
        var harness = PlannerHarness(locations: [berlin])
        _ = harness.tickFetching()
        harness.succeed()
        let due = harness.nextRefresh(berlin)!
        var fetchedAt: Timestamp?
        for _ in 0..<200 {
            harness.advance(10)
            if harness.tickFetching() != nil {
                fetchedAt = harness.now.wall
                harness.succeed()
                break
            }
        }
        let fetched = try! #require(fetchedAt)
        #expect(fetched >= due)
        #expect(fetched.seconds(since: due) < 10)
    }

    @Test func noNewsIsRetriedLikeAFailureAndKeepsTheStatus() {
        var harness = PlannerHarness(locations: [berlin])
        let (observed, fetching) = harness.fetchThenTickADataPeriodLater(berlin)
        #expect(fetching)
        // The API still sends the old period: no news.
        let plan = harness.succeed(observedAt: observed)
        #expect(plan.change == .weather(news: false))
        #expect(harness.record(berlin).failures == 1)
        #expect(harness.record(berlin).lastError == nil)
        #expect(harness.record(berlin).weather?.observedAt == observed)
        // Due again one rotation later (R = 1 × 10 s), then 20 s after a second "no news" (each from a
        // second before: the delay counts from the end of the fetch, a little after its tick).
        #expect(harness.nextRefresh(berlin) == harness.now.wall.adding(seconds: 10 - 1))
        let firstAnswer = harness.now.wall
        harness.advance(10)
        #expect(harness.tickFetching() != nil)
        harness.succeed(observedAt: observed)
        #expect(harness.record(berlin).failures == 2)
        // The retry would come 20 s later, but two requests were answered within this data interval: the
        // third waits until a data interval after the first (docs/fetching.md, at most two).
        #expect(harness.nextRefresh(berlin) == firstAnswer.adding(seconds: 900))
        harness.advance(20)
        #expect(harness.tickFetching() == nil)
        // News resets the count.
        harness.advance(900 - 30)
        #expect(harness.tickFetching() != nil)
        let news = harness.succeed(observedAt: observed.adding(seconds: 900))
        #expect(news.change == .weather(news: true))
        #expect(harness.record(berlin).failures == 0)
    }

    @Test func aFailingLocationIsNoLongerInErrorAfterASuccessfulFetchWithoutNews() {
        var harness = PlannerHarness(locations: [berlin])
        let (observed, fetching) = harness.fetchThenTickADataPeriodLater(berlin)
        #expect(fetching)
        harness.fail(.network)
        #expect(harness.record(berlin).lastError != nil)
        harness.advance(10)
        #expect(harness.tickFetching() != nil)
        // The API answers, with the period already known: no news, but the fetch itself worked.
        harness.succeed(observedAt: observed)
        #expect(harness.record(berlin).lastError == nil)
        let status = LocationStatus.judge(
            weather: harness.record(berlin).weather,
            lastError: harness.record(berlin).lastError,
            staleAfter: 1800,
            at: harness.now.wall
        )
        #expect(status == .ok)
    }

    @Test func olderDataNeverReplacesNewer() {
        var harness = PlannerHarness(locations: [berlin])
        let (observed, fetching) = harness.fetchThenTickADataPeriodLater(berlin)
        #expect(fetching)
        harness.succeed(observedAt: observed.adding(seconds: -900))
        #expect(harness.record(berlin).weather?.observedAt == observed)
    }

    @Test func everyTickFetchesAtEveryTick() {
        var harness = PlannerHarness(refresh: .everyTick)
        for _ in 0..<12 {
            #expect(harness.tickFetching() != nil)
            harness.succeed()
            harness.advance(10)
        }
        #expect(harness.planner.counters.ticksFetched == 12)
    }

    @Test func aDurationIsDueWhenTheLastSuccessIsThatOld() {
        var harness = PlannerHarness(locations: [berlin], refresh: .every(.seconds(120)))
        _ = harness.tickFetching()
        harness.succeed()
        var fetchTimes: [Double] = []
        for _ in 0..<60 {
            harness.advance(10)
            if harness.tickFetching() != nil {
                fetchTimes.append(harness.now.wall.seconds(since: PlannerHarness.start.wall))
                harness.succeed()
            }
        }
        #expect(fetchTimes == [120, 240, 360, 480, 600])
    }

    @Test func weatherObservedInTheFutureIsDue() {
        // The board booted with its clock behind, loaded newer weather, and has not synced yet.
        var harness = PlannerHarness(locations: [berlin])
        _ = harness.tickFetching()
        harness.succeed(observedAt: harness.now.wall.adding(seconds: 3600))
        harness.advance(10)
        #expect(harness.tickFetching() != nil)
    }

    @Test func refreshAllMakesEveryLocationDueOnce() {
        var harness = PlannerHarness()
        harness.fetchEveryLocationOnce()
        #expect(harness.tickFetching() == nil)
        harness.planner.refreshAll()
        var fetched = 0
        for _ in 0..<8 {
            if harness.tickFetching() != nil {
                fetched += 1
                harness.succeed()
            }
            harness.advance(10)
        }
        #expect(fetched == 4)
    }

    @Test func theDaysAreAskedForWhenMissingInANewSixHourSlotOrAfterTheLocalDateChanged() {
        var harness = PlannerHarness(locations: [berlin], refresh: .everyTick)
        let first = harness.tickFetching()!
        #expect(first.blocks.days == 1)
        #expect(first.weight == 18)
        harness.succeed()
        harness.advance(10)
        let second = harness.tickFetching()!
        #expect(second.blocks.days == nil)
        #expect(second.weight == 10)
        harness.succeed()
        // 12:00Z + 6 h: the slot 18:00Z–24:00Z begins.
        harness.advance(6 * 3600 - 10)
        #expect(harness.tickFetching()!.blocks.days == 1)
        harness.succeed()
        // 22:59Z: the same slot, and still the same day in Berlin (+1 h).
        harness.advance(4 * 3600 + 59 * 60)
        #expect(harness.tickFetching()!.blocks.days == nil)
        harness.succeed()
        // 23:00Z is tomorrow in Berlin: asked again, within the same UTC slot.
        harness.advance(60)
        #expect(harness.tickFetching()!.blocks.days == 1)
    }

    @Test func theDefaultsCostAboutFourTimesNinetySixRequestsADay() {
        var harness = PlannerHarness()
        for _ in 0..<8640 {
            if harness.tickFetching() != nil { harness.succeed(elapsed: 0.2) }
            harness.advance(10)
        }
        let requests = harness.planner.counters.requests
        // 4 × 96 periods (plus the first fetch of each location).
        #expect((384...392).contains(requests), "\(requests) requests in a day")
        // Each location's data is at most one period plus the spread and one rotation old when shown.
        for location in PlannerHarness.four {
            let age = harness.now.wall.seconds(since: harness.record(location).weather!.observedAt)
            #expect(age <= 900 + 60 + 40)
        }
    }
}
