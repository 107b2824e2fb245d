import Testing
import WeatherCore

/// docs/fetching.md "The API's clock, not the host's" and "At most two answered requests", on the planner alone:
/// three locations at 1 s against an API whose data moves every 60 s, its clock `skew` seconds from the
/// host's, with and without a `Date`.
@Suite("Planner: the API's clock")
struct PlannerAPIClockTests {
    static let three = [PlannerHarness.berlin, PlannerHarness.london, PlannerHarness.newYork]

    /// Runs `seconds` ticks of 1 s, every fetch answered at once; returns the uptimes of each location's
    /// requests.
    static func run(skew: Double, sendsDate: Bool, seconds: Int = 150) -> (PlannerHarness, [String: [Double]]) {
        var harness = PlannerHarness(locations: three, interval: 1)
        harness.apiSkew = skew
        harness.sendsDate = sendsDate
        var requests: [String: [Double]] = [:]
        for _ in 0..<seconds {
            if let order = harness.tickFetching() {
                requests[order.location.id, default: []].append(harness.now.uptime)
                harness.succeed(dataInterval: 60)
            }
            harness.advance(1)
        }
        return (harness, requests)
    }

    @Test(
        "with a Date, a skewed host clock costs about one request per data period",
        arguments: [0.0, 240, -240, 30, -30]
    )
    func oneRequestPerPeriodWhateverTheSkew(skew: Double) {
        let (harness, requests) = Self.run(skew: skew, sendsDate: true)
        #expect(abs(harness.planner.apiClock.offset - skew) < 0.001)
        for (id, times) in requests {
            // 150 s are 2.5 periods: the first fetch, one per period begun since (3 at most), and at
            // most one more while the offset is confirmed.
            #expect(times.count <= 5, "\(id): \(times.count) requests in 150 s at a skew of \(skew) s")
            #expect(times.count >= 3, "\(id): \(times.count) requests: a period was missed")
        }
    }

    @Test(
        "without a Date, at most two answered requests per location within any data interval",
        arguments: [240.0, -240]
    )
    func atMostTwoWithoutADate(skew: Double) {
        let (harness, requests) = Self.run(skew: skew, sendsDate: false)
        #expect(harness.planner.apiClock.offset == 0)
        for (id, times) in requests {
            // The first fetch of a location without weather is not counted.
            let counted = Array(times.dropFirst())
            for index in counted.indices.dropLast(2) {
                #expect(counted[index + 2] - counted[index] >= 60, "\(id): \(counted)")
            }
            #expect(times.count <= 1 + 2 * 3, "\(id): \(times.count) requests in 150 s")
        }
    }

    @Test func eachNewPeriodIsShownWithinARotationAndTheSpread() {
        var harness = PlannerHarness(locations: Self.three, interval: 1)
        harness.apiSkew = -240
        for _ in 0..<200 {
            if harness.tickFetching() != nil { harness.succeed(dataInterval: 60) }
            harness.advance(1)
        }
        // At the end, every location shows the period the API's clock is in, or the one before while
        // within a rotation (3 s) plus the spread (4 s) of its start.
        let apiNow = harness.now.wall.adding(seconds: -240)
        let period = PlannerHarness.periodStart(of: apiNow, interval: 60)
        for record in harness.planner.records {
            let observed = record.weather?.observedAt
            let late = apiNow.seconds(since: period) <= 3 + 4 + 1
            #expect(observed == period || (late && observed == period.adding(seconds: -60)), "\(record.location.id)")
        }
    }

