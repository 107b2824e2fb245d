import AlertSources
import Testing
import WeatherCore

@Suite("MeteoAlarmDecoder")
struct MeteoAlarmDecoderTests {
    private let fixture = "meteoalarm-feeds-germany.json"
    private let galeID = "2.49.0.0.276.0.DE.261124093100.5581204.e"
    private let snowID = "2.49.0.0.276.0.DE.261124100500.5581377.e"
    private let square = "52.0,4.0 52.0,6.0 53.0,6.0 53.0,4.0 52.0,4.0"

    private func decodeError(_ body: [UInt8]) -> FetchError? {
        thrownError { () throws(FetchError) in try MeteoAlarmDecoder.decode(body, for: .code("DE571")) }
    }

    @Test func emmaIDPicksTheGaleWarningInEnglish() throws {
        let alerts = try MeteoAlarmDecoder.decode(try fixtureBytes(fixture), for: .code("DE571"))
        #expect(alerts.count == 1)
        let alert = try #require(alerts.first)
        #expect(alert.id == galeID)
        #expect(alert.source == .meteoalarm)
        #expect(alert.event == "gale-force gusts")
        #expect(alert.headline == "Gale-force gusts in Landkreis Hohenwalde from this evening")
        #expect(alert.instruction == "Tie down loose objects outdoors and keep away from trees.")
        #expect(alert.description?.hasPrefix("From the evening the westerly wind") == true)
        #expect(alert.severity == .moderate)
        #expect(alert.urgency == .future)
        #expect(alert.certainty == .likely)
        #expect(alert.area == "Landkreis Hohenwalde")
        #expect(alert.url == "https://wetterdienst.example/warnungen")
        #expect(alert.messageType == .alert)
        #expect(alert.references.isEmpty)
        // +01:00 offsets: 18:00 CET is 17:00Z.
        #expect(alert.onset?.rfc3339 == "2026-11-24T17:00:00Z")
        #expect(alert.ends?.rfc3339 == "2026-11-25T05:00:00Z")
        #expect(alert.sent?.rfc3339 == "2026-11-24T09:31:00Z")
    }

    @Test func warnCellIDPicksTheSnowUpdateWithItsReference() throws {
        let alerts = try MeteoAlarmDecoder.decode(try fixtureBytes(fixture), for: .code("112588000"))
        let alert = try #require(alerts.first)
        #expect(alerts.count == 1)
        #expect(alert.id == snowID)
        #expect(alert.event == "heavy snowfall")
        #expect(alert.severity == .severe)
        #expect(alert.urgency == .immediate)
        #expect(alert.messageType == .update)
        #expect(alert.references == ["2.49.0.0.276.0.DE.261124071500.5580912.e"])
        #expect(alert.onset?.rfc3339 == "2026-11-24T14:00:00Z")
        #expect(alert.ends?.rfc3339 == "2026-11-25T11:00:00Z")
        #expect(alert.area == "Kreis Oberauer Bergland")
    }

    @Test func severalCodesAndNoMatch() throws {
        let body = try fixtureBytes(fixture)
        #expect(try MeteoAlarmDecoder.decode(body, for: .codes(["DE571", "DE588"])).map(\.id) == [galeID, snowID])
        #expect(try MeteoAlarmDecoder.decode(body, for: .code("DE999")).isEmpty)
        #expect(try MeteoAlarmDecoder.decode(body, for: .code("de571")).isEmpty)
        // Germany sends geocodes only: a point matches nothing.
        #expect(try MeteoAlarmDecoder.decode(body, for: .point(latitude: 51.8, longitude: 10.8)).isEmpty)
    }

