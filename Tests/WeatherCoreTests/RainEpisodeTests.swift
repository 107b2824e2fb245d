import Testing
import WeatherCore
import WeatherTestSupport

/// The rain events among `events`, as `soon <id>` and `ended <id>`, sorted.
private func rainEvents(_ events: [PlannerEvent]) -> [String] {
    events.compactMap { event -> String? in
        switch event {
        case .rainSoon(let location, _): "soon \(location.id)"
        case .rainEnded(let id): "ended \(id)"
        default: nil
        }
    }
    .sorted()
}

@Suite("Planner: rain episodes")
struct RainEpisodeTests {
    private let identity = Planner.Identity(pid: 1, version: "test", startedAt: PlannerHarness.start.wall, timeout: 5)
    private static let ids = PlannerHarness.four.map(\.id).sorted()

    private static func harness(
        locations: [Location] = PlannerHarness.four,
        start: Moment = PlannerHarness.start
    ) -> PlannerHarness {
        PlannerHarness(locations: locations, start: start, forecast: ForecastSettings())
    }

    /// Ticks every 10 s for `seconds`, each fetch answered at once with a nowcast wet from `wetFromStep` (the
    /// step ending 15 minutes after the current quarter hour is 1); every event of the ticks and fetches.
    private static func run(
        _ harness: inout PlannerHarness,
        for seconds: Double,
        wetFromStep: Int?
    ) -> [PlannerEvent] {
        var events: [PlannerEvent] = []
        for _ in 0..<Int(seconds / 10) {
            let plan = harness.tick()
            events += plan.events
            if plan.action.isFetch { events += harness.succeed(wetFromStep: wetFromStep).events }
            harness.advance(10)
        }
        return events
    }

    @Test func anEpisodeIsAnnouncedOnceAcrossManyTicksAndFetches() {
        var harness = Self.harness()
        // An hour of rain: 4 fetches of each location, 360 ticks.
        let wet = Self.run(&harness, for: 3600, wetFromStep: 1)
        #expect(rainEvents(wet) == Self.ids.map { "soon \($0)" })
        #expect(harness.planner.counters.fetchesOK >= 16)
        #expect(harness.planner.rainEpisodes == Set(Self.ids))
        // The first answer already reads wet: the announcement tells how long.
        let first = wet.first { if case .rainSoon = $0 { true } else { false } }
        guard case .rainSoon(_, let summary) = first else {
            Issue.record("no announcement")
            return
        }
        #expect(summary.isRainSoon)
        #expect(summary.summary == "rain for 2 h")
        #expect(summary.rainStartsAt == PlannerHarness.start.wall)
    }

    @Test func anEpisodeEndsWhenTheWholeWindowReadsDryAndTheNextOneIsAnnouncedAgain() {
        var harness = Self.harness(locations: [PlannerHarness.berlin])
        let id = PlannerHarness.berlin.id
        #expect(rainEvents(Self.run(&harness, for: 1800, wetFromStep: 1)) == ["soon \(id)"])
        // Rain moves away but is still in the window (1 h 45 min ahead): the episode goes on.
        #expect(rainEvents(Self.run(&harness, for: 3600, wetFromStep: 8)).isEmpty)
        #expect(harness.planner.rainEpisodes == [id])
        // Dry for the whole 2 hours: the episode ends, once.
        #expect(rainEvents(Self.run(&harness, for: 3600, wetFromStep: nil)) == ["ended \(id)"])
        #expect(harness.planner.rainEpisodes.isEmpty)
        // A new episode is announced again.
        #expect(rainEvents(Self.run(&harness, for: 3600, wetFromStep: 2)) == ["soon \(id)"])
    }

    @Test func rainMoreThanHalfAnHourAwayIsNotAnnouncedYet() {
        var harness = Self.harness(locations: [PlannerHarness.berlin])
        // Step 6 starts 75 minutes after each answer's quarter hour: never within 30 minutes before the next
        // answer moves it on.
        #expect(rainEvents(Self.run(&harness, for: 3600, wetFromStep: 6)).isEmpty)
        #expect(harness.planner.rainEpisodes.isEmpty)
        // Step 3 starts 30 minutes after the quarter hour: soon.
        #expect(rainEvents(Self.run(&harness, for: 1800, wetFromStep: 3)) == ["soon \(PlannerHarness.berlin.id)"])
    }

    @Test func theDurableStateCarriesTheEpisodes() {
        var harness = Self.harness()
        _ = Self.run(&harness, for: 60, wetFromStep: 1)
        let snapshot = harness.planner.snapshot(at: harness.now, identity: identity)
        #expect(snapshot.daemon.rainEpisodes == Self.ids)
        #expect(snapshot.locations.allSatisfy { $0.forecast?.nowcast.isEmpty == false })
        let dry = Self.harness().planner.snapshot(at: PlannerHarness.start, identity: identity)
        #expect(dry.daemon.rainEpisodes == nil)
    }

