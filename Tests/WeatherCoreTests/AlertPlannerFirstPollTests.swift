import Testing

@testable import WeatherCore

/// The first polls of feeds never asked (a first start, a location added by a reload): seconds apart per
/// host, not spread over the source's period; each feed's period from its first answer on. All on a
/// manual wall clock.
@Suite("AlertPlanner: the first polls")
struct AlertPlannerFirstPollTests {
    static let germany = [
        Location(name: "Hamburg", latitude: 53.5511, longitude: 9.9937),
        Location(name: "Munich", latitude: 48.1351, longitude: 11.582),
        Location(name: "Cologne", latitude: 50.9375, longitude: 6.9603),
    ]

    /// Ticks every `interval` seconds from the start for `seconds`, each poll answered a second after it
    /// started; returns when each feed was asked, in seconds after the start.
    static func ask(
        _ locations: [Location],
        memory: AlertPlanner.Memory = .init(),
        every interval: Double = 10,
        for seconds: Double
    ) -> [String: [Double]] {
        var planner = AlertPlannerTests.planner(locations, memory: memory)
        var asked: [String: [Double]] = [:]
        var now = 0.0
        while now < seconds {
            for order in planner.startDuePolls(at: AlertPlannerTests.later(now)) {
                asked[order.feed.key, default: []].append(now)
                _ = planner.finish(order, AlertPollOutcome(.answered([:])), at: AlertPlannerTests.later(now + 1))
            }
            now += interval
        }
        return asked
    }

    @Test(
        arguments: [
            // Ticks of 10 s: one new poll per host per tick.
            (10.0, [0.0, 10, 20]),
            // Ticks of 1 s: the first polls of one host are 3 s and a fraction apart.
            (1, [0, 4, 8]),
        ] as [(Double, [Double])]
    )
    func threePlacesOfOneSourceAreAskedWithinSeconds(interval: Double, expected: [Double]) {
        let asked = Self.ask(Self.germany, every: interval, for: 60)
        let keys = ["dwd 53.5511,9.9937", "dwd 48.1351,11.582", "dwd 50.9375,6.9603"]
        #expect(keys.map { asked[$0]?.first } == expected)
        #expect(keys.allSatisfy { asked[$0]?.count == 1 }, "asked once in the first minute: \(asked)")
    }

    @Test func afterItsFirstAnswerEachFeedKeepsItsPeriod() throws {
        let asked = Self.ask(Self.germany, for: 3 * 600)
        for (key, times) in asked {
            #expect(times.count == 3, "\(key): \(times)")
            for (earlier, later) in zip(times, times.dropFirst()) {
                let wait = later - earlier
                #expect(wait > 600 && wait <= 600 * 1.1 + 10, "\(key): \(times)")
            }
        }
    }

    @Test func eachHostHasItsOwnFirstPoll() {
        let newYork = AlertPlannerTests.newYork
        let asked = Self.ask([Self.germany[0], newYork, Self.germany[1]], for: 10)
        #expect(asked["dwd 53.5511,9.9937"] == [0])
        #expect(asked["nws 40.7128,-74.006"] == [0])
        #expect(asked["dwd 48.1351,11.582"] == nil)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func firstPollsAreSecondsApartAndNeverInTheFirstSecondOfAMinute(seed: UInt64) throws {
        // 12:00:56.5: the second feed's first poll would fall near 12:01:00.
        let start = AlertChainSamples.time("2026-11-24T12:00:56Z").adding(seconds: 0.5)
        let places = (0..<6).map { Location(name: "P\($0)", latitude: 50 + Double($0) / 10, longitude: 10) }
        var planner = AlertPlanner(seed: seed)
        planner.configure(places.map { ($0, AlertTarget(source: .dwd)) }) { _ in "dwd.example" }
        #expect(planner.startDuePolls(at: start).count == 1)
        let offsets = try planner.feeds.map { feed in
            try #require(planner.memory.feeds[feed.key]?.nextPollAt).seconds(since: start)
        }
        #expect(offsets[0] == 0)
        for (position, offset) in offsets.enumerated().dropFirst() {
            let spacing = AlertPlanner.firstPollSpacingSeconds * Double(position)
            #expect(offset > spacing && offset < spacing + Double(position) + 1, "\(offsets)")
            let second = start.adding(seconds: offset).secondsSinceEpoch.truncatingRemainder(dividingBy: 60)
            #expect(second >= 1, "\(offsets)")
        }
        #expect(offsets == offsets.sorted())
    }

    @Test func aLocationAddedByAReloadIsAskedWithinSeconds() throws {
        var planner = AlertPlannerTests.planner([Self.germany[0]])
        let first = try #require(planner.startDuePolls(at: AlertPlannerTests.start).first)
        _ = planner.finish(first, AlertPollOutcome(.answered([:])), at: AlertPlannerTests.later(1))
        planner.configure(Self.germany.map { ($0, AlertTarget.choose(.auto, for: $0, placeCountryCode: nil)) }) {
            $0.rawValue + ".example"
        }
        #expect(planner.startDuePolls(at: AlertPlannerTests.later(100)).map(\.feed.key) == ["dwd 48.1351,11.582"])
        #expect(planner.startDuePolls(at: AlertPlannerTests.later(110)).isEmpty, "Munich's poll is in flight")
    }
}
