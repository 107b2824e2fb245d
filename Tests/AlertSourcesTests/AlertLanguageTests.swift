import Testing

@testable import AlertSources
@testable import WeatherCore

/// Warnings in the reader's language where the source offers one (docs/alerts.md, "Language"): each
/// decoder's choice, and the tag each alert carries.
@Suite("Alerts in the reader's language")
struct AlertLanguageTests {
    private let galeID = "2.49.0.0.276.0.DE.261124093100.5581204.e"

    // MARK: - MeteoAlarm

    @Test func meteoAlarmGivesAReaderOfGermanTheGermanInfo() throws {
        let body = try fixtureBytes("meteoalarm-feeds-germany.json")
        let alert = try #require(try MeteoAlarmDecoder.decode(body, for: .code("DE571"), language: .german).first)
        #expect(alert.id == galeID)
        #expect(alert.language == "de-DE")
        #expect(alert.event == "Sturmböen")
        #expect(alert.headline == "Sturmböen im Landkreis Hohenwalde ab dem Abend")
        #expect(alert.description?.hasPrefix("Ab dem Abend frischt der Westwind deutlich auf.") == true)
        #expect(alert.instruction == "Lose Gegenstände im Freien sichern und Abstand zu Bäumen halten.")
        // The rest is the message's, whichever language is read.
        #expect(alert.severity == .moderate)
        #expect(alert.area == "Landkreis Hohenwalde")
        #expect(alert.onset?.rfc3339 == "2026-11-24T17:00:00Z")
        let snow = try #require(try MeteoAlarmDecoder.decode(body, for: .code("112588000"), language: .german).first)
        #expect(snow.event == "starker Schneefall")
        #expect(snow.messageType == .update)
        #expect(snow.references == ["2.49.0.0.276.0.DE.261124071500.5580912.e"])
    }

    @Test(arguments: [Language.english, .french, .norwegianBokmal])
    func meteoAlarmWithoutTheReadersLanguageIsEnglish(language: Language) throws {
        let body = try fixtureBytes("meteoalarm-feeds-germany.json")
        let alert = try #require(try MeteoAlarmDecoder.decode(body, for: .code("DE571"), language: language).first)
        #expect(alert.language == "en-GB")
        #expect(alert.headline == "Gale-force gusts in Landkreis Hohenwalde from this evening")
    }

    @Test(
        "MeteoAlarm: the reader's language in any case and form, else English, else the first",
        arguments: [
            (Language.german, ["en-GB", "DE-at"], "DE-at"),
            (.german, ["en-GB", "de_DE"], "de_DE"),
            (.german, ["en-GB", "de"], "de"),
            (.german, ["fr-FR", "nl-BE"], "fr-FR"),
            (.german, ["deu", "en-GB"], "en-GB"),
            (.dutch, ["fr-BE", "nl-BE", "en-GB"], "nl-BE"),
            (.swedish, ["no", "sv-SE"], "sv-SE"),
            (.english, ["de-DE", "EN-ie"], "EN-ie"),
            (.norwegianBokmal, ["en-GB", "nn-NO", "nb-NO"], "nb-NO"),
            (.norwegianBokmal, ["nn-NO", "en-GB", "no"], "no"),
            (.norwegianBokmal, ["en-GB", "NO-no"], "NO-no"),
            (.norwegianBokmal, ["en-GB", "nn-NO"], "nn-NO"),
            (.norwegianBokmal, ["sv-SE", "en-GB"], "en-GB"),
        ]
    )
    func meteoAlarmChoice(language: Language, tags: [String], expected: String) throws {
        let area = MeteoAlarmFeed.area("Zone", geocodes: [("XX001", "EMMA_ID")])
        let infos = tags.map { MeteoAlarmFeed.info(language: $0, areas: [area]) }
        let body = MeteoAlarmFeed.body([MeteoAlarmFeed.warning(id: "m1", infos: infos)])
        let alert = try #require(try MeteoAlarmDecoder.decode(body, for: .code("XX001"), language: language).first)
        #expect(alert.headline == "Wind headline (\(expected))")
        #expect(alert.language == expected)
    }

    @Test func meteoAlarmTheSourceReadsInItsLanguage() throws {
        let feed = AlertFeed(
            source: .meteoalarm,
            country: "germany",
            members: [AlertFeed.Member(locationID: "hohenwalde", code: "DE571", latitude: 0, longitude: 0)],
            host: "example"
        )
        let body = try fixtureBytes("meteoalarm-feeds-germany.json")
        let german = try MeteoAlarmAlertSource(language: .german).alerts(in: body, for: feed)
        let english = try MeteoAlarmAlertSource(language: .english).alerts(in: body, for: feed)
        #expect(german["hohenwalde"]?.map(\.language) == ["de-DE"])
        #expect(english["hohenwalde"]?.map(\.language) == ["en-GB"])
    }

