import Testing
@testable import WeatherCore

@Suite("Planner: restarts and reloads")
struct PlannerRestoreTests {
    private let identity = Planner.Identity(pid: 1, version: "test", startedAt: PlannerHarness.start.wall, timeout: 5)

    /// A run that fetched every location once and was stopped `after` seconds later.
    private func previousRun(after: Double = 100, limits: QuotaLimits = .freeTier) -> (StateSnapshot, Moment) {
        var harness = PlannerHarness(limits: limits)
        harness.fetchEveryLocationOnce()
        harness.advance(after)
        return (harness.planner.snapshot(at: harness.now, identity: identity), harness.now)
    }

    @Test func aRestartCostsNoExtraCalls() {
        let (previous, stoppedAt) = previousRun()
        // Restarted 5 s later, on another boot (the uptime clock starts again).
        var harness = PlannerHarness(
            limits: .freeTier,
            start: Moment(wall: stoppedAt.wall.adding(seconds: 5), uptime: 20)
        )
        harness.planner.restore(from: previous, at: harness.now)
        for _ in 0..<8 {
            #expect(!harness.tick().action.isFetch)
            harness.advance(10)
        }
        #expect(harness.planner.counters.requests == 0)
        // The day's count goes on, and the weather is due by the usual rule.
        #expect(harness.planner.ledger.count(.day, at: harness.now.wall).usedTenths == 72)
        let due = harness.nextRefresh(PlannerHarness.berlin)!
        #expect(due.seconds(since: PlannerHarness.start.wall) >= 900)
        #expect(due.seconds(since: PlannerHarness.start.wall) <= 960)
    }

    @Test func loadedWeatherIsJudgedByItsAgeAlone() {
        let (previous, stoppedAt) = previousRun()
        var harness = PlannerHarness(start: Moment(wall: stoppedAt.wall.adding(seconds: 5), uptime: 20))
        harness.planner.restore(from: previous, at: harness.now)
        let snapshot = harness.planner.snapshot(at: harness.now, identity: identity)
        #expect(snapshot.locations.allSatisfy { $0.status == .ok })
        harness.advance(1800)
        let later = harness.planner.snapshot(at: harness.now, identity: identity)
        #expect(later.locations.allSatisfy { $0.status == .stale })
    }

    @Test func aRestartAfterMidnightStartsANewDay() {
        let (previous, stoppedAt) = previousRun()
        let nextDay = Moment(wall: Timestamp(rfc3339: "2026-11-23T00:00:05Z")!, uptime: 20)
        #expect(nextDay.wall > stoppedAt.wall)
        var harness = PlannerHarness(limits: .freeTier, start: nextDay)
        harness.planner.restore(from: previous, at: harness.now)
        #expect(harness.planner.ledger.count(.day, at: harness.now.wall).usedTenths == 0)
        // Weather from yesterday is long due.
        #expect(harness.tick().action.isFetch)
    }

    @Test func aPauseRecordedInTheStateFileIsRestored() {
        var harness = PlannerHarness()
        _ = harness.tickFetching()
        harness.fail(.minutely)
        let previous = harness.planner.snapshot(at: harness.now, identity: identity)
        let until = try! #require(previous.daemon.backoffUntil)
        var restarted = PlannerHarness(start: Moment(wall: harness.now.wall.adding(seconds: 2), uptime: 5))
        restarted.planner.restore(from: previous, at: restarted.now)
        #expect(restarted.tick().action == .cache(waiting: .backoff))
        restarted.now = Moment(
            wall: until.adding(seconds: 0.5),
            uptime: 5 + until.seconds(since: restarted.now.wall) + 0.5
        )
        #expect(restarted.tick().action.isFetch)
    }

