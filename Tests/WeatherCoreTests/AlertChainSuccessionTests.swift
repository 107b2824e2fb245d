import Testing
import WeatherCore

/// Bright Sky names no references: a DWD update is a new id appearing while the old one vanishes.
@Suite("AlertChains: DWD succession")
struct AlertChainSuccessionTests {
    private typealias S = AlertChainSamples
    private let now = S.time("2026-11-24T10:00:00+00:00")

    private func gale(_ id: String, onset: String, ends: String?, severity: Alert.Severity = .moderate) -> Alert {
        S.alert(
            id,
            source: .dwd,
            event: "gale-force gusts",
            severity: severity,
            sent: "2026-11-24T09:41:00+00:00",
            onset: onset,
            ends: ends
        )
    }

    @Test func sameEventOverlappingTimesContinuesTheChain() {
        var chains = AlertChains()
        let old = gale("dwd-1", onset: "2026-11-24T17:00:00+00:00", ends: "2026-11-25T05:00:00+00:00")
        _ = chains.applyPoll([old], at: now)
        let new = gale(
            "dwd-2",
            onset: "2026-11-24T16:00:00+00:00",
            ends: "2026-11-25T08:00:00+00:00",
            severity: .severe
        )
        #expect(chains.applyPoll([new], at: now.adding(seconds: 600)) == [.updated(new, previous: old)])
        #expect(chains.chains.map(\.messageIDs) == [["dwd-1", "dwd-2"]])
    }

    @Test func anotherEventOrDisjointTimesIsANewWarning() {
        var chains = AlertChains()
        let old = gale("dwd-1", onset: "2026-11-24T17:00:00+00:00", ends: "2026-11-25T05:00:00+00:00")
        _ = chains.applyPoll([old], at: now)
        let frost = S.alert("dwd-2", source: .dwd, event: "frost", onset: "2026-11-24T19:00:00+00:00", ends: nil)
        #expect(chains.applyPoll([frost], at: now) == [.ended(old, reason: .withdrawn), .started(frost)])
        let galeA = gale("dwd-3", onset: "2026-11-24T12:00:00+00:00", ends: "2026-11-24T15:00:00+00:00")
        _ = chains.applyPoll([galeA], at: now)
        let galeB = gale("dwd-4", onset: "2026-11-24T18:00:00+00:00", ends: "2026-11-24T22:00:00+00:00")
        #expect(chains.applyPoll([galeB], at: now) == [.ended(galeA, reason: .withdrawn), .started(galeB)])
    }

    @Test func severalSuccessionsPairByEvent() {
        var chains = AlertChains()
        let oldGale = gale("g1", onset: "2026-11-24T17:00:00+00:00", ends: "2026-11-25T05:00:00+00:00")
        let oldFrost = S.alert("f1", source: .dwd, event: "frost", onset: "2026-11-24T19:00:00+00:00", ends: nil)
        _ = chains.applyPoll([oldGale, oldFrost], at: now)
        let newFrost = S.alert("f2", source: .dwd, event: "FROST", onset: "2026-11-24T20:00:00+00:00", ends: nil)
        let newGale = gale("g2", onset: "2026-11-24T17:00:00+00:00", ends: "2026-11-25T06:00:00+00:00")
        let events = chains.applyPoll([newFrost, newGale], at: now)
        #expect(events == [.updated(newGale, previous: oldGale), .updated(newFrost, previous: oldFrost)])
        #expect(chains.chains.map(\.alert.id) == ["g2", "f2"])
    }

    @Test func sourcesWithReferencesAreNeverGuessed() {
        var chains = AlertChains()
        let old = S.alert("n1")
        _ = chains.applyPoll([old], at: now)
        let new = S.alert("n2")
        #expect(chains.applyPoll([new], at: now) == [.ended(old, reason: .withdrawn), .started(new)])
    }
}