    // MARK: - Bright Sky

    @Test func brightSkyGivesAReaderOfGermanTheGermanTexts() throws {
        let alerts = try BrightSkyAlertsDecoder.decode(try fixtureBytes("brightsky-alerts.json"), language: .german)
        try #require(alerts.count == 2)
        let gale = alerts[0]
        #expect(gale.language == "de")
        #expect(gale.event == "STURMBÖEN")
        #expect(gale.headline == "Amtliche WARNUNG vor STURMBÖEN")
        #expect(gale.description?.hasPrefix("Ab dem frühen Abend treten Sturmböen") == true)
        #expect(gale.instruction?.hasPrefix("ACHTUNG! Hinweis auf mögliche Gefahren") == true)
        #expect(gale.severity == .moderate)
        // Frost has no instruction in either language: none, not the other's.
        let frost = alerts[1]
        #expect(frost.language == "de")
        #expect(frost.event == "FROST")
        #expect(frost.instruction == nil)
    }

    @Test(arguments: [Language.english, .french, .norwegianBokmal])
    func brightSkyIsEnglishForEveryOtherReader(language: Language) throws {
        let alerts = try BrightSkyAlertsDecoder.decode(try fixtureBytes("brightsky-alerts.json"), language: language)
        #expect(alerts.map(\.language) == ["en", "en"])
        #expect(alerts.map(\.headline) == ["Official WARNING of GALE-FORCE GUSTS", "Official WARNING of FROST"])
        let source = BrightSkyAlertSource(language: language)
        #expect(try source.alerts(in: try fixtureBytes("brightsky-alerts.json")) == alerts)
    }

    @Test func brightSkyFallsBackToTheOtherLanguageTextByText() throws {
        let body = try fixtureBytes(
            "brightsky-alerts.json",
            replacing: [
                (#""description_de":"Ab dem frühen Abend"#, #""description_de":null,"x":"Ab dem frühen Abend"#),
                (#""event_de":"FROST""#, #""event_de":null"#),
                (#""headline_de":"Amtliche WARNUNG vor FROST""#, #""headline_de":"  ""#),
            ]
        )
        let alerts = try BrightSkyAlertsDecoder.decode(body, language: .german)
        try #require(alerts.count == 2)
        // The headline is German: so is the alert, its missing description English.
        #expect(alerts[0].language == "de")
        #expect(alerts[0].headline == "Amtliche WARNUNG vor STURMBÖEN")
        #expect(alerts[0].description?.hasPrefix("There is a risk of gale-force gusts") == true)
        // Neither headline nor event in German: English, and said so.
        #expect(alerts[1].language == "en")
        #expect(alerts[1].event == "frost")
        #expect(alerts[1].headline == "Official WARNING of FROST")
        #expect(alerts[1].description?.hasPrefix("In der Nacht tritt verbreitet leichter Frost") == true)
    }

    // MARK: - MET Norway, NWS

    @Test func metAlertsCarryTheAnswersLanguage() throws {
        let norwegian = try #require(
            try MetAlertsDecoder.decode(try fixtureBytes("metno-metalerts-current.json")).first
        )
        #expect(norwegian.language == "no")
        #expect(norwegian.event == "Skogbrannfare")
        let english = try MetAlertsDecoder.decode(
            try fixtureBytes("metno-metalerts-current.json", replacing: [(#""lang":"no""#, #""lang":"en""#)])
        )
        #expect(english.map(\.language) == ["en"])
        let unsaid = try MetAlertsDecoder.decode(
            try fixtureBytes("metno-metalerts-current.json", replacing: [(#""lang":"no","#, "")])
        )
        #expect(unsaid.map(\.language) == [nil])
    }

    @Test func nwsIsEnglishAndSaysSo() throws {
        let alerts = try NWSAlertsDecoder.decode(try fixtureBytes("nws-alerts-active-point.geojson"))
        #expect(alerts.map(\.language) == ["en-US"])
        let german = try Alert.Source.nws.alertSource(language: .german)
            .alerts(in: try fixtureBytes("nws-alerts-active-point.geojson"), for: nwsFeed)
        #expect(german["here"] == alerts)
    }

    private var nwsFeed: AlertFeed {
        AlertFeed(
            source: .nws,
            latitude: 39.4815,
            longitude: -106.0384,
            members: [AlertFeed.Member(locationID: "here", latitude: 39.4815, longitude: -106.0384)],
            host: "example"
        )
    }
}