    @Test func aFailingLocationKeepsItsRetryDelayAcrossARestart() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin])
        _ = harness.tickFetching()
        harness.fail()
        harness.advance(10)
        _ = harness.tickFetching()
        harness.fail()
        // k = 2: next try 20 s after the last failure.
        let previous = harness.planner.snapshot(at: harness.now, identity: identity)
        #expect(previous.locations[0].consecutiveFailures == 2)
        var restarted = PlannerHarness(
            locations: [PlannerHarness.berlin],
            start: Moment(wall: harness.now.wall.adding(seconds: 5), uptime: 3)
        )
        restarted.planner.restore(from: previous, at: restarted.now)
        #expect(restarted.tick().action == .cache(waiting: .retry))
        restarted.advance(16)
        #expect(restarted.tick().action.isFetch)
    }

    @Test func movedLocationsOrOtherUnitsAreDueAtOnce() {
        let (previous, stoppedAt) = previousRun()
        let moved = Location(name: "Berlin", latitude: 52.4, longitude: 13.41)
        var harness = PlannerHarness(
            locations: [moved, PlannerHarness.london],
            start: Moment(wall: stoppedAt.wall.adding(seconds: 5), uptime: 20)
        )
        harness.planner.restore(from: previous, at: harness.now)
        #expect(harness.record(moved).weather == nil)
        #expect(harness.record(PlannerHarness.london).weather != nil)
        var fahrenheit = PlannerHarness(start: Moment(wall: stoppedAt.wall.adding(seconds: 5), uptime: 20))
        fahrenheit.planner.reconfigure(
            locations: PlannerHarness.four,
            settings: PlannerSettings(interval: 10, units: Units(temperature: .fahrenheit))
        )
        fahrenheit.planner.restore(from: previous, at: fahrenheit.now)
        #expect(fahrenheit.planner.records.allSatisfy { $0.weather == nil })
    }

    @Test func aReloadKeepsLocationsThatStayAndFetchesNewOrMovedOnesAtOnce() {
        var harness = PlannerHarness()
        harness.fetchEveryLocationOnce()
        let paris = Location(name: "Paris", latitude: 48.85, longitude: 2.35)
        let movedTokyo = Location(name: "Tokyo", latitude: 35.0, longitude: 139.6917)
        harness.planner.reconfigure(
            locations: [PlannerHarness.berlin, paris, movedTokyo],
            settings: PlannerSettings(interval: 10)
        )
        #expect(harness.record(PlannerHarness.berlin).weather != nil)
        #expect(harness.record(paris).weather == nil)
        #expect(harness.record(movedTokyo).weather == nil)
        var fetched: [String] = []
        for _ in 0..<3 {
            if let order = harness.tickFetching() {
                fetched.append(order.location.id)
                harness.succeed()
            }
            harness.advance(10)
        }
        #expect(fetched.sorted() == ["paris", "tokyo"])
    }
}

@Suite("Planner: a board without a real-time clock")
struct PlannerClockStepTests {
    private let identity = Planner.Identity(pid: 1, version: "test", startedAt: PlannerHarness.start.wall, timeout: 5)
    private static let month: Double = 30 * 86_400

