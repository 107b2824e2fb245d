import AlertSources
import Testing
import WeatherCore

@Suite("NWSAlertsDecoder")
struct NWSAlertsDecoderTests {
    private let fixture = "nws-alerts-active-point.geojson"
    private let stormID = "urn:oid:2.49.0.1.840.0.6f3c2a91d84e05b7a1c9e3d27b58f0a4c61e9d02.002.1"
    private let previousID = "urn:oid:2.49.0.1.840.0.b41e97d03a5c628f1e0d7c94a23b6e815fd0c7a9.001.1"

    private func decodeError(_ body: [UInt8]) -> FetchError? {
        thrownError { () throws(FetchError) in try NWSAlertsDecoder.decode(body) }
    }

    @Test func decodesTheWinterStormWarning() throws {
        let alerts = try NWSAlertsDecoder.decode(try fixtureBytes(fixture))
        #expect(alerts.count == 1)
        let alert = try #require(alerts.first)
        #expect(alert.id == stormID)
        #expect(alert.source == .nws)
        #expect(alert.event == "Winter Storm Warning")
        #expect(alert.severity == .moderate)
        #expect(alert.urgency == .expected)
        #expect(alert.certainty == .likely)
        #expect(alert.messageType == .update)
        #expect(alert.references == [previousID])
        #expect(alert.area == "Silverfork Range Above 10000 Feet; Cutthroat Valley")
        #expect(alert.url == "https://api.weather.gov/alerts/\(stormID)")
        #expect(
            alert.headline
                == "Winter Storm Warning issued November 24 at 4:12AM MST until November 25 at 11:00AM MST by NWS Silverfork CO"
        )
        #expect(alert.description?.hasPrefix("* WHAT...Snow piling up quickly") == true)
        #expect(alert.description?.hasSuffix("poor visibility in the evening.") == true)
        #expect(alert.instruction?.hasPrefix("Delay travel over the passes") == true)
    }

    @Test func timesAreInstantsFromTheirMinusSevenHourOffsets() throws {
        let alert = try #require(try NWSAlertsDecoder.decode(try fixtureBytes(fixture)).first)
        // onset 2026-11-24T11:00:00-07:00, ends 2026-11-25T11:00:00-07:00, sent 04:12-07:00.
        #expect(alert.onset?.rfc3339 == "2026-11-24T18:00:00Z")
        #expect(alert.onset == Timestamp(secondsSinceEpoch: 1_795_543_200))
        #expect(alert.ends?.rfc3339 == "2026-11-25T18:00:00Z")
        #expect(alert.ends == Timestamp(secondsSinceEpoch: 1_795_629_600))
        #expect(alert.sent?.rfc3339 == "2026-11-24T11:12:00Z")
    }

    @Test func emptyFeatureListIsAnAllClear() throws {
        #expect(try NWSAlertsDecoder.decode(try fixtureBytes("nws-alerts-empty.geojson")).isEmpty)
    }

    @Test func nullOnsetFallsBackToEffectiveAndNullEndsToExpires() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""onset": "2026-11-24T11:00:00-07:00""#, #""onset": null"#),
                (#""ends": "2026-11-25T11:00:00-07:00""#, #""ends": null"#),
                (#""headline": "Winter Storm Warning issued"#, #""headline": null, "x": "Winter Storm Warning issued"#),
                (#""instruction": "Delay"#, #""instruction": null, "y": "Delay"#),
            ]
        )
        let alert = try #require(try NWSAlertsDecoder.decode(body).first)
        #expect(alert.onset?.rfc3339 == "2026-11-24T11:12:00Z")
        #expect(alert.ends?.rfc3339 == "2026-11-25T00:15:00Z")
        #expect(alert.headline == nil)
        #expect(alert.instruction == nil)
        #expect(alert.event == "Winter Storm Warning")
    }

    @Test func expiresBeforeOnsetIsKeptAsTheEnd() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""expires": "2026-11-24T17:15:00-07:00""#, #""expires": "2026-11-24T09:00:00-07:00""#),
                (#""ends": "2026-11-25T11:00:00-07:00""#, #""ends": null"#),
            ]
        )
        let alert = try #require(try NWSAlertsDecoder.decode(body).first)
        #expect(alert.onset?.rfc3339 == "2026-11-24T18:00:00Z")
        #expect(alert.ends?.rfc3339 == "2026-11-24T16:00:00Z")
        // Shown while the message is valid, gone once it expired, though the event has not begun.
        var chains = AlertChains()
        #expect(chains.applyPoll([alert], at: Timestamp(rfc3339: "2026-11-24T15:59:59Z")!) == [.started(alert)])
        #expect(chains.advance(to: Timestamp(rfc3339: "2026-11-24T16:00:00Z")!) == [.ended(alert, reason: .expired)])
    }

    @Test func unknownEnumerationsMapToUnknown() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""severity": "Moderate""#, #""severity": "Catastrophic""#),
                (#""certainty": "Likely""#, #""certainty": null"#),
                (#""urgency": "Expected""#, #""urgency": "Soonish""#),
                (#""messageType": "Update""#, #""messageType": "Ack""#),
            ]
        )
        let alert = try #require(try NWSAlertsDecoder.decode(body).first)
        #expect(alert.severity == .unknown)
        #expect(alert.certainty == .unknown)
        #expect(alert.urgency == .unknown)
        #expect(alert.messageType == .alert)
    }

    @Test func enumerationsIgnoreCase() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""severity": "Moderate""#, #""severity": "EXTREME""#),
                (#""messageType": "Update""#, #""messageType": "cancel""#),
            ]
        )
        let alert = try #require(try NWSAlertsDecoder.decode(body).first)
        #expect(alert.severity == .extreme)
        #expect(alert.messageType == .cancel)
    }

    @Test func testMessagesAreNoWarnings() throws {
        let body = try fixtureBytes(fixture, replacing: [(#""status": "Actual""#, #""status": "Test""#)])
        #expect(try NWSAlertsDecoder.decode(body).isEmpty)
    }

    @Test func missingPropertiesIDIsTakenFromTheFeatureURL() throws {
        let body = try fixtureBytes(fixture, replacing: [(#""id": "urn:oid:"#, #""cap_id": "urn:oid:"#)])
        let alert = try #require(try NWSAlertsDecoder.decode(body).first)
        #expect(alert.id == stormID)
    }

    @Test func featureWithoutAnyIDFailsThePoll() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""id": "urn:oid:"#, #""cap_id": "urn:oid:"#),
                (#""id": "https://api.weather.gov/alerts/urn"#, #""link": "https://api.weather.gov/alerts/urn"#),
            ]
        )
        let error = try #require(decodeError(body))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "NWS alerts: feature 0 has no id")
    }

    @Test func htmlPageFailsThePoll() throws {
        let error = try #require(decodeError(accessDeniedPage))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "NWS alerts: not JSON (an HTML page?)")
    }

    @Test func problemDocumentFailsThePoll() throws {
        let body = Array(
            #"{"type":"https://api.weather.gov/problems/BadRequest","title":"Bad Request","status":400,"detail":"x"}"#
                .utf8
        )
        #expect(decodeError(body)?.message == "NWS alerts: missing `features`")
    }

    @Test func truncatedAndEmptyBodiesFailThePoll() throws {
        let full = try fixtureBytes(fixture)
        #expect(decodeError(Array(full.prefix(full.count / 2)))?.message == "NWS alerts: not JSON or truncated")
        #expect(decodeError([])?.message == "NWS alerts: empty body")
        #expect(decodeError(Array("[1,2]".utf8))?.message == "NWS alerts: not a JSON object")
    }

    @Test func malformedTimeFailsThePollNamingTheField() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [(#""onset": "2026-11-24T11:00:00-07:00""#, #""onset": "tomorrow morning""#)]
        )
        let error = try #require(decodeError(body))
        #expect(error.message.contains("`features[0].properties.onset` is not an RFC 3339 time"))
    }

    @Test func unreadMembersMayHaveAnyShape() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""geometry": null"#, #""geometry": {"type": "Polygon", "coordinates": [[[-106.1, 39.4]]]}"#),
                (#""note": null"#, #""note": 42"#),
            ]
        )
        #expect(try NWSAlertsDecoder.decode(body).first?.id == stormID)
    }
}
