import AlertSources
import Testing
import WeatherCore

@Suite("MetAlertsDecoder")
struct MetAlertsDecoderTests {
    private let fixture = "metno-metalerts-current.json"

    private func decodeError(_ body: [UInt8]) -> FetchError? {
        thrownError { () throws(FetchError) in try MetAlertsDecoder.decode(body) }
    }

    @Test func decodesTheForestFireWarning() throws {
        let alerts = try MetAlertsDecoder.decode(try fixtureBytes(fixture))
        #expect(alerts.count == 1)
        let alert = try #require(alerts.first)
        #expect(alert.id == "2.49.0.1.578.0.20260511093512.024")
        #expect(alert.source == .metno)
        #expect(alert.event == "Skogbrannfare")
        #expect(alert.severity == .moderate)
        #expect(alert.certainty == .likely)
        #expect(alert.urgency == .unknown)
        #expect(alert.messageType == .alert)
        #expect(alert.references.isEmpty)
        #expect(alert.area == "Deler av Indre Fjordheim og Søndre Vidda")
        #expect(alert.url == "https://www.met.no/farevarsel/skogbrann")
        #expect(
            alert.headline
                == "Skogbrannfare, gult nivå, Deler av Indre Fjordheim og Søndre Vidda, 2026-05-11T10:00:00+00:00, 2026-05-15T21:59:00+00:00"
        )
        #expect(
            alert.description
                == "Tørt og solrikt vær gjør at gress og lyng tørker raskt ut. Faren varer til det kommer nok regn."
                + "\n\nGress og lyng kan lett ta fyr, og en brann kan spre seg raskt."
        )
        // MET ends its instructions with a space.
        #expect(
            alert.instruction
                == "Ikke gjør opp ild i eller nær skog og utmark. Hør på råd fra kommunen og brannvesenet."
        )
        #expect(alert.onset?.rfc3339 == "2026-05-11T10:00:00Z")
        #expect(alert.ends?.rfc3339 == "2026-05-15T21:59:00Z")
        #expect(alert.sent == nil)
    }

    @Test func eventEndingTimeWinsOverTheIntervalAndKeepsItsOffset() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""geographicDomain":"#, #""eventEndingTime":"2026-05-14T12:00:00+02:00","geographicDomain":"#)
            ]
        )
        let alert = try #require(try MetAlertsDecoder.decode(body).first)
        #expect(alert.ends?.rfc3339 == "2026-05-14T10:00:00Z")
        #expect(alert.onset?.rfc3339 == "2026-05-11T10:00:00Z")
    }

    @Test(
        "the awareness level's leading number decides the severity",
        arguments: [
            ("3; orange; Severe", "Moderate", Alert.Severity.severe),
            ("4; RØD; ekstrem", "Moderate", .extreme),
            ("2; yellow; Moderate", "Extreme", .moderate),
            ("orange", "Severe", .severe),
            ("x; purple", "Dire", .unknown),
        ]
    )
    func awarenessLevel(level: String, severity: String, expected: Alert.Severity) throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""awareness_level":"2; yellow; Moderate""#, #""awareness_level":"\#(level)""#),
                (#""severity":"Moderate""#, #""severity":"\#(severity)""#),
            ]
        )
        #expect(try MetAlertsDecoder.decode(body).first?.severity == expected)
    }

    @Test func anUpdateRepeatsTheSameID() throws {
        let body = try fixtureBytes(fixture, replacing: [(#""type":"Alert""#, #""type":"Update""#)])
        let alert = try #require(try MetAlertsDecoder.decode(body).first)
        #expect(alert.messageType == .update)
        #expect(alert.id == "2.49.0.1.578.0.20260511093512.024")
        #expect(alert.references.isEmpty)
    }

    @Test func nullsAndTheOldStringAltitudeAreTolerated() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""altitude_above_sea_level":0"#, #""altitude_above_sea_level":"0""#),
                (#""instruction":"Ikke"#, #""instruction":null,"x":"Ikke"#),
                (#""consequences":"Gress"#, #""consequences":null,"y":"Gress"#),
                (#""certainty":"Likely""#, #""certainty":"Sure""#),
                (#""interval":["2026-05-11T10:00:00+00:00","2026-05-15T21:59:00+00:00"]"#, #""interval":[null,null]"#),
            ]
        )
        let alert = try #require(try MetAlertsDecoder.decode(body).first)
        #expect(alert.instruction == nil)
        #expect(alert.description?.hasSuffix("kommer nok regn.") == true)
        #expect(alert.certainty == .unknown)
        #expect(alert.onset == nil)
        #expect(alert.ends == nil)
    }

    @Test func malformedTimesFailThePollNamingWhereTheyStand() throws {
        let interval = try fixtureBytes(
            fixture,
            replacing: [(#""interval":["2026-05-11T10:00:00+00:00""#, #""interval":["Monday noon""#)]
        )
        #expect(
            decodeError(interval)?.message
                == "MET alerts: `features[0].when.interval[0]` is not an RFC 3339 time: Monday noon"
        )
        let effective = try fixtureBytes(fixture, replacing: [(#""id":"2.49"#, #""effective":"soon","id":"2.49"#)])
        #expect(
            decodeError(effective)?.message
                == "MET alerts: `features[0].properties.effective` is not an RFC 3339 time: soon"
        )
    }

    @Test func featureWithoutIDFailsThePoll() throws {
        let body = try fixtureBytes(fixture, replacing: [(#""id":"2.49"#, #""ident":"2.49"#)])
        let error = try #require(decodeError(body))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "MET alerts: feature 0 has no `id`")
    }

    @Test func emptyFeatureListAndHTMLAndOtherJSON() throws {
        let empty = Array(
            #"{"features":[],"lang":"en","lastChange":"2026-05-12T06:45:10+00:00","type":"FeatureCollection"}"#.utf8
        )
        #expect(try MetAlertsDecoder.decode(empty).isEmpty)
        #expect(decodeError(accessDeniedPage)?.message == "MET alerts: not JSON (an HTML page?)")
        #expect(decodeError(Array(#"{"error":"throttled"}"#.utf8))?.message == "MET alerts: missing `features`")
        #expect(decodeError(Array(#"{"features":{}}"#.utf8))?.message == "MET alerts: wrong type at `features`")
    }

    @Test func cancelledStatusAndTestMessages() throws {
        let cancel = try fixtureBytes(fixture, replacing: [(#""type":"Alert""#, #""type":"Cancel""#)])
        #expect(try MetAlertsDecoder.decode(cancel).first?.messageType == .cancel)
        let test = try fixtureBytes(fixture, replacing: [(#""status":"Actual""#, #""status":"Exercise""#)])
        #expect(try MetAlertsDecoder.decode(test).isEmpty)
    }
}
