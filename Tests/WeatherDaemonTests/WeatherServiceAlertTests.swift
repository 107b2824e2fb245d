import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherDaemon
import WeatherTestSupport

/// The official warnings through the production runner (docs/alerts.md): polled on their own clock
/// beside the rotation, announced once per warning, kept through failed polls and restarts, shown in
/// the state file.
@Suite("WeatherService: official warnings")
struct WeatherServiceAlertTests {
    static let storm = Alert.storm(
        onset: Timestamp(secondsSinceEpoch: 1_795_000_000),
        instruction: "Delay travel."
    )

    static func harness(
        _ poller: ScriptedAlertPoller,
        locations: [Location] = [ServiceHarness.newYork, ServiceHarness.tokyo],
        directory: TemporaryDirectory = TemporaryDirectory("weatherd-alerts")
    ) -> ServiceHarness {
        let h = ServiceHarness(locations: locations, refresh: .auto, directory: directory, alerts: poller)
        h.clock.set(Timestamp(secondsSinceEpoch: 1_795_000_000 + 3600))
        return h
    }

    /// A harness (as ``harness(_:locations:directory:)``) whose poller lists `alerts` for New York, started
    /// and past its first tick.
    static func started(
        listing alerts: [Alert] = [Self.storm],
        locations: [Location] = [ServiceHarness.newYork, ServiceHarness.tokyo],
        directory: TemporaryDirectory = TemporaryDirectory("weatherd-alerts")
    ) async -> (poller: ScriptedAlertPoller, harness: ServiceHarness) {
        let poller = ScriptedAlertPoller()
        poller.list("new-york", alerts)
        let h = harness(poller, locations: locations, directory: directory)
        await h.start()
        await h.tick()
        return (poller, h)
    }

    @Test func aWarningIsAnnouncedOnceAndShownInTheStateFile() async throws {
        let (poller, h) = await Self.started()
        #expect(poller.polls == ["nws 40.7128,-74.006"])
        for _ in 0..<5 { await h.advanceAndTick() }
        #expect(poller.polls.count == 1, "NWS is asked every 5 min at the most")

        let announced = h.log.entries(messageID: MessageID.alertStarted)
        #expect(announced.count == 1)
        let entry = try #require(announced.first)
        #expect(entry.level == .error, "Severe: PRIORITY 3")
        #expect(entry.message == "New York: Winter Storm Warning in force until 2026-11-19T11:06:40Z (Severe)")
        #expect(entry["weather.alert_id"] == "urn:oid:storm.1")
        #expect(entry["weather.alert_source"] == "nws")
        #expect(entry["weather.alert_severity"] == "Severe")
        #expect(entry["weather.alert_headline"] == "Winter Storm Warning until Monday")

        let state = try h.readState()
        let alerts = try #require(state.locations[0].alerts)
        #expect(alerts.source == .nws)
        #expect(alerts.stale == false)
        #expect(alerts.items.map(\.id) == ["urn:oid:storm.1"])
        #expect(alerts.items.first?.instruction == nil, "the long texts stay in the alerts cache")
        #expect(state.locations[1].alerts == nil)
        let json = try h.readStateJSON()
        let tokyo = try #require((json["locations"] as? [[String: Any]])?.last)
        #expect(tokyo["alerts"] is NSNull)
        #expect(h.log.entries.filter { $0.message.hasPrefix("no alert source for tokyo") }.count == 1)
        await h.stop()
    }

    @Test func failedPollsKeepTheWarningThenMarkItStale() async throws {
        let (poller, h) = await Self.started(locations: [ServiceHarness.newYork])
        let html = FetchError(kind: .invalidResponse, message: "NWS alerts: not JSON (an HTML page?)")
        poller.fail("new-york", html, html, html)
        var stale: [Bool] = []
        for _ in 0..<3 {
            // Backing off: 1, then 2 periods; past each, the next poll.
            let before = poller.polls.count
            while poller.polls.count == before { await h.advanceAndTick(seconds: 60) }
            let alerts = try #require(try h.readState().locations[0].alerts)
            stale.append(alerts.stale)
            #expect(alerts.items.map(\.id) == ["urn:oid:storm.1"])
        }
        #expect(stale == [false, false, true])
        let failures = h.log.entries.filter { $0.message.hasPrefix("alert poll of nws for New York failed") }
        #expect(failures.count == 3)
        #expect(failures.allSatisfy { $0.level == .warning })
        #expect(failures.last?.message.hasSuffix("(its warnings are now stale)") == true)
        #expect(h.log.entries(messageID: MessageID.alertEnded).isEmpty)
        await h.stop()
    }

