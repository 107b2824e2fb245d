import Testing
import WeatherCore

@Suite("Planner: the quota")
struct PlannerQuotaTests {
    @Test func requestsAreCountedWithTheirWeights() {
        var harness = PlannerHarness(refresh: .everyTick)
        // First rotation: each asks for the day's outlook too (18 variables: 1.8 calls).
        for _ in 0..<4 {
            _ = harness.tickFetching()
            harness.succeed()
            harness.advance(1)
        }
        #expect(harness.planner.ledger.count(.minute, at: harness.now.wall).usedTenths == 72)
        // Then current weather alone: 1 call each.
        for _ in 0..<4 {
            _ = harness.tickFetching()
            harness.succeed()
            harness.advance(1)
        }
        #expect(harness.planner.ledger.count(.hour, at: harness.now.wall).usedTenths == 112)
        #expect(harness.planner.counters.requests == 8)
    }

    @Test func failedRequestsCountToo() {
        var harness = PlannerHarness(refresh: .everyTick)
        _ = harness.tickFetching()
        harness.fail()
        #expect(harness.planner.ledger.count(.day, at: harness.now.wall).usedTenths == 18)
    }

    @Test func noRequestTakesAWindowOverItsLimitAndAFullWindowIsLoggedOnce() {
        // 5 calls an hour.
        var harness = PlannerHarness(refresh: .everyTick, limits: QuotaLimits(minute: 0, hour: 5, day: 0))
        var fullEvents = 0
        var waits: [Waiting] = []
        for _ in 0..<100 {
            let plan = harness.tick()
            fullEvents += plan.events.filter { if case .quotaWindowFull = $0 { true } else { false } }.count
            switch plan.action {
            case .fetch: harness.succeed()
            case .cache(let waiting?): waits.append(waiting)
            default: break
            }
            harness.advance(10)
        }
        let used = harness.planner.ledger.count(.hour, at: harness.now.wall).usedTenths
        #expect(used <= 50)
        // 1.8 × 2 = 3.6: the third location's first request (1.8, with its days) would take it over 5.
        #expect(used == 36)
        #expect(fullEvents == 1)
        #expect(waits.allSatisfy { $0 == .quota })
        #expect(!waits.isEmpty)
    }

    @Test func requestsResumeAfterTheWindowResetsPlusASpread() {
        var harness = PlannerHarness(refresh: .everyTick, limits: QuotaLimits(minute: 2, hour: 0, day: 0))
        _ = harness.tickFetching()
        harness.succeed()
        harness.advance(10)
        let blocked = harness.tick()
        #expect(blocked.action == .cache(waiting: .quota))
        let next = harness.nextRefresh(PlannerHarness.london)!
        // 12:01:00 plus a spread of at most a fifteenth of a minute.
        let minute = PlannerHarness.start.wall.adding(seconds: 60)
        #expect(next >= minute && next <= minute.adding(seconds: 4))
        harness.now = PlannerHarness.start.adding(seconds: 60 + 4.001)
        #expect(harness.tick().action.isFetch)
    }

    @Test func theSnapshotShowsEachWindowWithItsLimitAndEnd() {
        var harness = PlannerHarness(limits: .freeTier)
        _ = harness.tickFetching()
        harness.succeed()
        let identity = Planner.Identity(pid: 1, version: "test", startedAt: PlannerHarness.start.wall, timeout: 5)
        let quota = harness.planner.snapshot(at: harness.now, identity: identity).daemon.quota
        #expect(
            quota.minute == QuotaUsage(used: 1.8, limit: 600, resetsAt: Timestamp(rfc3339: "2026-11-22T12:01:00Z")!)
        )
        #expect(quota.hour == QuotaUsage(used: 1.8, limit: 5000, resetsAt: Timestamp(rfc3339: "2026-11-22T13:00:00Z")!))
        #expect(
            quota.day == QuotaUsage(used: 1.8, limit: 10_000, resetsAt: Timestamp(rfc3339: "2026-11-23T00:00:00Z")!)
        )
    }

    @Test func aWallClockStepIsNoticedAndWindowsTooFarAheadAreDropped() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin], refresh: .everyTick)
        // Without a Date the host's clock is all there is: the windows follow its step.
        harness.sendsDate = false
        _ = harness.tickFetching()
        harness.succeed()
        harness.advance(10)
        harness.stepWallClock(-120)
        let plan = harness.tick()
        #expect(plan.events.contains { if case .clockStepped(let by) = $0 { by == -120 } else { false } })
        let wall = harness.now.wall
        // 12:00:10 became 11:58:10: the minute and hour windows end more than a window ahead and start
        // again; the day goes on. The day's outlook is asked for again (it seems to come from the future).
        #expect(plan.action.isFetch)
        #expect(harness.planner.ledger.count(.minute, at: wall).usedTenths == 18)
        #expect(harness.planner.ledger.count(.hour, at: wall).usedTenths == 18)
        #expect(harness.planner.ledger.count(.day, at: wall).usedTenths == 36)
    }

    @Test func withTheAPIsClockKnownAHostClockStepLeavesTheWindowsAlone() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin], refresh: .everyTick)
        _ = harness.tickFetching()
        harness.succeed()
        harness.advance(10)
        harness.stepWallClock(-120)
        let plan = harness.tick()
        #expect(plan.action.isFetch)
        // The API's clock did not step: the host is now 120 s behind it, and its minute goes on.
        #expect(harness.planner.apiClock.offset == 120)
        let apiNow = harness.planner.apiTime(at: harness.now)
        #expect(apiNow == PlannerHarness.start.wall.adding(seconds: 10))
        // The days are not asked for again: the same 6-hour slot on the API's clock (1.8 + 1.0).
        #expect(harness.planner.ledger.count(.minute, at: apiNow).usedTenths == 28)
    }
}

