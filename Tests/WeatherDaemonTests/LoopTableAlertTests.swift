import Testing
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The official warnings, as tables: polled on their own clock beside the rotation, announced once per
/// warning, kept through failed polls and restarts, shown in the state file.
@Suite("Loop table: official warnings")
struct LoopTableAlertTests {
    static let storm = Alert.storm(onset: Timestamp(secondsSinceEpoch: 1_795_000_000), instruction: "Delay travel.")

    /// New York (and Tokyo) with alerts on, at the storm's onset plus an hour, started and past the first
    /// tick, New York's source listing `alerts`.
    static func started(
        listing alerts: [Alert] = [storm],
        locations: [Location] = [LoopDriver.newYork, LoopDriver.tokyo],
        previous: PreviousRun = PreviousRun()
    ) -> LoopDriver {
        var driver = LoopDriver(locations: locations, refresh: .auto) { $0.alerts.enabled = true }
        driver.now = Moment(wall: Timestamp(secondsSinceEpoch: 1_795_000_000 + 3600), uptime: 1000)
        driver.alertLists["new-york"] = alerts
        driver.start(previous)
        driver.tick()
        return driver
    }

    @Test func aWarningIsAnnouncedOnceAndShownInTheStateFile() throws {
        var driver = Self.started()
        #expect(driver.polls.map(\.feed.key) == ["nws 40.7128,-74.006"])
        for _ in 0..<5 { driver.advanceAndTick() }
        #expect(driver.polls.count == 1, "NWS is asked every 5 min at the most")
        let announced = driver.entries.filter { $0["message_id"] == MessageID.alertStarted }
        #expect(announced.count == 1)
        let entry = try #require(announced.first)
        #expect(entry.level == .error, "Severe: PRIORITY 3")
        #expect(entry.message == "New York: Winter Storm Warning in force until 2026-11-19T11:06:40Z (Severe)")
        #expect(entry["weather.alert_id"] == "urn:oid:storm.1")
        #expect(entry["weather.alert_source"] == "nws")
        #expect(entry["weather.alert_severity"] == "Severe")
        #expect(entry["weather.alert_headline"] == "Winter Storm Warning until Monday")
        let state = try #require(driver.published)
        let alerts = try #require(state.locations[0].alerts)
        #expect(alerts.source == .nws)
        #expect(alerts.stale == false)
        #expect(alerts.items.map(\.id) == ["urn:oid:storm.1"])
        #expect(state.locations[1].alerts == nil)
        #expect(driver.entries.filter { $0.message.hasPrefix("no alert source for tokyo") }.count == 1)
    }

    /// The poll's end: the state file shows the warning at once, and the alerts cache is written.
    @Test func aPollsEndIsPublishedAndSaved() {
        var driver = LoopDriver(locations: [LoopDriver.newYork], refresh: .auto) { $0.alerts.enabled = true }
        driver.now = Moment(wall: Timestamp(secondsSinceEpoch: 1_795_000_000 + 3600), uptime: 1000)
        driver.alertLists["new-york"] = [Self.storm]
        driver.start()
        let summaries = LoopDriver.summaries(driver.tick())
        let poll = summaries.firstIndex(of: "poll nws 40.7128,-74.006")
        let announced = summaries.firstIndex { $0.hasPrefix("error: New York: Winter Storm Warning in force") }
        #expect(poll != nil && announced != nil && poll! < announced!)
        #expect(summaries.contains("write alerts"))
        #expect(summaries.last?.hasPrefix("publish") == true || summaries.contains { $0.hasPrefix("publish") })
    }

    @Test func failedPollsKeepTheWarningThenMarkItStale() throws {
        var driver = Self.started(locations: [LoopDriver.newYork])
        let html = FetchError(kind: .invalidResponse, message: "NWS alerts: not JSON (an HTML page?)")
        driver.alertAnswers["new-york"] = [.failed(html), .failed(html), .failed(html)]
        var stale: [Bool] = []
        for _ in 0..<3 {
            let before = driver.polls.count
            while driver.polls.count == before { driver.advanceAndTick(seconds: 60) }
            let alerts = try #require(driver.published?.locations[0].alerts)
            stale.append(alerts.stale)
            #expect(alerts.items.map(\.id) == ["urn:oid:storm.1"])
        }
        #expect(stale == [false, false, true])
        let failures = driver.entries.filter { $0.message.hasPrefix("alert poll of nws for New York failed") }
        #expect(failures.count == 3)
        #expect(failures.allSatisfy { $0.level == .warning })
        #expect(failures.last?.message.hasSuffix("(its warnings are now stale)") == true)
        #expect(driver.entries.filter { $0["message_id"] == MessageID.alertEnded }.isEmpty)
    }