    @Test func dueTimesQuotaWindowsAndStatusFollowTheAPIsClock() {
        var harness = PlannerHarness(
            locations: [PlannerHarness.berlin],
            limits: QuotaLimits(minute: 100, hour: 0, day: 0)
        )
        harness.apiSkew = 240
        _ = harness.tickFetching()
        harness.succeed()
        harness.planner.refreshAll()  // a second answer confirms the offset
        _ = harness.tickFetching()
        harness.succeed()
        #expect(harness.planner.apiClock.offset == 240)
        let snapshot = harness.planner.snapshot(
            at: harness.now,
            identity: Planner.Identity(pid: 1, version: "t", startedAt: harness.now.wall, timeout: 5)
        )
        #expect(snapshot.daemon.apiClockOffsetSeconds == 240)
        #expect(snapshot.locations[0].status == .ok)
        // The quota's minute is the API's (the host's 12:00:00 is the API's 12:04:00).
        #expect(snapshot.daemon.quota.minute.resetsAt == Timestamp(secondsSinceEpoch: 1_795_348_800 + 300))
        // The next period begins at the API's 12:15: the host's 12:11, plus the spread.
        let next = harness.nextRefresh(PlannerHarness.berlin)!
        let hostDue = Timestamp(secondsSinceEpoch: 1_795_348_800 + 900 - 240)
        #expect(next >= hostDue && next <= hostDue.adding(seconds: 60))
    }

    @Test func staleIsJudgedByTheDataAgeOnTheAPIsClock() {
        // The API's clock is 1,850 s behind the host's: by the host's clock its fresh data would look
        // older than stale_after (1,800 s); on the API's clock it is seconds old.
        var harness = PlannerHarness(locations: [PlannerHarness.berlin])
        harness.apiSkew = -1850
        _ = harness.tickFetching()
        harness.succeed()
        harness.planner.refreshAll()
        _ = harness.tickFetching()
        harness.succeed()
        #expect(harness.planner.apiClock.offset == -1850)
        let identity = Planner.Identity(pid: 1, version: "t", startedAt: harness.now.wall, timeout: 5)
        let snapshot = harness.planner.snapshot(at: harness.now, identity: identity)
        #expect(snapshot.locations[0].status == .ok)
        // A reader judges the same way with daemon.api_clock_offset_seconds.
        #expect(snapshot.judge(snapshot.locations[0], at: harness.now.wall) == .fresh)
        var hostOnly = snapshot
        hostOnly.daemon.apiClockOffsetSeconds = 0
        #expect(hostOnly.judge(hostOnly.locations[0], at: harness.now.wall) == .stale)
    }

    @Test func anOffsetBeyondThirtySecondsIsReportedOnceAndAgainWhenItMoves() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin])
        harness.apiSkew = 240
        var reports: [Double] = []
        func collect(_ events: [PlannerEvent]) {
            for case .apiClockOffset(let seconds) in events { reports.append(seconds) }
        }
        for _ in 0..<5 {
            if harness.tickFetching() != nil { collect(harness.succeed().events) }
            harness.advance(10)
            harness.planner.refreshAll()
        }
        #expect(reports == [240])
        harness.apiSkew = 300
        for _ in 0..<5 {
            if harness.tickFetching() != nil { collect(harness.succeed().events) }
            harness.advance(10)
            harness.planner.refreshAll()
        }
        #expect(reports == [240, 300])
    }

    @Test func theOffsetIsKeptAcrossARestart() {
        let (harness, _) = Self.run(skew: -240, sendsDate: true, seconds: 20)
        let snapshot = harness.planner.snapshot(
            at: harness.now,
            identity: Planner.Identity(pid: 1, version: "t", startedAt: harness.now.wall, timeout: 5)
        )
        var next = Planner(
            locations: Self.three,
            settings: PlannerSettings(interval: 1),
            seed: 7
        )
        next.restore(from: snapshot, at: harness.now.adding(seconds: 5))
        #expect(next.apiClock.offset == -240)
        #expect(next.apiClock.samples == harness.planner.apiClock.samples)
        // Nothing is due: the restored offset says the API has no news yet.
        for record in next.records {
            #expect(next.nextRefresh(of: record, at: harness.now.adding(seconds: 5)) != nil, "\(record.location.id)")
        }
    }
}
