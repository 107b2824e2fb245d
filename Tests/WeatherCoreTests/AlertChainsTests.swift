import Testing
import WeatherCore

@Suite("AlertChains: polls")
struct AlertChainsTests {
    private typealias S = AlertChainSamples
    private let now = S.time("2026-11-24T11:20:00Z")

    @Test func aNewWarningIsAnnouncedOnce() {
        var chains = AlertChains()
        let storm = S.alert("a1")
        #expect(chains.applyPoll([storm], at: now) == [.started(storm)])
        #expect(chains.applyPoll([storm], at: now.adding(seconds: 300)) == [])
        #expect(chains.chains.count == 1)
        #expect(chains.chains.first?.announced == true)
        #expect(chains.chains.first?.lastListed == now.adding(seconds: 300))
        #expect(chains.alerts(inForceAt: now) == [storm])
    }

    @Test func anUpdateContinuesTheChainWithItsNewFields() {
        var chains = AlertChains()
        let original = S.alert("a1", headline: "until 11 AM")
        _ = chains.applyPoll([original], at: now)
        let update = S.alert(
            "a2",
            .update,
            references: ["a1"],
            severity: .severe,
            headline: "until 5 PM",
            sent: "2026-11-24T09:00:00-07:00",
            ends: "2026-11-25T17:00:00-07:00"
        )
        #expect(chains.applyPoll([update], at: now.adding(seconds: 600)) == [.updated(update, previous: original)])
        #expect(chains.alerts(inForceAt: now) == [update])
        #expect(chains.chains.first?.messageIDs == ["a1", "a2"])
        #expect(chains.chains.first?.end == S.time("2026-11-26T00:00:00Z"))
        // A second update referencing only a2 still belongs to the chain.
        let again = S.alert("a3", .update, references: ["a2"], sent: "2026-11-24T10:00:00-07:00")
        #expect(chains.applyPoll([again], at: now.adding(seconds: 1200)) == [.updated(again, previous: update)])
        #expect(chains.chains.count == 1)
    }

    @Test func metRepeatsTheSameIDForAnUpdate() {
        var chains = AlertChains()
        let first = S.alert("met-1", source: .metno, event: "Skogbrannfare", sent: "2026-11-24T08:00:00+01:00")
        _ = chains.applyPoll([first], at: now)
        var second = first
        second.messageType = .update
        second.severity = .severe
        #expect(chains.applyPoll([second], at: now.adding(seconds: 600)) == [.updated(second, previous: first)])
        #expect(chains.chains.count == 1)
    }

    @Test func aCancelEndsWhatItReferences() {
        var chains = AlertChains()
        let storm = S.alert("a1")
        let other = S.alert("b1", event: "Wind Advisory")
        _ = chains.applyPoll([storm, other], at: now)
        let cancel = S.alert("a2", .cancel, references: ["a1"], sent: "2026-11-24T05:00:00-07:00")
        #expect(chains.applyPoll([cancel, other], at: now.adding(seconds: 300)) == [.ended(storm, reason: .cancelled)])
        #expect(chains.alerts(inForceAt: now) == [other])
    }

    @Test func aCancelOfSomethingNeverSeenDoesNothing() {
        var chains = AlertChains()
        let cancel = S.alert("x2", .cancel, references: ["x1"])
        #expect(chains.applyPoll([cancel], at: now) == [])
        #expect(chains.chains.isEmpty)
        // A warning and its cancel in one poll: never in force, never announced.
        let storm = S.alert("a1")
        let stormCancel = S.alert("a2", .cancel, references: ["a1"], sent: "2026-11-24T05:00:00-07:00")
        #expect(chains.applyPoll([storm, stormCancel], at: now) == [])
        #expect(chains.chains.isEmpty)
    }

