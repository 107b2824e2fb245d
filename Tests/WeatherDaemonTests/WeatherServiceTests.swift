import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherDaemon

/// Rotation, the queue, failures and the STATUS line, driven tick by tick.
@Suite("WeatherService: ticks")
struct WeatherServiceTests {
    @Test func missedTicksAreSkippedNotReplayedWithOneEntry() async throws {
        let h = ServiceHarness()
        await h.start()
        await h.tick()
        let entriesBefore = h.log.entries.count
        // The timer fires once after the process could not run for 30 more intervals.
        await h.tick(missed: 30)
        let snapshot = await h.snapshot()
        #expect(snapshot.daemon.ticks == 2)
        #expect(snapshot.daemon.ticksMissed == 30)
        #expect(snapshot.rotationIndex == 31)
        // One tick, one journal entry (and no fetch storm): the location the clock says.
        let shown = h.log.entries.dropFirst(entriesBefore).filter { $0.metadata["weather.rotation_index"] != nil }
        #expect(shown.count == 1)
        #expect(shown.first?.metadata["weather.rotation_index"] == "31")
    }

    @Test func rotatesThroughTheLocationsInOrder() async throws {
        let h = ServiceHarness()
        await h.start()
        let ids = ["berlin", "london", "new-york"]
        for k in 0..<7 {
            await h.tick()
            #expect(h.provider.calls.last == ids[k % 3])
            let state = try h.readState()
            #expect(state.currentLocation == ids[k % 3])
            #expect(state.rotationIndex == k)
            h.clock.advance(seconds: 10)
        }
        #expect(h.provider.calls == ["berlin", "london", "new-york", "berlin", "london", "new-york", "berlin"])
        let state = try h.readState()
        #expect(state.daemon.ticks == 7)
        #expect(state.daemon.ticksFetched == 7)
        #expect(state.daemon.fetchesOK == 7)
        #expect(state.daemon.fetchesFailed == 0)
        #expect(state.daemon.ticksSkipped == 0)
        #expect(state.daemon.requests == 7)
        #expect(state.locations.map(\.location.id) == ids)
        #expect(state.locations.map(\.status) == [.ok, .ok, .ok])

        let json = try h.readStateJSON()
        #expect(json["current_location"] as? String == "berlin")
        #expect(json["rotation_index"] as? Int == 6)
        #expect(json["schema_version"] as? Int == 1)
    }

    @Test func autoFetchesEachLocationOncePerDataPeriod() async throws {
        let h = ServiceHarness(refresh: .auto)
        await h.start()
        // 04:05:06 to 04:35:06: three rotations a minute, two period boundaries (04:15, 04:30).
        for _ in 0..<181 {
            await h.tick()
            h.clock.advance(seconds: 10)
        }
        let calls = h.provider.calls
        for id in ["berlin", "london", "new-york"] {
            #expect(calls.filter { $0 == id }.count == 3, "\(id): \(calls.filter { $0 == id }.count) fetches")
        }
        let state = try h.readState()
        #expect(state.daemon.ticks == 181)
        #expect(state.daemon.ticksFetched == 9)
        #expect(state.daemon.ticksFromCache == 172)
        #expect(state.daemon.refresh == "auto")
        // Every location shows the 04:30 period, fetched within the spread (a minute) and one rotation.
        for entry in state.locations {
            #expect(entry.weather?.observedAt == Timestamp(rfc3339: "2026-11-22T04:30:00Z"))
            let fetched = try #require(entry.fetchedAt)
            #expect(fetched.seconds(since: Timestamp(rfc3339: "2026-11-22T04:30:00Z")!) <= 60 + 30)
        }
        // The first request of each location (in this UTC hour and 6-hour slot) asked for the hours and the
        // days, later ones for the nowcast alone: 2.4 + 1.1 + 1.1 calls a location.
        #expect(h.provider.requests.filter(\.includingToday).count == 3)
        #expect(h.provider.requests.filter { $0.blocks.hours != nil }.count == 3)
        #expect(h.provider.requests.allSatisfy { $0.blocks.nowcast })
        #expect(state.daemon.quota.day.used == 13.8)
    }

