import FakeOpenMeteo
import Foundation
import Testing

/// The warnings in the reader's language, end to end: a daemon with `language: de` keeps Bright Sky's
/// German texts for a German place, one with `language: fr` the French `info` of a MeteoAlarm message,
/// and `weatherd alerts` prints them; with `language: en` the same answers give the English texts.
@Suite("Warnings in the reader's language, end to end")
struct AlertLanguageEndToEndTests {
    /// `text` with the fixtures' days (24 and 25 November 2026) moved to today and tomorrow (UTC).
    static func movedToToday(_ text: String) -> String {
        let now = Date().timeIntervalSince1970
        return
            text
            .replacingOccurrences(of: "2026-11-24", with: String(Fault.rfc3339(now).prefix(10)))
            .replacingOccurrences(of: "2026-11-25", with: String(Fault.rfc3339(now + 86_400).prefix(10)))
    }

    static func fixture(_ name: String) throws -> String {
        let path = FileManager.default.currentDirectoryPath + "/Tests/AlertSourcesTests/Fixtures/" + name
        return movedToToday(try String(contentsOfFile: path, encoding: .utf8))
    }

    /// MeteoAlarm's German feed made French: its first message's `de-DE` info in French, for the code FR123.
    static func frenchFeed() throws -> String {
        var feed = try #require(try jsonObject(try fixture("meteoalarm-feeds-germany.json")) as? [String: Any])
        var warnings = try #require(feed["warnings"] as? [[String: Any]])
        var alert = try #require(warnings[0]["alert"] as? [String: Any])
        var infos = try #require(alert["info"] as? [[String: Any]])
        for index in infos.indices {
            var areas = try #require(infos[index]["area"] as? [[String: Any]])
            areas[0]["geocode"] = [["value": "FR123", "valueName": "EMMA_ID"]]
            infos[index]["area"] = areas
            guard infos[index]["language"] as? String == "de-DE" else { continue }
            infos[index]["language"] = "fr-FR"
            infos[index]["event"] = "Rafales de vent"
            infos[index]["headline"] = "Vigilance jaune vent violent sur le Finistère dès ce soir"
            infos[index]["instruction"] = "Limitez vos déplacements et rangez les objets susceptibles d'être emportés."
        }
        alert["info"] = infos
        warnings[0]["alert"] = alert
        feed["warnings"] = [warnings[0]]
        return String(decoding: try JSONSerialization.data(withJSONObject: feed), as: UTF8.self)
    }

    /// The headlines of `id`'s warnings in the state file, once it has any (at most 15 s).
    static func headlines(_ daemon: FaultDaemon, _ id: String) async throws -> [String] {
        var headlines: [String] = []
        let shown = await Fault.eventually(timeout: 15) {
            let alerts = (try? daemon.location(id))?["alerts"] as? [String: Any]
            headlines = (alerts?["items"] as? [[String: Any]] ?? []).compactMap { $0["headline"] as? String }
            return !headlines.isEmpty
        }
        try #require(shown, "no warning for \(id) in the state file; stderr: \(daemon.stderr)")
        return headlines
    }

    @Test("a German place's DWD warning: its German headline with language de, the English one with en")
    func dwdInGermanAndEnglish() async throws {
        let body = try Self.fixture("brightsky-alerts.json")
        let berlin = Fault.Place(id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.405)
        for (language, headline, instruction) in [
            ("de", "Amtliche WARNUNG vor STURMBÖEN", "Handlungsempfehlung: ACHTUNG! Hinweis auf mögliche Gefahren"),
            ("en", "Official WARNING of GALE-FORCE GUSTS", "What to do: NOTE: Be aware of the following"),
        ] {
            let handler = FakeOpenMeteoServer.realistic(dataInterval: 900, alerts: { $0 == "dwd" ? body : nil })
            let config = Fault.config([berlin], extra: "language: \(language)")
            try await Fault.withDaemon(config: config, handler: handler) { _, daemon in
                let headlines = try await Self.headlines(daemon, "berlin")
                #expect(headlines.first == headline, "language \(language): \(headlines)")
                let text = try await Subprocess.run([
                    "alerts", "--state-file", daemon.statePath, "--language", language,
                ])
                #expect(text.stdout.contains(instruction), "language \(language): \(text.stdout)")
            }
        }
    }

    @Test("a French MeteoAlarm warning: its French info with language fr, the English one with en")
    func meteoAlarmInFrenchAndEnglish() async throws {
        let feed = try Self.frenchFeed()
        let handler = FakeOpenMeteoServer.realistic(
            dataInterval: 900,
            alerts: { $0 == "meteoalarm-france" ? feed : nil }
        )
        for (language, headline) in [
            ("fr", "Vigilance jaune vent violent sur le Finistère dès ce soir"),
            ("en", "Gale-force gusts in Landkreis Hohenwalde from this evening"),
        ] {
            let config =
                "timeout: 2s\nrefresh: every_tick\nsources: [open-meteo]\nlanguage: \(language)\nlocations:\n"
                + "  - name: Brest\n    id: brest\n    latitude: 48.39\n    longitude: -4.49\n"
                + "    alerts: {meteoalarm: {country: france, code: FR123}}\n"
            try await Fault.withDaemon(config: config, handler: handler) { _, daemon in
                let headlines = try await Self.headlines(daemon, "brest")
                #expect(headlines == [headline], "language \(language): \(headlines)")
                let alerts = try #require(try daemon.location("brest")?["alerts"] as? [String: Any])
                let item = try #require((alerts["items"] as? [[String: Any]])?.first)
                #expect(item["language"] as? String == (language == "fr" ? "fr-FR" : "en-GB"), "\(item)")
                let text = try await Subprocess.run([
                    "alerts", "--state-file", daemon.statePath, "--language", language,
                ])
                #expect(text.stdout.contains(headline) || text.stdout.contains(item["event"] as? String ?? "?"))
                if language == "fr" {
                    #expect(
                        text.stdout.contains("Conseils de comportement\u{A0}: Limitez vos déplacements")
                            || text.stdout.contains("Conseils de comportement : Limitez vos déplacements"),
                        "\(text.stdout)"
                    )
                }
            }
        }
    }
}
