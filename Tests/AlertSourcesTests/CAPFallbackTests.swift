import AlertSources
import Testing
import WeatherCore

/// What the four decoders read alike (docs/alerts.md, "What counts as a warning"): the event, else the
/// headline, else a word of their own; the onset, else `effective`; texts trimmed; only `Actual` messages.
@Suite("The CAP basics, alike in every source")
struct CAPFallbackTests {
    @Test func brightSkyWithoutAnEventIsAWeatherWarning() throws {
        let body = try fixtureBytes(
            "brightsky-alerts.json",
            replacing: [(#""event_en":"gale-force gusts""#, #""event_en":"  ""#)]
        )
        let alerts = try BrightSkyAlertsDecoder.decode(body)
        // No English event: the German one.
        #expect(alerts.first?.event == "STURMBÖEN")
    }

    @Test func meteoAlarmWithoutAnEventTakesTheHeadline() throws {
        let info = MeteoAlarmFeed.info(
            event: "",
            areas: [MeteoAlarmFeed.area("North", geocodes: [("XX001", "EMMA_ID")])]
        )
        let body = MeteoAlarmFeed.body([MeteoAlarmFeed.warning(id: "m1", infos: [info])])
        let alert = try #require(try MeteoAlarmDecoder.decode(body, for: .code("XX001")).first)
        #expect(alert.event == "headline (en-GB)")
    }

    @Test func nwsWithoutEventOrHeadlineIsAWeatherAlert() throws {
        let body = try fixtureBytes(
            "nws-alerts-active-point.geojson",
            replacing: [
                (#""event": "Winter Storm Warning""#, #""event": null"#),
                (#""headline": "Winter Storm Warning issued"#, #""headline": null, "x": "Winter Storm Warning issued"#),
            ]
        )
        #expect(try NWSAlertsDecoder.decode(body).first?.event == "Weather alert")
    }

    @Test func metNorwayWithoutAnAwarenessNameTakesTheEvent() throws {
        let body = try fixtureBytes("metno-metalerts-current.json", replacing: [(#""eventAwarenessName":"#, #""x":"#)])
        let alert = try #require(try MetAlertsDecoder.decode(body).first)
        #expect(alert.event == "forestFire")
    }
}