    @Test func aDueLocationWhoseTickFindsAFetchRunningIsQueuedAndFetchedWhenItEnds() async throws {
        let h = ServiceHarness(locations: [
            ServiceHarness.berlin, ServiceHarness.london, ServiceHarness.newYork, ServiceHarness.tokyo,
        ])
        await h.start()
        let gate = Gate()
        h.provider.script("berlin", .blocked(gate, then: .success(ScriptedProvider.defaultWeather)))

        await h.tickWithoutWaiting()
        #expect(await h.provider.waitForCalls(1))
        h.clock.advance(seconds: 10)
        await h.tickWithoutWaiting()
        h.clock.advance(seconds: 10)
        await h.tickWithoutWaiting()
        #expect(h.provider.calls == ["berlin"])
        let during = await h.snapshot()
        #expect(during.daemon.ticks == 3)
        #expect(during.daemon.ticksSkipped == 2)
        #expect(during.currentLocation == "new-york")
        #expect(during.rotationIndex == 2)
        // Each queued tick logged its location: no data yet, queued.
        let waiting = h.log.entries(messageID: MessageID.noData)
        #expect(waiting.map { $0["weather.location"] } == ["london", "new-york"])
        #expect(waiting.allSatisfy { $0["weather.waiting"] == "queued" && $0["weather.source"] == "none" })
        #expect(waiting.allSatisfy { $0.level == .info })

        gate.open()
        await h.settle()
        // London and New York were fetched as soon as the connection was free, longest-due first.
        #expect(h.provider.calls == ["berlin", "london", "new-york"])
        var state = try h.readState()
        #expect(state.daemon.ticksSkipped == 2)
        #expect(state.daemon.fetchesOK == 3)
        #expect(state.locations.prefix(3).allSatisfy { $0.status == .ok })
        let queued = h.log.entries(messageID: MessageID.weather).filter { $0["weather.queued"] == "1" }
        #expect(queued.map { $0["weather.location"] } == ["london", "new-york"])
        #expect(queued.allSatisfy { $0["weather.source"] == "network" && $0["weather.fetch_ms"] != nil })

        await h.advanceAndTick()
        #expect(h.provider.calls == ["berlin", "london", "new-york", "tokyo"])
        state = try h.readState()
        #expect(state.currentLocation == "tokyo")
        #expect(state.rotationIndex == 3)
        #expect(
            state.daemon.ticks == state.daemon.ticksFetched + state.daemon.ticksSkipped + state.daemon.ticksFromCache
        )
    }

    @Test func aFailureKeepsTheLastGoodWeather() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        h.provider.script(
            "berlin",
            .weather(ScriptedProvider.defaultWeather),
            .failure(FetchError(kind: .timeout, message: "timed out after 5 s")),
            .failure(
                FetchError(
                    kind: .http,
                    message: "HTTP 400: Parameter 'current' is invalid",
                    httpStatus: 400,
                    reason: "Parameter 'current' is invalid"
                )
            )
        )
        await h.tick()
        let fetchedAt = h.clock.now
        await h.advanceAndTick()
        var state = try h.readState()
        var berlin = try #require(state.locations.first)
        #expect(berlin.status == .error)
        #expect(berlin.weather == ScriptedProvider.defaultWeather)
        #expect(berlin.fetchedAt == fetchedAt)
        #expect(
            berlin.lastError
                == ErrorRecord(kind: .timeout, message: "timed out after 5 s", httpStatus: nil, at: h.clock.now)
        )

        let json = try h.readStateJSON()
        let entry = try #require((json["locations"] as? [[String: Any]])?.first)
        #expect(entry["status"] as? String == "error")
        let lastError = try #require(entry["last_error"] as? [String: Any])
        #expect(lastError["kind"] as? String == "timeout")
        #expect(lastError["message"] as? String == "timed out after 5 s")
        #expect(lastError["http_status"] is NSNull)
        #expect(lastError["at"] as? String == "2026-11-22T04:05:16Z")
        #expect((entry["weather"] as? [String: Any])?["temperature"] as? Double == 2.0)

        // One rotation (10 s) later: tried again.
        await h.advanceAndTick()
        state = try h.readState()
        berlin = try #require(state.locations.first)
        #expect(berlin.status == .error)
        #expect(berlin.weather == ScriptedProvider.defaultWeather)
        #expect(berlin.lastError?.kind == .http)
        #expect(berlin.lastError?.httpStatus == 400)
        #expect(berlin.lastError?.message == "HTTP 400: Parameter 'current' is invalid")

        // The next success clears the error.
        await h.advanceAndTick()
        state = try h.readState()
        berlin = try #require(state.locations.first)
        #expect(berlin.status == .ok)
        #expect(berlin.lastError == nil)
        #expect(berlin.fetchedAt == h.clock.now)
        #expect(state.daemon.fetchesOK == 2)
        #expect(state.daemon.fetchesFailed == 2)
    }

    @Test func aFailureBeforeAnySuccessLeavesWeatherNull() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        h.provider.script("berlin", .failure(FetchError(kind: .network, message: "connection refused")))
        await h.tick()
        let berlin = try #require(try h.readState().locations.first)
        #expect(berlin.status == .error)
        #expect(berlin.weather == nil)
        #expect(berlin.fetchedAt == nil)
        let entry = try #require((try h.readStateJSON()["locations"] as? [[String: Any]])?.first)
        #expect(entry["weather"] is NSNull)
    }

    @Test func aFailingLocationBacksOffInsteadOfCostingARequestEveryRotation() async throws {
        let h = ServiceHarness(refresh: .auto)
        await h.start()
        for _ in 0..<30 { h.provider.script("london", .failure(FetchError(kind: .network, message: "refused"))) }
        // Ten minutes: London is tried at 0, 30, 90, 210 and 450 s after its first visit.
        for _ in 0..<60 {
            await h.tick()
            h.clock.advance(seconds: 10)
        }
        #expect(h.provider.calls.filter { $0 == "london" }.count == 5)
        let state = try h.readState()
        let london = state.locations[1]
        #expect(london.consecutiveFailures == 5)
        #expect(london.status == .error)
        // Its next try: 450 + min(900, 30 × 16) = 930 s after its first visit (04:05:16), at the tick that
        // comes then (from a second before).
        #expect(london.nextRefreshAt == Timestamp(rfc3339: "2026-11-22T04:20:45Z"))
        let warnings = h.log.entries.filter { $0.level == .warning }
        #expect(warnings.count == 5)
        // Its other ticks are "no data yet", waiting to retry, at priority 6.
        let waiting = h.log.entries(messageID: MessageID.noData)
        #expect(waiting.count == 15)
        #expect(waiting.allSatisfy { $0["weather.waiting"] == "retry" && $0["weather.last_error_kind"] == "network" })
    }

    @Test func statusLineAfterATick() async throws {
        let h = ServiceHarness()
        await h.start()
        await h.tick()
        #expect(h.notifier.statusLines.last == "Berlin 2.0 °C Slight rain · 3 locations · 0 failing")

        h.provider.script("london", .failure(FetchError(kind: .timeout, message: "timed out after 5 s")))
        await h.advanceAndTick()
        #expect(h.notifier.statusLines.last == "London (no data yet) · 3 locations · 1 failing")

        await h.advanceAndTick()
        #expect(h.notifier.statusLines.last == "New York 2.0 °C Slight rain · 3 locations · 1 failing")
        #expect(h.notifier.statusLines.count == 3)
    }

    @Test func statusLineWithFahrenheitAndWithoutTemperatureAndForOneLocation() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.tokyo, ServiceHarness.berlin])
        await h.start()
        var fahrenheit = ScriptedProvider.defaultWeather
        fahrenheit.temperature = 35.64
        fahrenheit.code = WMOCode(0)
        fahrenheit.units = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
        var noTemperature = ScriptedProvider.defaultWeather
        noTemperature.temperature = nil
        h.provider.script("tokyo", .weather(fahrenheit))
        h.provider.script("berlin", .weather(noTemperature))
        await h.tick()
        #expect(h.notifier.statusLines.last == "Tokyo 35.6 °F Clear sky · 2 locations · 0 failing")
        await h.advanceAndTick()
        #expect(h.notifier.statusLines.last == "Berlin Slight rain · 2 locations · 0 failing")

        let one = ServiceHarness(locations: [ServiceHarness.berlin])
        await one.start()
        await one.tick()
        #expect(one.notifier.statusLines.last == "Berlin 2.0 °C Slight rain · 1 location · 0 failing")
    }

    @Test func stateFileCarriesTheDaemonRecord() async throws {
        let h = ServiceHarness(interval: .milliseconds(2500)) { $0.timeout = .seconds(4) }
        let startedAt = h.clock.now
        await h.start()
        await h.advanceAndTick(seconds: 3)
        let state = try h.readState()
        #expect(state.schemaVersion == 1)
        #expect(state.generatedAt == h.clock.now)
        #expect(state.daemon.pid == ServiceHarness.pid)
        #expect(state.daemon.version == ServiceHarness.version)
        #expect(state.daemon.startedAt == startedAt)
        #expect(state.daemon.intervalSeconds == 2.5)
        #expect(state.daemon.timeoutSeconds == 4)
        #expect(state.daemon.refresh == "every_tick")
        #expect(state.daemon.backoffUntil == nil)
        #expect(state.locations.map(\.status) == [.ok, .pending, .pending])
        let attributes = try FileManager.default.attributesOfItem(atPath: h.stateFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }

    @Test func refreshAllMakesEveryLocationDueAtOnce() async throws {
        let h = ServiceHarness(refresh: .auto)
        await h.start()
        for _ in 0..<6 { await h.advanceAndTick() }
        #expect(h.provider.calls.count == 3)
        await h.refreshAll()
        for _ in 0..<6 { await h.advanceAndTick() }
        #expect(h.provider.calls.count == 6)
    }
}