@Suite("QuotaLedger")
struct QuotaLedgerTests {
    private func time(_ text: String) -> Timestamp { Timestamp(rfc3339: text)! }

    @Test func windowsAreFixedUTCMinutesHoursAndDays() {
        var ledger = QuotaLedger()
        ledger.charge(10, at: time("2026-11-22T23:59:59Z"))
        #expect(ledger.count(.minute, at: time("2026-11-22T23:59:59.9Z")).usedTenths == 10)
        let midnight = time("2026-11-23T00:00:00Z")
        for window in QuotaWindow.allCases {
            #expect(ledger.count(window, at: midnight).usedTenths == 0)
        }
        #expect(ledger.count(.minute, at: midnight).resetsAt == time("2026-11-23T00:01:00Z"))
        #expect(ledger.count(.hour, at: midnight).resetsAt == time("2026-11-23T01:00:00Z"))
        #expect(ledger.count(.day, at: midnight).resetsAt == time("2026-11-24T00:00:00Z"))
        ledger.charge(16, at: time("2026-11-23T00:00:30Z"))
        ledger.charge(10, at: time("2026-11-23T00:01:30Z"))
        let later = time("2026-11-23T00:59:59Z")
        #expect(ledger.count(.minute, at: later).usedTenths == 0)
        #expect(ledger.count(.hour, at: later).usedTenths == 26)
        #expect(ledger.count(.hour, at: time("2026-11-23T01:00:00Z")).usedTenths == 0)
        #expect(ledger.count(.day, at: time("2026-11-23T23:59:59Z")).usedTenths == 26)
    }

    @Test func theFullWindowIsTheOneThatResetsLast() {
        var ledger = QuotaLedger()
        let now = time("2026-11-22T12:00:00Z")
        ledger.charge(90, at: now)
        let limits = QuotaLimits(minute: 9.5, hour: 9.5, day: 9.5)
        #expect(ledger.fullWindow(for: 5, limits: limits, at: now) == nil)
        #expect(ledger.fullWindow(for: 10, limits: limits, at: now) == .day)
        #expect(ledger.fullWindow(for: 10, limits: QuotaLimits(minute: 9.5, hour: 0, day: 0), at: now) == .minute)
        #expect(ledger.fullWindow(for: 1000, limits: .none, at: now) == nil)
    }

    @Test func aRefundComesOffTheWindowsItWasChargedIn() {
        var ledger = QuotaLedger()
        let charged = time("2026-11-22T12:00:59Z")
        ledger.charge(26, at: charged)
        ledger.refund(16, chargedAt: charged, at: time("2026-11-22T12:01:01Z"))
        #expect(ledger.count(.minute, at: time("2026-11-22T12:01:01Z")).usedTenths == 0)
        #expect(ledger.count(.hour, at: time("2026-11-22T12:01:01Z")).usedTenths == 10)
    }

    @Test func onlyTheCurrentWindowIsRestored() {
        var ledger = QuotaLedger()
        let now = time("2026-11-22T12:30:00Z")
        ledger.restore(.minute, usedTenths: 50, resetsAt: time("2026-11-22T12:30:00Z"), at: now)
        ledger.restore(.hour, usedTenths: 70, resetsAt: time("2026-11-22T13:00:00Z"), at: now)
        ledger.restore(.day, usedTenths: 90, resetsAt: time("2026-11-22T00:00:00Z"), at: now)
        #expect(ledger.count(.minute, at: now).usedTenths == 0)
        #expect(ledger.count(.hour, at: now).usedTenths == 70)
        #expect(ledger.count(.day, at: now).usedTenths == 0)
    }

    @Test func weightsAreTenths() {
        #expect(Weight.of(variables: 10) == 10)
        #expect(Weight.of(variables: 3) == 10)
        #expect(Weight.of(variables: 16) == 16)
        #expect(ForecastBlocks(days: 1).weight == 18)
        #expect(ForecastBlocks.none.weight == 10)
        #expect(QuotaLimits(minute: 0.5, hour: 1.6, day: 10_000).dayTenths == 100_000)
        #expect(Weight.calls(16) == 1.6)
    }
}