    /// A previous run that fetched Berlin (and, with `minutely`, got a daily 429); stopped `after` later.
    private func previousRun(refresh: RefreshPolicy, daily429: Bool = false) -> (StateSnapshot, Moment) {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin, PlannerHarness.london], refresh: refresh)
        _ = harness.tickFetching()
        harness.succeed()
        harness.advance(10)
        if daily429 {
            _ = harness.tickFetching()
            harness.fail(
                FetchError(
                    kind: .rateLimited,
                    message: "HTTP 429",
                    httpStatus: 429,
                    reason: "Daily API request limit exceeded. Please try again tomorrow."
                )
            )
        }
        return (harness.planner.snapshot(at: harness.now, identity: identity), harness.now)
    }

    @Test func timesReadFromThePreviousRunFollowTheStepToTheRightTime() {
        let (previous, stoppedAt) = previousRun(refresh: .every(.seconds(900)))
        // Boots a minute later, its clock a month behind until NTP steps it.
        var harness = PlannerHarness(
            locations: [PlannerHarness.berlin, PlannerHarness.london],
            refresh: .every(.seconds(900)),
            start: Moment(wall: stoppedAt.wall.adding(seconds: 60 - Self.month), uptime: 5)
        )
        harness.planner.restore(from: previous, at: harness.now)
        _ = harness.tick()
        harness.advance(10)
        harness.stepWallClock(Self.month)
        let step = harness.tick()
        #expect(step.events.contains { if case .clockStepped = $0 { true } else { false } })
        // Berlin was fetched at 12:00:00 and is due again 15 minutes later, not a month later.
        let due = try! #require(harness.nextRefresh(PlannerHarness.berlin))
        #expect(abs(due.seconds(since: PlannerHarness.start.wall) - 900) <= 1)
        var fetchedAt: Double?
        for _ in 0..<200 where fetchedAt == nil {
            harness.advance(10)
            if harness.tickFetching()?.location.id == "berlin" {
                fetchedAt = harness.now.wall.seconds(since: PlannerHarness.start.wall)
            } else if harness.planner.inFlight != nil {
                harness.succeed()
            }
        }
        #expect(fetchedAt.map { $0 >= 899 && $0 < 920 } == true, "\(String(describing: fetchedAt))")
    }

    @Test func aRestoredDailyPauseEndsAtMidnightAfterTheStep() throws {
        let (previous, stoppedAt) = previousRun(refresh: .auto, daily429: true)
        let midnight = try #require(previous.daemon.backoffUntil)
        // Restarted the next morning; the clock still says yesterday until NTP steps it a day on.
        var harness = PlannerHarness(
            locations: [PlannerHarness.berlin, PlannerHarness.london],
            start: Moment(wall: stoppedAt.wall, uptime: 5)
        )
        harness.planner.restore(from: previous, at: harness.now)
        #expect(harness.planner.backoff.isPaused(at: harness.now))
        harness.advance(10)
        harness.stepWallClock(86_400)
        #expect(harness.now.wall > midnight)
        #expect(!harness.planner.backoff.isPaused(at: harness.now))
        #expect(harness.tick().action.isFetch)
    }

    @Test func aWallClockStepBackDropsA429WaitThatWouldLastMoreThanADay() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin])
        // Without a Date the host's clock is all there is: the minute's end is a wall-clock time.
        harness.sendsDate = false
        _ = harness.tickFetching()
        harness.fail(.minutely)
        harness.advance(10)
        harness.stepWallClock(-3 * 86_400)
        #expect(harness.tick().action.isFetch)
    }

    @Test func withTheAPIsClockKnownA429WaitIsNotMovedByAHostClockStep() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin])
        _ = harness.tickFetching()
        harness.fail(.minutely)  // 12:00:00: the API's minute ends in 60 s (its clock: the host's, then)
        harness.advance(10)
        harness.stepWallClock(-3 * 86_400)
        // The API's clock did not step: 50 s of its minute are left, wherever the host's clock went.
        #expect(harness.tick().action == .cache(waiting: .backoff))
        harness.advance(55)  // past the minute and its spread (at most 4 s)
        #expect(harness.tick().action.isFetch)
    }
}

@Suite("Planner: limits and durations")
struct PlannerLimitChangeTests {
    @Test func aReloadThatRaisesTheLimitsLiftsTheHoldOfAFullWindow() {
        var harness = PlannerHarness(refresh: .everyTick, limits: QuotaLimits(minute: 0, hour: 0, day: 2))
        _ = harness.tickFetching()
        harness.succeed()
        harness.advance(10)
        #expect(harness.tick().action == .cache(waiting: .quota))
        harness.planner.reconfigure(
            locations: PlannerHarness.four,
            settings: PlannerSettings(
                interval: 10,
                refresh: .everyTick,
                limits: QuotaLimits(minute: 0, hour: 0, day: 100)
            )
        )
        harness.advance(10)
        #expect(harness.tick().action.isFetch)
    }

    @Test func aDurationBetweenOneAndOneAndAHalfTicksIsNotShortenedToOneTick() {
        var harness = PlannerHarness(locations: [PlannerHarness.berlin], interval: 60, refresh: .every(.seconds(80)))
        var fetches: [Double] = []
        for _ in 0..<10 {
            if harness.tickFetching() != nil {
                fetches.append(harness.now.wall.seconds(since: PlannerHarness.start.wall))
                harness.succeed(elapsed: 0.3)
                harness.advance(59.7)
            } else {
                harness.advance(60)
            }
        }
        #expect(fetches == [0, 120, 240, 360, 480])
    }
}
