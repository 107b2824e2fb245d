import Testing
import WeatherCore

@Suite("AlertChains: CAP terms")
struct AlertChainTermsTests {
    @Test func severitiesAreOrderedUnknownLowest() {
        #expect(Alert.Severity.allCases.sorted() == [.unknown, .minor, .moderate, .severe, .extreme])
        #expect(Alert.Severity.extreme > .severe)
        #expect(Alert.Severity.minor > .unknown)
        #expect([Alert.Severity.moderate, .extreme, .minor].max() == .extreme)
    }

    @Test(
        "CAP words ignoring case, anything else unknown",
        arguments: [
            ("Severe", Alert.Severity.severe),
            ("moderate", .moderate),
            ("EXTREME", .extreme),
            ("Minor", .minor),
            ("Unknown", .unknown),
            ("violet", .unknown),
            ("", .unknown),
            (" Severe", .unknown),
        ]
    )
    func severityWords(text: String, expected: Alert.Severity) {
        #expect(Alert.Severity(cap: text) == expected)
    }

    @Test func awarenessLevelsByTheirLeadingNumber() {
        #expect(Alert.Severity(awarenessLevel: "1; green; Minor") == .minor)
        #expect(Alert.Severity(awarenessLevel: "2; yellow; Moderate") == .moderate)
        #expect(Alert.Severity(awarenessLevel: "3; ORANGE") == .severe)
        #expect(Alert.Severity(awarenessLevel: "4; rød; Ekstrem") == .extreme)
        #expect(Alert.Severity(awarenessLevel: "5; violet") == nil)
        #expect(Alert.Severity(awarenessLevel: "yellow") == nil)
        #expect(Alert.Severity(awarenessLevel: nil) == nil)
    }

    @Test func otherTermsAndMessageTypes() {
        #expect(Alert.Urgency(cap: "immediate") == .immediate)
        #expect(Alert.Urgency(cap: "Expected") == .expected)
        #expect(Alert.Urgency(cap: "whenever") == .unknown)
        #expect(Alert.Urgency(cap: nil) == .unknown)
        #expect(Alert.Certainty(cap: "likely") == .likely)
        #expect(Alert.Certainty(cap: "Very Likely") == .unknown)
        #expect(Alert.MessageType(cap: "Update") == .update)
        #expect(Alert.MessageType(cap: "CANCEL") == .cancel)
        #expect(Alert.MessageType(cap: "Ack") == .alert)
        #expect(Alert.MessageType(cap: nil) == .alert)
    }

    @Test func overlapTreatsMissingTimesAsOpen() {
        let day = Alert(
            id: "a",
            source: .dwd,
            event: "x",
            onset: Timestamp(secondsSinceEpoch: 0),
            ends: Timestamp(secondsSinceEpoch: 100)
        )
        let after = Alert(id: "b", source: .dwd, event: "x", onset: Timestamp(secondsSinceEpoch: 101))
        let touching = Alert(id: "c", source: .dwd, event: "x", onset: Timestamp(secondsSinceEpoch: 100))
        let open = Alert(id: "d", source: .dwd, event: "x")
        #expect(!day.overlaps(after))
        #expect(day.overlaps(touching))
        #expect(day.overlaps(open))
        #expect(open.overlaps(after))
    }
}