    @Test func severalMessagesOfOneChainShowOnceTheNewest() {
        var chains = AlertChains()
        let original = S.alert("a1", sent: "2026-11-23T15:40:00-07:00")
        let update = S.alert("a2", .update, references: ["a1"], sent: "2026-11-24T04:12:00-07:00")
        // The newer message is listed first: order does not matter, `sent` does.
        #expect(chains.applyPoll([update, original], at: now) == [.started(update)])
        #expect(chains.alerts(inForceAt: now) == [update])
        // Two updates of an earlier message the poll no longer lists are one chain too.
        var other = AlertChains()
        let first = S.alert("u1", .update, references: ["gone"], sent: "2026-11-24T03:00:00-07:00")
        let second = S.alert("u2", .update, references: ["gone"], sent: "2026-11-24T02:00:00-07:00")
        #expect(other.applyPoll([first, second], at: now) == [.started(first)])
        #expect(other.chains.map(\.messageIDs) == [["u1", "u2", "gone"]])
    }

    @Test func anUpdateThatMovedTheEndIntoThePastEndsTheChain() {
        var chains = AlertChains()
        let long = S.alert("a1", sent: "2026-11-24T01:00:00-07:00", ends: "2026-11-25T11:00:00-07:00")
        _ = chains.applyPoll([long], at: now)
        let short = S.alert(
            "a2",
            .update,
            references: ["a1"],
            sent: "2026-11-24T02:00:00-07:00",
            ends: "2026-11-24T04:00:00-07:00"
        )
        // The older message is still listed, but replaced: it does not keep the warning alive.
        #expect(chains.applyPoll([long, short], at: now) == [.ended(long, reason: .expired)])
        #expect(chains.chains.isEmpty)
    }

    @Test func twoBranchesOfOneChainShowTheNewestInForce() {
        var chains = AlertChains()
        let newer = S.alert(
            "u1",
            .update,
            references: ["a1"],
            sent: "2026-11-24T03:00:00-07:00",
            ends: "2026-11-24T04:00:00-07:00"
        )
        let older = S.alert("u2", .update, references: ["a1"], sent: "2026-11-24T02:00:00-07:00")
        #expect(chains.applyPoll([newer, older], at: now) == [.started(older)])
    }

    @Test func aWarningNoLongerListedIsWithdrawnAndOneAlreadyPastItsEndExpired() {
        var chains = AlertChains()
        let storm = S.alert("a1")
        let brief = S.alert("b1", event: "Wind Advisory", ends: "2026-11-24T04:30:00-07:00")
        _ = chains.applyPoll([storm, brief], at: now)
        let later = S.time("2026-11-24T11:40:00Z")
        #expect(
            chains.applyPoll([], at: later) == [.ended(storm, reason: .withdrawn), .ended(brief, reason: .expired)]
        )
        #expect(chains.chains.isEmpty)
    }

    @Test func aListedWarningPastItsEndIsNeverAnnounced() {
        var chains = AlertChains()
        let old = S.alert("a1", ends: "2026-11-24T04:20:00-07:00")
        #expect(chains.applyPoll([old], at: now) == [])
        #expect(chains.chains.isEmpty)
    }

    @Test func anUpdateOfAnUnannouncedChainIsAnnounced() {
        let original = S.alert("a1")
        var chains = AlertChains([AlertChain(alert: original, announced: false, lastListed: now)])
        let update = S.alert("a2", .update, references: ["a1"], sent: "2026-11-24T05:00:00-07:00")
        #expect(chains.applyPoll([update], at: now) == [.started(update)])
        #expect(chains.chains.first?.announced == true)
    }

    @Test func mostSevereFirst() {
        var chains = AlertChains()
        let minor = S.alert("m", event: "Frost", severity: .minor)
        let unknown = S.alert("u", event: "Odd", severity: .unknown)
        let extreme = S.alert("e", event: "Blizzard", severity: .extreme)
        let severeLate = S.alert("s2", event: "Wind", severity: .severe, onset: "2026-11-24T13:00:00-07:00")
        let severeEarly = S.alert("s1", event: "Snow", severity: .severe, onset: "2026-11-24T12:00:00-07:00")
        _ = chains.applyPoll([minor, unknown, severeLate, extreme, severeEarly], at: now)
        #expect(chains.alerts(inForceAt: now).map(\.id) == ["e", "s1", "s2", "m", "u"])
        #expect(chains.chains.map(\.alert.id) == ["m", "u", "s2", "e", "s1"])
    }
}
