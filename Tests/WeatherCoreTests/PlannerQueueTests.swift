import Testing
import WeatherCore

@Suite("Planner: one request at a time, and the queue")
struct PlannerQueueTests {
    @Test func aDueLocationWhoseTickFindsAFetchRunningIsQueuedAndFetchedWhenItEnds() {
        var harness = PlannerHarness()
        let first = harness.tickFetching()!
        #expect(first.location.id == "berlin")
        harness.advance(10)
        let london = harness.tick()
        #expect(london.action == .queued(.queued))
        #expect(harness.planner.counters.ticksSkipped == 1)
        let done = harness.succeed(elapsed: 2)
        let next = try! #require(done.next)
        #expect(next.location.id == "london")
        #expect(next.queued)
        #expect(next.tick == 1)
        #expect(harness.planner.inFlight == next)
    }

    @Test func theLongestDueGoesFirst() {
        var harness = PlannerHarness()
        // Berlin and Tokyo observed at 12:00, London at 11:45, New York at 11:30.
        let start = PlannerHarness.start.wall
        for minutes in [0.0, -15, -30, 0] {
            _ = harness.tickFetching()
            harness.succeed(observedAt: start.adding(seconds: minutes * 60))
            harness.advance(10)
        }
        // At 12:16:40 everything is due; Berlin's tick starts a slow fetch, the others queue behind it.
        harness.now = PlannerHarness.start.adding(seconds: 1000)
        #expect(harness.tickFetching()?.location.id == "berlin")
        for _ in 0..<3 {
            harness.advance(10)
            #expect(harness.tick().action == .queued(.queued))
        }
        var order: [String] = []
        var plan = harness.succeed(elapsed: 1)
        while let next = plan.next {
            order.append(next.location.id)
            plan = harness.succeed()
        }
        #expect(order == ["new-york", "london", "tokyo"])
    }

    @Test func noLocationStarvesBehindOneThatHangs() {
        // The case: 250 ms ticks, one location whose requests hang until the 1 s timeout.
        var harness = PlannerHarness(interval: 0.25, refresh: .everyTick)
        var finishAt: (time: Double, hangs: Bool)?
        var fetches: [String: Int] = [:]
        func start(_ order: FetchOrder, at time: Double) {
            fetches[order.location.id, default: 0] += 1
            finishAt = (time + (order.location.id == "london" ? 1.0 : 0.01), order.location.id == "london")
        }
        for step in 0..<400 {
            let tickTime = Double(step) * 0.25
            while let pending = finishAt, pending.time <= tickTime {
                harness.now = PlannerHarness.start.adding(seconds: pending.time)
                finishAt = nil
                let timeout = FetchError(kind: .timeout, message: "timed out after 1 s")
                let plan = pending.hangs ? harness.fail(timeout) : harness.succeed()
                if let next = plan.next { start(next, at: pending.time) }
            }
            harness.now = PlannerHarness.start.adding(seconds: tickTime)
            if case .fetch(let order) = harness.tick().action { start(order, at: tickTime) }
        }
        // 100 s: the healthy locations are fetched about once a rotation or more, none starves.
        for id in ["berlin", "new-york", "tokyo"] {
            #expect(fetches[id, default: 0] >= 40, "\(id): \(fetches[id, default: 0]) fetches")
        }
        #expect(fetches["london", default: 0] >= 10)
    }

    @Test func a429EmptiesTheQueue() {
        var harness = PlannerHarness()
        _ = harness.tickFetching()
        harness.advance(10)
        _ = harness.tick()
        harness.advance(10)
        _ = harness.tick()
        let plan = harness.fail(.minutely)
        #expect(plan.next == nil)
        #expect(!harness.planner.hasQueued)
    }

    @Test func limitsAreCheckedAgainWhenAQueuedFetchStarts() {
        // 3 calls a minute: the first fetch (with the day's outlook, 1.6) and a queued one would make 3.2.
        var harness = PlannerHarness(limits: QuotaLimits(minute: 3, hour: 0, day: 0))
        _ = harness.tickFetching()
        harness.advance(10)
        #expect(harness.tick().action == .queued(.queued))
        let plan = harness.succeed()
        #expect(plan.next == nil)
        #expect(plan.events.contains { if case .quotaWindowFull(.minute, _, _, _) = $0 { true } else { false } })
        // Held back, not dropped (docs/fetching.md: only a 429 or 503 empties the queue).
        #expect(harness.planner.hasQueued)
    }

    @Test func aQueuedFetchHeldBackByALimitStartsAtTheFirstFreeTickAfterIt() {
        // 2 calls a minute; each first fetch weighs 1.6 (with the day's outlook).
        var harness = PlannerHarness(
            locations: [PlannerHarness.berlin, PlannerHarness.london],
            limits: QuotaLimits(minute: 2, hour: 0, day: 0)
        )
        _ = harness.tickFetching()  // 12:00:00 Berlin
        harness.advance(10)
        #expect(harness.tick().action == .queued(.queued))  // London, behind Berlin
        #expect(harness.succeed().next == nil)  // 3.2 calls would exceed the minute: held back
        #expect(harness.planner.hasQueued)
        harness.advance(10)
        let held = harness.tick()  // 12:00:20 Berlin: cached; the minute is still full
        #expect(!held.action.isFetch)
        #expect(held.queuedFetch == nil)
        harness.advance(10)
        #expect(harness.tick().action == .cache(waiting: .quota))  // 12:00:30 London's own visit: held too
        #expect(harness.planner.hasQueued)
        // 12:01:05: a new minute and its spread (at most 4 s) over; Berlin's tick serves the cache, finds
        // the connection free and starts London's queued fetch.
        harness.advance(35)
        let tick = harness.tick()
        #expect(tick.record.location.id == "berlin")
        #expect(!tick.action.isFetch)
        #expect(tick.queuedFetch?.location.id == "london")
        #expect(tick.queuedFetch?.queued == true)
        #expect(!harness.planner.hasQueued)
    }

    @Test func aLocationIsNotQueuedBehindItsOwnFetch() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin], refresh: .everyTick)
        _ = harness.tickFetching()
        harness.advance(10)
        let plan = harness.tick()
        #expect(plan.action == .queued(.queued))
        #expect(!harness.planner.hasQueued)
        #expect(harness.succeed().next == nil)
    }
}
