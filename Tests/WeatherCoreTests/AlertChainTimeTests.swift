import Testing
import WeatherCore

@Suite("AlertChains: time")
struct AlertChainTimeTests {
    private typealias S = AlertChainSamples
    private let polled = S.time("2026-11-24T11:20:00Z")

    @Test func aWarningEndsWhenNowReachesItsEndAsAnInstant() {
        // NWS: `expires` 17:15 at -07:00 is 00:15Z the next day.
        let storm = S.alert("a1", ends: "2026-11-24T17:15:00-07:00")
        var chains = AlertChains()
        _ = chains.applyPoll([storm], at: polled)
        #expect(chains.advance(to: S.time("2026-11-25T00:14:59Z")) == [])
        #expect(chains.advance(to: S.time("2026-11-25T01:14:59+01:00")) == [])
        #expect(chains.alerts(inForceAt: S.time("2026-11-25T00:14:59Z")) == [storm])
        #expect(chains.alerts(inForceAt: S.time("2026-11-25T00:15:00Z")) == [])
        #expect(chains.advance(to: S.time("2026-11-24T19:15:00-05:00")) == [.ended(storm, reason: .expired)])
        #expect(chains.chains.isEmpty)
    }

    @Test func failedPollsKeepTheLastWarningsUntilTheirOwnEnds() {
        let short = S.alert("a1", ends: "2026-11-24T06:00:00-07:00")
        let long = S.alert("b1", event: "Wind Advisory", ends: "2026-11-25T06:00:00-07:00")
        var chains = AlertChains()
        _ = chains.applyPoll([short, long], at: polled)
        // The polls fail for a day: nothing is dropped for that, each ends at its own time.
        #expect(chains.advance(to: S.time("2026-11-24T12:59:59Z")) == [])
        #expect(chains.advance(to: S.time("2026-11-24T13:00:00Z")) == [.ended(short, reason: .expired)])
        #expect(chains.advance(to: S.time("2026-11-25T12:00:00Z")) == [])
        #expect(chains.alerts(inForceAt: S.time("2026-11-25T12:00:00Z")) == [long])
        #expect(chains.advance(to: S.time("2026-11-25T13:00:00Z")) == [.ended(long, reason: .expired)])
    }

    @Test func aRestoredUnannouncedChainIsAnnouncedOnceAndAnAnnouncedOneNever() {
        let storm = S.alert("a1")
        let wind = S.alert("b1", event: "Wind Advisory")
        var chains = AlertChains([
            AlertChain(alert: storm, announced: false, lastListed: polled),
            AlertChain(alert: wind, announced: true, lastListed: polled),
        ])
        #expect(chains.advance(to: polled) == [.started(storm)])
        #expect(chains.advance(to: polled.adding(seconds: 60)) == [])
        #expect(chains.chains.allSatisfy { $0.announced })
    }

    @Test func anUnannouncedChainThatEndsEndsSilently() {
        let storm = S.alert("a1", ends: "2026-11-24T05:00:00-07:00")
        var chains = AlertChains([AlertChain(alert: storm, announced: false, lastListed: polled)])
        #expect(chains.advance(to: S.time("2026-11-24T12:00:00Z")) == [])
        #expect(chains.chains.isEmpty)
    }

    @Test func withoutAnEndAtMost24HoursAfterTheOnset() {
        // Bright Sky's frost: onset 19:00Z, `expires` null, polled at 11:20Z.
        let frost = S.alert("f1", source: .dwd, event: "frost", onset: "2026-11-24T19:00:00+00:00", ends: nil)
        var chains = AlertChains()
        #expect(chains.applyPoll([frost], at: polled) == [.started(frost)])
        #expect(chains.chains.first?.end == S.time("2026-11-25T19:00:00Z"))
        #expect(chains.advance(to: S.time("2026-11-25T18:59:59Z")) == [])
        #expect(chains.advance(to: S.time("2026-11-25T19:00:00Z")) == [.ended(frost, reason: .expired)])
    }

    @Test func withoutAnEndALaterPollStillListingItKeepsIt() {
        let frost = S.alert("f1", source: .dwd, event: "frost", onset: "2026-11-24T19:00:00+00:00", ends: nil)
        var chains = AlertChains()
        _ = chains.applyPoll([frost], at: polled)
        // 30 h after the onset the source still lists it: in force, nothing to say.
        let later = S.time("2026-11-26T01:00:00Z")
        #expect(chains.applyPoll([frost], at: later) == [])
        #expect(chains.alerts(inForceAt: later) == [frost])
        // Then the polls fail: 24 h after that last listing it is gone.
        #expect(chains.chains.first?.end == S.time("2026-11-27T01:00:00Z"))
        #expect(chains.advance(to: S.time("2026-11-27T00:59:59Z")) == [])
        #expect(chains.advance(to: S.time("2026-11-27T01:00:00Z")) == [.ended(frost, reason: .expired)])
    }

    @Test func withoutEndOrOnsetTheLastListingCounts() {
        let odd = S.alert("o1", onset: nil, ends: nil)
        let chain = AlertChain(alert: odd, announced: true, lastListed: polled)
        #expect(chain.end == polled.adding(seconds: 86_400))
        #expect(chain.isInForce(at: polled.adding(seconds: 86_399)))
        #expect(!chain.isInForce(at: polled.adding(seconds: 86_400)))
    }

    @Test func anUpdateCanGiveAnOpenWarningAnEnd() {
        let open = S.alert("a1", onset: "2026-11-24T10:00:00Z", ends: nil)
        var chains = AlertChains()
        _ = chains.applyPoll([open], at: polled)
        let closed = S.alert(
            "a2",
            .update,
            references: ["a1"],
            sent: "2026-11-24T11:00:00Z",
            ends: "2026-11-24T15:00:00Z"
        )
        #expect(chains.applyPoll([closed], at: polled) == [.updated(closed, previous: open)])
        #expect(chains.advance(to: S.time("2026-11-24T15:00:00Z")) == [.ended(closed, reason: .expired)])
    }
}