    @Test func aCancelEndsTheWarningOnce() {
        var driver = Self.started(locations: [LoopDriver.newYork])
        var cancel = Self.storm
        cancel.id = "urn:oid:storm.2"
        cancel.messageType = .cancel
        cancel.references = ["urn:oid:storm.1"]
        driver.alertLists["new-york"] = [cancel]
        driver.advanceAndTick(seconds: 400)
        let ended = driver.entries.filter { $0["message_id"] == MessageID.alertEnded }
        #expect(ended.map(\.message) == ["New York: Winter Storm Warning ended (cancelled)"])
        #expect(ended.first?.level == .notice)
        #expect(driver.published?.locations[0].alerts?.items == [])
    }

    @Test func aWarningPastItsEndEndsWithoutAPoll() {
        var short = Self.storm
        short.ends = Timestamp(secondsSinceEpoch: 1_795_000_000 + 3600 + 30)
        var driver = Self.started(listing: [short], locations: [LoopDriver.newYork])
        let effects = driver.advanceAndTick(seconds: 40)
        #expect(driver.polls.count == 1)
        #expect(
            LoopDriver.entries(in: effects).filter { $0["message_id"] == MessageID.alertEnded }.map(\.message) == [
                "New York: Winter Storm Warning ended (expired)"
            ]
        )
        #expect(LoopDriver.summaries(effects).contains("write alerts"))
        #expect(driver.published?.locations[0].alerts?.items == [])
    }

    /// A restart with what the alerts cache held costs no poll and announces nothing again; so does one
    /// with alerts off, turned on by a reload.
    @Test(arguments: [false, true])
    func aRestartCostsNoPollAndAnnouncesNothingAgain(onByReload: Bool) {
        let first = Self.started(locations: [LoopDriver.newYork])
        var previous = PreviousRun()
        previous.alertMemory = first.loop.alertPlanner.memory
        var second = LoopDriver(locations: [LoopDriver.newYork], refresh: .auto) { $0.alerts.enabled = !onByReload }
        second.now = first.now.adding(seconds: 30)
        second.start(previous)
        second.tick()
        if onByReload {
            var on = second.configuration
            on.alerts.enabled = true
            second.reload(on)
        }
        second.advanceAndTick()
        #expect(second.polls.isEmpty)
        #expect(second.entries.filter { $0["message_id"] == MessageID.alertStarted }.isEmpty)
        #expect(second.published?.locations[0].alerts?.items.map(\.id) == ["urn:oid:storm.1"])
    }

    @Test func alertsSwitchedOffAndOnByReloadsAnnounceNothingAgain() {
        var driver = Self.started()
        var off = driver.configuration
        off.alerts.enabled = false
        driver.reload(off)
        driver.advanceAndTick()
        #expect(driver.published?.locations[0].alerts == nil)
        var on = off
        on.alerts.enabled = true
        on.interval = .seconds(5)
        driver.reload(on)
        driver.advanceAndTick(seconds: 400)
        #expect(driver.polls.count == 2)
        #expect(driver.entries.filter { $0["message_id"] == MessageID.alertStarted }.count == 1)
        #expect(driver.published?.locations[0].alerts?.items.map(\.id) == ["urn:oid:storm.1"])
        #expect(driver.entries.filter { $0.message.hasPrefix("no alert source for tokyo") }.count == 1)
    }

    /// NWS asks for a contact: an empty `alerts.contact` is said once.
    @Test func anEmptyContactIsSaidOnce() {
        var driver = Self.started()
        var again = driver.configuration
        again.interval = .seconds(5)
        driver.reload(again)
        let notices = driver.entries.filter { $0.message.hasPrefix("contact is empty: nws asks for a contact") }
        #expect(notices.count == 1)
    }

    /// A poll cancelled by the stop is forgotten: nothing is logged, the loop finishes.
    @Test func aPollInFlightAtTheStopIsCancelledAndForgotten() {
        var driver = LoopDriver(locations: [LoopDriver.newYork], refresh: .auto) { $0.alerts.enabled = true }
        driver.now = Moment(wall: Timestamp(secondsSinceEpoch: 1_795_000_000 + 3600), uptime: 1000)
        driver.start()
        let poll = driver.loop.handle(.tick(missed: 0), at: driver.now).compactMap { effect -> AlertPollOrder? in
            if case .poll(let order) = effect { order } else { nil }
        }
        #expect(poll.count == 1)
        let stop = LoopDriver.summaries(driver.loop.handle(.shutdown, at: driver.now))
        #expect(stop.contains("cancel requests"))
        #expect(!stop.contains("finished"))
        let failed = AlertPollOutcome(.failed(FetchError(kind: .network, message: "cancelled")))
        let ended = LoopDriver.summaries(driver.loop.handle(.polled(poll[0], failed), at: driver.now))
        #expect(!ended.contains { $0.hasPrefix("warning") })
        #expect(ended.contains("write alerts"))
    }
}