    @Test func withoutEnglishTheFirstLanguage() throws {
        let text = try fixtureText(fixture)
        let german = text.replacingOccurrences(of: #""language":"en-GB""#, with: #""language":"fr-FR""#)
        #expect(german != text)
        let alert = try #require(try MeteoAlarmDecoder.decode(Array(german.utf8), for: .code("DE571")).first)
        #expect(alert.event == "Sturmböen")
        #expect(alert.headline == "Sturmböen im Landkreis Hohenwalde ab dem Abend")
        #expect(alert.instruction == "Lose Gegenstände im Freien sichern und Abstand zu Bäumen halten.")
    }

    @Test(
        "English wins in any position and case",
        arguments: [
            (["de-DE", "fr-FR", "EN-ie"], "EN-ie"),
            (["en", "de-DE"], "en"),
            (["de-DE", "fr-FR"], "de-DE"),
            (["nl-BE", "english"], "nl-BE"),
        ]
    )
    func languages(languages: [String], expected: String) throws {
        let area = MeteoAlarmFeed.area("Zone", geocodes: [("XX001", "EMMA_ID")])
        let infos = languages.map { MeteoAlarmFeed.info(language: $0, areas: [area]) }
        let body = MeteoAlarmFeed.body([MeteoAlarmFeed.warning(id: "m1", infos: infos)])
        let alert = try #require(try MeteoAlarmDecoder.decode(body, for: .code("XX001")).first)
        #expect(alert.headline == "Wind headline (\(expected))")
    }

    @Test func pointInsideAPolygonLatitudeFirst() throws {
        let area = MeteoAlarmFeed.area("Square", polygons: [square])
        let body = MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(id: "m1", infos: [MeteoAlarmFeed.info(areas: [area])])
        ])
        #expect(try MeteoAlarmDecoder.decode(body, for: .point(latitude: 52.5, longitude: 5.0)).map(\.id) == ["m1"])
        #expect(try MeteoAlarmDecoder.decode(body, for: .point(latitude: 5.0, longitude: 52.5)).isEmpty)
        #expect(try MeteoAlarmDecoder.decode(body, for: .point(latitude: 52.5, longitude: 6.5)).isEmpty)
        #expect(try MeteoAlarmDecoder.decode(body, for: .point(latitude: 53.5, longitude: 5.0)).isEmpty)
        // A code never matches a polygon-only area.
        #expect(try MeteoAlarmDecoder.decode(body, for: .code("NL123")).isEmpty)
    }

    @Test func concavePolygonsAndSeveralPerArea() throws {
        let ell = "50,0 50,4 51,4 51,1 54,1 54,0 50,0"
        let area = MeteoAlarmFeed.area("Ell and square", polygons: [ell, square, "not a polygon", "1,2 3,4"])
        let body = MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(id: "m1", infos: [MeteoAlarmFeed.info(areas: [area])])
        ])
        func matches(_ latitude: Double, _ longitude: Double) throws -> Bool {
            !(try MeteoAlarmDecoder.decode(body, for: .point(latitude: latitude, longitude: longitude)).isEmpty)
        }
        #expect(try matches(52, 0.5))
        #expect(try matches(50.5, 3))
        #expect(try !matches(52, 2))  // in the notch
        #expect(try matches(52.5, 5.5))  // the second polygon
        #expect(try !matches(55, 0.5))
    }

    @Test func onlyTheMatchingAreasAreNamed() throws {
        let areas = [
            MeteoAlarmFeed.area("North", geocodes: [("XX001", "EMMA_ID")]),
            MeteoAlarmFeed.area("South", geocodes: [("XX002", "EMMA_ID"), ("XX-S", "NUTS3")]),
        ]
        let body = MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(id: "m1", infos: [MeteoAlarmFeed.info(areas: areas)])
        ])
        #expect(try MeteoAlarmDecoder.decode(body, for: .code("XX-S")).first?.area == "South")
        #expect(try MeteoAlarmDecoder.decode(body, for: .codes(["XX001", "XX002"])).first?.area == "North; South")
    }

    @Test(
        "awareness levels",
        arguments: [
            ("2; yellow; Moderate", "Minor", Alert.Severity.moderate),
            ("3; Orange; severe", "Moderate", .severe),
            ("4; red; Extreme", "Moderate", .extreme),
            ("4; rot", "Moderate", .extreme),
        ]
    )
    func awarenessLevels(level: String, severity: String, expected: Alert.Severity) throws {
        let area = MeteoAlarmFeed.area("Zone", geocodes: [("XX001", "EMMA_ID")])
        let info = MeteoAlarmFeed.info(level: level, severity: severity, areas: [area])
        let body = MeteoAlarmFeed.body([MeteoAlarmFeed.warning(id: "m1", infos: [info])])
        #expect(try MeteoAlarmDecoder.decode(body, for: .code("XX001")).first?.severity == expected)
    }

    @Test func greenIsNothingInForceAndAMissingLevelFallsBackToCAP() throws {
        let area = MeteoAlarmFeed.area("Zone", geocodes: [("XX001", "EMMA_ID")])
        let body = MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(id: "green", infos: [MeteoAlarmFeed.info(level: "1; green; Minor", areas: [area])]),
            MeteoAlarmFeed.warning(
                id: "cap",
                infos: [MeteoAlarmFeed.info(level: nil, severity: "Severe", areas: [area])]
            ),
            MeteoAlarmFeed.warning(
                id: "odd",
                infos: [MeteoAlarmFeed.info(level: "x", severity: "Dire", areas: [area])]
            ),
        ])
        let alerts = try MeteoAlarmDecoder.decode(body, for: .code("XX001"))
        #expect(alerts.map(\.id) == ["cap", "odd"])
        #expect(alerts.map(\.severity) == [.severe, .unknown])
    }

    @Test func updatesAndCancelsInTheFeedLeaveOutWhatTheyReference() throws {
        let here = MeteoAlarmFeed.area("Here", geocodes: [("XX001", "EMMA_ID")])
        let elsewhere = MeteoAlarmFeed.area("Elsewhere", geocodes: [("XX009", "EMMA_ID")])
        let body = MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(id: "a1", infos: [MeteoAlarmFeed.info(areas: [here])]),
            // Moves the warning away from XX001: a1 no longer applies here.
            MeteoAlarmFeed.warning(
                id: "a2",
                msgType: "Update",
                references: "svc@example.org,a1,2026-11-24T10:00:00+01:00",
                sent: "2026-11-24T11:00:00+01:00",
                infos: [MeteoAlarmFeed.info(areas: [elsewhere])]
            ),
            MeteoAlarmFeed.warning(id: "b1", infos: [MeteoAlarmFeed.info(event: "Rain", areas: [here])]),
            MeteoAlarmFeed.warning(
                id: "b2",
                msgType: "Cancel",
                references: "svc@example.org,b1,2026-11-24T10:00:00+01:00 svc@example.org,b0,2026-11-24T09:00:00+01:00",
                sent: "2026-11-24T12:00:00+01:00",
                infos: [MeteoAlarmFeed.info(event: "Rain", areas: [here])]
            ),
            MeteoAlarmFeed.warning(id: "t1", status: "Test", infos: [MeteoAlarmFeed.info(areas: [here])]),
        ])
        let alerts = try MeteoAlarmDecoder.decode(body, for: .code("XX001"))
        #expect(alerts.map(\.id) == ["b2"])
        #expect(alerts.first?.messageType == .cancel)
        #expect(alerts.first?.references == ["b1", "b0"])
    }

    @Test func expiredAndFutureMessagesAreKeptForTheChainsToJudge() throws {
        let area = MeteoAlarmFeed.area("Zone", geocodes: [("XX001", "EMMA_ID")])
        let body = MeteoAlarmFeed.body([
            MeteoAlarmFeed.warning(
                id: "old",
                infos: [
                    MeteoAlarmFeed.info(
                        onset: "2026-11-20T06:00:00+01:00",
                        expires: "2026-11-20T18:00:00+01:00",
                        areas: [area]
                    )
                ]
            ),
            // `expires` before `onset`: kept as sent.
            MeteoAlarmFeed.warning(
                id: "odd",
                infos: [
                    MeteoAlarmFeed.info(
                        onset: "2026-11-26T06:00:00+01:00",
                        expires: "2026-11-25T18:00:00-05:00",
                        areas: [area]
                    )
                ]
            ),
        ])
        let alerts = try MeteoAlarmDecoder.decode(body, for: .code("XX001"))
        try #require(alerts.map(\.id) == ["old", "odd"])
        #expect(alerts[1].onset?.rfc3339 == "2026-11-26T05:00:00Z")
        #expect(alerts[1].ends?.rfc3339 == "2026-11-25T23:00:00Z")
        var chains = AlertChains()
        #expect(chains.applyPoll(alerts, at: Timestamp(rfc3339: "2026-11-24T12:00:00Z")!) == [.started(alerts[1])])
    }

    @Test func brokenBodiesFailThePoll() throws {
        #expect(decodeError(accessDeniedPage)?.message == "MeteoAlarm feed: not JSON (an HTML page?)")
        #expect(decodeError(Array(#"{"warnings":null}"#.utf8))?.message == "MeteoAlarm feed: missing `warnings`")
        #expect(try MeteoAlarmDecoder.decode(Array(#"{"warnings":[]}"#.utf8), for: .code("DE571")).isEmpty)
        let noID = try fixtureBytes(
            fixture,
            replacing: [(#""identifier":"2.49.0.0.276.0.DE.261124100500"#, #""ident":"2.49.0.0.276.0.DE.261124100500"#)]
        )
        let error = try #require(decodeError(noID))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "MeteoAlarm feed: warning 1 has no `alert.identifier`")
    }
}
