import Foundation
import Testing
import WeatherCore
import WeatherDisplay
import WeatherTestSupport

/// The official warnings where a user reads them (docs/alerts.md): the bar's class, tooltip and
/// placeholders, the status text, `weatherd alerts`, Prometheus.
@Suite("Alerts on display")
struct AlertDisplayTests {
    /// Fixture's snapshot (Berlin at UTC+1, Sunday 14:20 there) with Berlin under `alerts`.
    static func snapshot(_ alerts: [Alert], stale: Bool = false) -> StateSnapshot {
        var snapshot = Fixture.snapshot()
        snapshot.locations[0].alerts = LocationAlerts(
            source: .dwd,
            fetchedAt: Fixture.time("2026-11-22T13:15:00Z"),
            stale: stale,
            items: alerts
        )
        return snapshot
    }

    static let gusts = Alert(
        id: "dwd.1",
        source: .dwd,
        event: "gale-force gusts",
        severity: .severe,
        headline: "Official WARNING of GALE-FORCE GUSTS",
        onset: Fixture.time("2026-11-22T12:00:00Z"),
        ends: Fixture.time("2026-11-23T17:00:00Z")
    )
    static let frost = Alert(id: "dwd.2", source: .dwd, event: "frost", severity: .minor)
    static let past = Alert(
        id: "dwd.0",
        source: .dwd,
        event: "fog",
        severity: .extreme,
        ends: Fixture.time("2026-11-22T13:00:00Z")
    )

    static func waybar(_ snapshot: StateSnapshot, template: String = "{alert}|{alerts}") throws -> [String: Any] {
        let style = DisplayStyle(template: try Template(parsing: template))
        let line = Waybar.render(snapshot, focus: "berlin", health: .ok, now: Fixture.now, style: style)
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func theBarTakesTheClassAndTheTooltipStartsWithTheWarnings() throws {
        let module = try Self.waybar(Self.snapshot([Self.gusts, Self.frost, Self.past]))
        #expect(module["text"] as? String == "gale-force gusts|2")
        let classes = try #require(module["class"] as? [String])
        #expect(Array(classes.suffix(2)) == ["alert", "alert-severe"])
        let tooltip = try #require(module["tooltip"] as? String).split(separator: "\n").map(String.init)
        #expect(Array(tooltip.prefix(3)) == ["⚠ gale-force gusts until Mon 18:00", "⚠ frost", tooltip[2]])
        #expect(tooltip[2].hasPrefix("Berlin: "))
        #expect(!tooltip.contains { $0.contains("fog") }, "a warning past its end is not shown")
    }

    @Test func theEndReadsWithItsWeekdayEvenToday() {
        var tonight = Self.gusts
        tonight.ends = Fixture.time("2026-11-22T20:00:00Z")
        #expect(AlertText.line(tonight, utcOffsetSeconds: 3600) == "⚠ gale-force gusts until Sun 21:00")
        #expect(
            AlertText.line(tonight, utcOffsetSeconds: nil, clock: .twelveHour)
                == "⚠ gale-force gusts until Sun 8:00 PM UTC"
        )
    }

    @Test func withoutWarningsNothingChanges() throws {
        for snapshot in [Self.snapshot([]), Self.snapshot([Self.past]), Fixture.snapshot()] {
            let module = try Self.waybar(snapshot)
            #expect(module["text"] as? String == "|0")
            #expect((module["class"] as? [String])?.contains("alert") == false)
            #expect((module["tooltip"] as? String)?.hasPrefix("Berlin: ") == true)
        }
    }

    @Test func theStatusTextHasALinePerWarningAndTheSamePluginLine() {
        let plain = StatusText.render(Fixture.snapshot(), health: .ok, now: Fixture.now)
        let text = StatusText.render(Self.snapshot([Self.gusts]), health: .ok, now: Fixture.now)
        #expect(text.split(separator: "\n").first == plain.split(separator: "\n").first)
        #expect(text.contains("\n              ⚠ gale-force gusts until Mon 18:00 (Severe)\n"))
    }

    @Test(arguments: [
        ([Alert](), false, Int32(0), "ALERTS OK - no warning in force | alerts=0;;;0"),
        ([frost], false, 1, "ALERTS WARNING - 1 in force: Berlin: frost | alerts=1;;;0"),
        (
            [frost, gusts], false, 2,
            "ALERTS CRITICAL - 2 in force: Berlin: frost, Berlin: gale-force gusts | alerts=2;;;0"
        ),
        (
            [gusts], true, 3,
            "ALERTS UNKNOWN - 1 in force: Berlin: gale-force gusts - source failing for Berlin | alerts=1;;;0"
        ),
    ])
    func alertsIsAPluginOfItsOwn(alerts: [Alert], stale: Bool, status: Int32, line: String) {
        let report = AlertsReport.render(
            Self.snapshot(alerts, stale: stale),
            location: nil,
            details: [:],
            format: .text,
            now: Fixture.now
        )
        #expect(report.exitStatus == status)
        #expect(report.text.split(separator: "\n").first.map(String.init) == line)
    }

    @Test func alertsPrintsTimesInTheLocationsZoneAndWhatToDo() throws {
        var full = Self.gusts
        full.instruction = "Secure loose objects.\nStay indoors."
        full.onset = Fixture.time("2026-11-22T18:00:00Z")
        let report = AlertsReport.render(
            Self.snapshot([Self.gusts]),
            location: "berlin",
            details: ["dwd.1": full],
            format: .text,
            now: Fixture.now
        )
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst()) == [
                "Berlin: gale-force gusts (Severe) until Mon 18:00",
                "  Official WARNING of GALE-FORCE GUSTS",
                "  What to do: Secure loose objects.",
                "    Stay indoors.",
            ]
        )
        let json = AlertsReport.render(
            Self.snapshot([Self.gusts]),
            location: nil,
            details: ["dwd.1": full],
            format: .json,
            now: Fixture.now
        )
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items[0]["location"] as? String == "berlin")
        #expect(items[0]["instruction"] as? String == "Secure loose objects.\nStay indoors.")
        #expect(items[0]["ends"] as? String == "2026-11-23T17:00:00Z")
    }

    @Test func prometheusCountsTheWarningsBySeverity() {
        let text = PrometheusText.render(alertSnapshot())
        let lines = text.split(separator: "\n").map(String.init)
        let first = alertSnapshot().locations[0].location.id
        #expect(lines.contains("weatherd_alerts{location=\"\(first)\",severity=\"severe\"} 1"))
        #expect(lines.contains("weatherd_alerts{location=\"\(first)\",severity=\"minor\"} 1"))
        #expect(lines.contains("weatherd_alerts{location=\"\(first)\",severity=\"extreme\"} 0"))
        #expect(lines.contains("weatherd_alert_source_up{location=\"\(first)\",source=\"nws\"} 1"))
        #expect(
            lines.contains { $0.hasPrefix("weatherd_alert_source_up{") && $0.hasSuffix("source=\"meteoalarm\"} 0") }
        )
        #expect(lines.filter { $0.hasPrefix("weatherd_alert_poll_timestamp_seconds{") }.count == 1)
    }
}