    @Test func aCancelEndsTheWarningOnce() async throws {
        let (poller, h) = await Self.started(locations: [ServiceHarness.newYork])
        var cancel = Self.storm
        cancel.id = "urn:oid:storm.2"
        cancel.messageType = .cancel
        cancel.references = ["urn:oid:storm.1"]
        poller.list("new-york", [cancel])
        await h.advanceAndTick(seconds: 400)
        let ended = h.log.entries(messageID: MessageID.alertEnded)
        #expect(ended.map(\.message) == ["New York: Winter Storm Warning ended (cancelled)"])
        #expect(ended.first?.level == .notice)
        #expect(try h.readState().locations[0].alerts?.items == [])
        await h.stop()
    }

    /// A restart costs no poll and announces nothing again; so does one with alerts off, turned on by a
    /// reload (the runner then reads the alerts cache with that configuration).
    @Test(arguments: [false, true])
    func aRestartCostsNoPollAndAnnouncesNothingAgain(onByReload: Bool) async throws {
        let directory = TemporaryDirectory("weatherd-alerts-restart")
        let (_, first) = await Self.started(locations: [ServiceHarness.newYork], directory: directory)
        await first.stop()
        let saved = try String(contentsOfFile: directory.file("alerts.json"), encoding: .utf8)
        #expect(saved.contains("\"instruction\":\"Delay travel.\""))

        let again = ScriptedAlertPoller()
        let second = ServiceHarness(
            locations: [ServiceHarness.newYork],
            refresh: .auto,
            directory: directory,
            alerts: again
        ) { $0.alerts.enabled = !onByReload }
        second.clock.set(first.clock.now.adding(seconds: 30))
        await second.start()
        await second.tick()
        if onByReload {
            var on = second.configuration
            on.alerts.enabled = true
            await second.reload(on)
        }
        await second.advanceAndTick()
        #expect(again.polls.isEmpty)
        #expect(second.log.entries(messageID: MessageID.alertStarted).isEmpty)
        #expect(try second.readState().locations[0].alerts?.items.map(\.id) == ["urn:oid:storm.1"])
        await second.stop()
    }

    @Test func aWarningPastItsEndEndsWithoutAPoll() async throws {
        var short = Self.storm
        short.ends = Timestamp(secondsSinceEpoch: 1_795_000_000 + 3600 + 30)
        let (poller, h) = await Self.started(listing: [short], locations: [ServiceHarness.newYork])
        await h.advanceAndTick(seconds: 40)
        #expect(poller.polls.count == 1)
        #expect(
            h.log.entries(messageID: MessageID.alertEnded).map(\.message) == [
                "New York: Winter Storm Warning ended (expired)"
            ]
        )
        #expect(try h.readState().locations[0].alerts?.items == [])
        await h.stop()
    }

    @Test func alertsSwitchedOffAndOnByReloadsAnnounceNothingAgain() async throws {
        let (poller, h) = await Self.started()
        var off = h.configuration
        off.alerts.enabled = false
        await h.reload(off)
        await h.advanceAndTick()
        #expect(try h.readState().locations[0].alerts == nil)
        var on = off
        on.alerts.enabled = true
        on.interval = .seconds(5)
        await h.reload(on)
        await h.advanceAndTick(seconds: 400)
        #expect(poller.polls.count == 2)
        #expect(h.log.entries(messageID: MessageID.alertStarted).count == 1)
        #expect(try h.readState().locations[0].alerts?.items.map(\.id) == ["urn:oid:storm.1"])
        #expect(h.log.entries.filter { $0.message.hasPrefix("no alert source for tokyo") }.count == 1)
        await h.stop()
    }
}
