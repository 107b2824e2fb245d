import AlertSources
import Testing
import WeatherCore

@Suite("BrightSkyAlertsDecoder")
struct BrightSkyAlertsDecoderTests {
    private let fixture = "brightsky-alerts.json"
    private let galeID = "2.49.0.0.276.0.DWD.PVW.1795513260000.7c2e4a19-3b6d-4f80-9e51-d2a8c61f0b37"
    private let frostID = "2.49.0.0.276.0.DWD.PVW.1795506300000.e41b07d2-9a58-4c6e-b3f1-08d5a7c2e964"

    private func decodeError(_ body: [UInt8]) -> FetchError? {
        thrownError { () throws(FetchError) in try BrightSkyAlertsDecoder.decode(body) }
    }

    @Test func decodesBothWarningsInOrder() throws {
        let alerts = try BrightSkyAlertsDecoder.decode(try fixtureBytes(fixture))
        try #require(alerts.map(\.id) == [galeID, frostID])
        let gale = alerts[0]
        #expect(gale.source == .dwd)
        #expect(gale.event == "gale-force gusts")
        #expect(gale.severity == .moderate)
        #expect(gale.urgency == .future)
        #expect(gale.certainty == .likely)
        #expect(gale.headline == "Official WARNING of GALE-FORCE GUSTS")
        #expect(gale.description?.hasPrefix("There is a risk of gale-force gusts (level 2 of 4).\nMax. gusts") == true)
        #expect(gale.instruction?.hasPrefix("NOTE: Be aware of the following possible dangers") == true)
        #expect(gale.area == "Stadt Hohenwalde")
        #expect(gale.url == nil)
        #expect(gale.messageType == .alert)
        #expect(gale.references.isEmpty)
        #expect(gale.onset?.rfc3339 == "2026-11-24T17:00:00Z")
        #expect(gale.ends?.rfc3339 == "2026-11-25T05:00:00Z")
        #expect(gale.sent?.rfc3339 == "2026-11-24T09:41:00Z")
    }

    @Test func frostHasNoEndAndNoInstruction() throws {
        let frost = try #require(try BrightSkyAlertsDecoder.decode(try fixtureBytes(fixture)).last)
        #expect(frost.event == "frost")
        #expect(frost.severity == .minor)
        #expect(frost.ends == nil)
        #expect(frost.instruction == nil)
        #expect(frost.onset?.rfc3339 == "2026-11-24T19:00:00Z")
        #expect(frost.description?.hasSuffix("in hollows around -8 °C") == true)
    }

    @Test func timesWithTheZonesOffsetAreTheSameInstants() throws {
        // `tz=Europe/Berlin` writes +01:00 instead of +00:00.
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""onset":"2026-11-24T17:00:00+00:00""#, #""onset":"2026-11-24T18:00:00+01:00""#),
                (#""expires":"2026-11-25T05:00:00+00:00""#, #""expires":"2026-11-25T06:00:00+01:00""#),
            ]
        )
        let gale = try #require(try BrightSkyAlertsDecoder.decode(body).first)
        #expect(gale.onset == Timestamp(rfc3339: "2026-11-24T17:00:00Z"))
        #expect(gale.ends == Timestamp(rfc3339: "2026-11-25T05:00:00Z"))
    }

    @Test func nullTextsFallBackToGermanAndUnknownTokensToUnknown() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [
                (#""event_en":"gale-force gusts""#, #""event_en":null"#),
                (#""headline_en":"Official WARNING of GALE-FORCE GUSTS""#, #""headline_en":null"#),
                (
                    #""category":"met","response_type":"prepare","urgency":"future","severity":"moderate""#,
                    #""category":null,"response_type":null,"urgency":"soon","severity":"violet""#
                ),
                (#""urgency":"future","severity":"minor""#, #""urgency":null,"severity":"SEVERE""#),
            ]
        )
        let alerts = try BrightSkyAlertsDecoder.decode(body)
        try #require(alerts.count == 2)
        #expect(alerts[0].event == "STURMBÖEN")
        #expect(alerts[0].headline == "Amtliche WARNUNG vor STURMBÖEN")
        #expect(alerts[0].severity == .unknown)
        #expect(alerts[0].urgency == .unknown)
        #expect(alerts[1].severity == .severe)
        #expect(alerts[1].urgency == .unknown)
    }

    @Test func testStatusIsNoWarning() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [(#""instruction_de":null,"status":"actual""#, #""instruction_de":null,"status":"test""#)]
        )
        #expect(try BrightSkyAlertsDecoder.decode(body).map(\.id) == [galeID])
    }

    @Test func alertWithoutAlertIDFailsThePoll() throws {
        let body = try fixtureBytes(
            fixture,
            replacing: [(#""alert_id":"2.49.0.0.276.0.DWD.PVW.1795506300000"#, #""alert_id":null,"x":"2"#)]
        )
        let error = try #require(decodeError(body))
        #expect(error.kind == .invalidResponse)
        #expect(error.message == "Bright Sky alerts: alert 1 has no `alert_id`")
    }

    @Test func emptyListIsAnAllClearButANotCoveredBodyIsNot() throws {
        #expect(try BrightSkyAlertsDecoder.decode(Array(#"{"alerts":[],"location":null}"#.utf8)).isEmpty)
        let outside = Array(#"{"detail":"Requested position is not covered by the DWD"}"#.utf8)
        #expect(decodeError(outside)?.message == "Bright Sky alerts: missing `alerts`")
        #expect(decodeError(accessDeniedPage)?.message == "Bright Sky alerts: not JSON (an HTML page?)")
    }

    @Test func locationIsOptional() throws {
        let text = try fixtureText(fixture)
        let cut = try #require(text.range(of: #","location":{"#))
        let body = Array((text[..<cut.lowerBound] + "}").utf8)
        let alerts = try BrightSkyAlertsDecoder.decode(body)
        try #require(alerts.count == 2)
        #expect(alerts[0].area == nil)
    }
}
