import Testing
@testable import WeatherCore

/// A point the source `auto` chose says is not its own (a 404, perhaps a proxy's): no source for a week,
/// then the source is asked again. All on a manual wall clock.
@Suite("AlertPlanner: a point not covered")
struct AlertPlannerNotCoveredTests {
    // Strasbourg lies in the bounding box of Germany: auto picks Bright Sky, which answers 404.
    static let strasbourg = Location(name: "Strasbourg", latitude: 48.5734, longitude: 7.7521)
    static let key = "dwd 48.5734,7.7521"
    static let notFound = FetchError(kind: .http, message: "HTTP 404", httpStatus: 404)
    static let week = 7 * 86_400.0

    /// A planner whose Strasbourg was found not covered at the start.
    static func marked() throws -> AlertPlanner {
        var planner = AlertPlannerTests.planner([strasbourg])
        let order = try #require(planner.startDuePolls(at: AlertPlannerTests.start).first)
        let events = planner.finish(order, AlertPollOutcome(.failed(notFound)), at: AlertPlannerTests.start)
        #expect(events == [.outside(order.feed, notFound)])
        #expect(planner.memory.notCovered == [key: AlertPlannerTests.start])
        return planner
    }

    @Test(
        arguments: [
            (60.0, false),
            (86_400, false),
            (7 * 86_400 - 1, false),
            (7 * 86_400, true),
            (30 * 86_400, true),
            // The wall clock went back more than a day: the mark's age is not known.
            (-86_401, true),
            (-3600, false),
        ] as [(Double, Bool)]
    )
    func theSourceIsAskedAgainAWeekLater(after seconds: Double, asked: Bool) throws {
        var planner = try Self.marked()
        let now = AlertPlannerTests.later(seconds)
        #expect(planner.startDuePolls(at: now).map(\.feed.key) == (asked ? [Self.key] : []))
        #expect((planner.alerts(for: "strasbourg", at: now) != nil) == asked)
        #expect(planner.memory.outside == (asked ? [] : [Self.key]))
    }

    @Test(arguments: [(7 * 86_400 - 1, false), (7 * 86_400, true)] as [(Double, Bool)])
    func theMarkKeepsItsTimeAcrossARestart(after seconds: Double, asked: Bool) throws {
        let memory = try Self.marked().memory
        var restarted = AlertPlannerTests.planner([Self.strasbourg], memory: memory)
        #expect(restarted.startDuePolls(at: AlertPlannerTests.later(seconds)).isEmpty != asked)
    }

    @Test func anotherNotCoveredAnswerMarksThePointAgainFromThen() throws {
        var planner = try Self.marked()
        let now = AlertPlannerTests.later(Self.week)
        let order = try #require(planner.startDuePolls(at: now).first)
        #expect(
            planner.finish(order, AlertPollOutcome(.failed(Self.notFound)), at: now) == [
                .outside(order.feed, Self.notFound)
            ]
        )
        #expect(planner.memory.notCovered == [Self.key: now])
        #expect(planner.startDuePolls(at: now.adding(seconds: Self.week - 1)).isEmpty)
        #expect(planner.startDuePolls(at: now.adding(seconds: Self.week)).count == 1)
    }

    @Test func anAnswerAfterTheWeekGivesTheLocationItsWarnings() throws {
        var planner = try Self.marked()
        let now = AlertPlannerTests.later(Self.week)
        let order = try #require(planner.startDuePolls(at: now).first)
        let warning = AlertChainSamples.alert("w1", source: .dwd, ends: "2026-12-02T18:00:00Z")
        let events = planner.finish(order, AlertPollOutcome(.answered(["strasbourg": [warning]])), at: now)
        #expect(events == [.alert(locationID: "strasbourg", .started(warning))])
        #expect(planner.alerts(for: "strasbourg", at: now)?.items == [warning])
        #expect(planner.memory.notCovered.isEmpty)
    }

    @Test func aMarkOfALocationNotConfiguredExpiresToo() throws {
        let memory = try Self.marked().memory
        var other = AlertPlannerTests.planner([AlertPlannerTests.newYork], memory: memory)
        _ = other.startDuePolls(at: AlertPlannerTests.later(Self.week))
        #expect(other.memory.notCovered.isEmpty)
    }
}