    @Test func episodesOfThePreviousRunAreNotAnnouncedAgain() {
        var previousRun = Self.harness()
        #expect(rainEvents(Self.run(&previousRun, for: 60, wetFromStep: 1)).count == 4)
        let previous = previousRun.planner.snapshot(at: previousRun.now, identity: identity)
        // Restarted 5 s later on another boot: it still rains.
        let restart = Moment(wall: previousRun.now.wall.adding(seconds: 5), uptime: 20)
        var harness = Self.harness(start: restart)
        harness.planner.restore(from: previous, at: harness.now)
        #expect(harness.planner.rainEpisodes == Set(Self.ids))
        #expect(rainEvents(Self.run(&harness, for: 3600, wetFromStep: 1)).isEmpty)
        // They end as usual, and the next ones are announced.
        #expect(rainEvents(Self.run(&harness, for: 3600, wetFromStep: nil)) == Self.ids.map { "ended \($0)" })
        #expect(rainEvents(Self.run(&harness, for: 3600, wetFromStep: 1)) == Self.ids.map { "soon \($0)" })
    }

    @Test func withoutRestoredEpisodesTheRestoredNowcastIsAnnouncedAtTheFirstTick() {
        var previousRun = Self.harness()
        _ = Self.run(&previousRun, for: 60, wetFromStep: 1)
        var previous = previousRun.planner.snapshot(at: previousRun.now, identity: identity)
        // A state file of an earlier version: no episodes recorded.
        previous.daemon.rainEpisodes = nil
        var harness = Self.harness(start: Moment(wall: previousRun.now.wall.adding(seconds: 5), uptime: 20))
        harness.planner.restore(from: previous, at: harness.now)
        #expect(harness.planner.rainEpisodes.isEmpty)
        let plan = harness.tick()
        #expect(!plan.action.isFetch)
        #expect(rainEvents(plan.events) == Self.ids.map { "soon \($0)" })
    }

    @Test func episodesOfLocationsNoLongerConfiguredAreDropped() {
        var previousRun = Self.harness()
        _ = Self.run(&previousRun, for: 60, wetFromStep: 1)
        let previous = previousRun.planner.snapshot(at: previousRun.now, identity: identity)
        var harness = Self.harness(
            locations: [PlannerHarness.berlin],
            start: Moment(wall: previousRun.now.wall.adding(seconds: 5), uptime: 20)
        )
        harness.planner.restore(from: previous, at: harness.now)
        #expect(harness.planner.rainEpisodes == [PlannerHarness.berlin.id])
    }
}

@Suite("Planner: dropped forecast blocks")
struct DroppedBlockTests {
    private static let badHours = "`hourly` dropped: times not increasing"
    private static let badDays = "`daily` dropped: arrays of unequal length"

    /// Answers the fetch in flight with the blocks asked for, less those `dropping` names (hourly, daily).
    private static func answer(_ harness: inout PlannerHarness, dropping reasons: [String]) -> [PlannerEvent] {
        let order = harness.planner.inFlight!
        let weather = Weather.sample(observedAt: PlannerHarness.periodStart(of: harness.now.wall, interval: 900))
        var forecast = Forecast.synthetic(weather, blocks: order.blocks)
        forecast.droppedBlocks = reasons
        if reasons.contains(badHours) { forecast.hourly = nil }
        if reasons.contains(badDays) { forecast.daily = nil }
        let outcome = FetchOutcome(result: .success(.forecast(forecast)), elapsed: .zero, apiClockSample: 0)
        return harness.planner.finish(outcome, at: harness.now)!.events
    }

    private static func drops(_ events: [PlannerEvent]) -> [String] {
        events.compactMap { event in
            if case .forecastBlockDropped(let location, let reason) = event { return "\(location.id): \(reason)" }
            return nil
        }
    }

    @Test func eachConditionIsReportedOnceNotPerFetch() {
        let berlin = PlannerHarness.berlin
        var harness = PlannerHarness(locations: [berlin], refresh: .everyTick, forecast: ForecastSettings())
        var reported: [String] = []
        var askedForHours: [Bool] = []
        for fetch in 0..<30 {
            let order = harness.tickFetching()!
            askedForHours.append(order.blocks.hours != nil)
            let reasons: [String] =
                switch fetch {
                case 0..<10: [Self.badHours]
                case 10..<20: [Self.badHours, Self.badDays]
                default: []
                }
            reported += Self.drops(Self.answer(&harness, dropping: reasons))
            harness.advance(10)
        }
        #expect(reported == ["\(berlin.id): \(Self.badHours)", "\(berlin.id): \(Self.badDays)"])
        // A dropped block is not asked for again on every request: the hours wait for the next UTC hour.
        #expect(askedForHours == [true] + Array(repeating: false, count: 29))
        #expect(harness.record(berlin).forecast.hourly.isEmpty)
        harness.now = harness.now.adding(seconds: 3600)
        #expect(harness.tickFetching()?.blocks.hours == 25)
    }

    @Test func aDroppedBlockKeepsWhatWasKnown() {
        let berlin = PlannerHarness.berlin
        var harness = PlannerHarness(locations: [berlin], refresh: .everyTick, forecast: ForecastSettings())
        _ = harness.tickFetching()
        #expect(Self.drops(Self.answer(&harness, dropping: [])).isEmpty)
        let known = harness.record(berlin).forecast
        #expect(known.daily.count == 7)
        harness.advance(6 * 3600)
        let order = harness.tickFetching()!
        #expect(order.blocks.days == 7)
        let events = Self.answer(&harness, dropping: [Self.badDays])
        #expect(Self.drops(events) == ["\(berlin.id): \(Self.badDays)"])
        #expect(harness.record(berlin).forecast.daily == known.daily)
        #expect(harness.record(berlin).forecast.dailyFetchedAt == known.dailyFetchedAt)
    }
}
