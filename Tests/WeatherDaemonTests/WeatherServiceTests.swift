import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherDaemon

/// Rotation, overlapping ticks, failures and the STATUS line, driven tick by tick.
@Suite("WeatherService: ticks")
struct WeatherServiceTests {
    @Test func rotatesThroughTheLocationsInOrder() async throws {
        let h = ServiceHarness()
        h.service.start()
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
        #expect(state.daemon.fetchesOK == 7)
        #expect(state.daemon.fetchesFailed == 0)
        #expect(state.daemon.ticksSkipped == 0)
        #expect(state.locations.map(\.location.id) == ids)
        #expect(state.locations.map(\.status) == [.ok, .ok, .ok])

        let json = try h.readStateJSON()
        #expect(json["current_location"] as? String == "berlin")
        #expect(json["rotation_index"] as? Int == 6)
        #expect(json["schema_version"] as? Int == 1)
    }

    @Test func aTickWhileAFetchRunsIsSkippedAndCounted() async throws {
        let h = ServiceHarness(locations: [
            ServiceHarness.berlin, ServiceHarness.london, ServiceHarness.newYork, ServiceHarness.tokyo,
        ])
        h.service.start()
        let gate = Gate()
        h.provider.script("berlin", .blocked(gate, then: .success(ScriptedProvider.defaultWeather)))

        h.tickWithoutWaiting()
        #expect(await h.provider.waitForCalls(1))
        h.clock.advance(seconds: 10)
        h.tickWithoutWaiting()
        h.clock.advance(seconds: 10)
        h.tickWithoutWaiting()
        #expect(h.provider.calls == ["berlin"])
        let during = h.service.snapshot()
        #expect(during.daemon.ticks == 3)
        #expect(during.daemon.ticksSkipped == 2)
        #expect(during.currentLocation == "berlin")
        #expect(during.rotationIndex == 0)
        #expect(h.log.entries.filter { $0.level == .debug && $0.message.contains("skipped") }.count == 2)

        gate.open()
        await h.service.drain()
        var state = try h.readState()
        #expect(state.daemon.ticksSkipped == 2)
        #expect(state.daemon.fetchesOK == 1)
        #expect(state.locations.first?.status == .ok)

        // Skipped ticks still advance the rotation: tick 3 shows location 3 mod 4.
        await h.advanceAndTick()
        #expect(h.provider.calls == ["berlin", "tokyo"])
        state = try h.readState()
        #expect(state.currentLocation == "tokyo")
        #expect(state.rotationIndex == 3)
        #expect(state.daemon.ticks == 4)
        #expect(
            state.daemon.ticks
                == state.daemon.fetchesOK + state.daemon.fetchesFailed + state.daemon.ticksSkipped
                + state.daemon.ticksFromCache
        )
    }

    @Test func aFailureKeepsTheLastGoodWeather() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        h.service.start()
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
        h.service.start()
        h.provider.script("berlin", .failure(FetchError(kind: .network, message: "connection refused")))
        await h.tick()
        let berlin = try #require(try h.readState().locations.first)
        #expect(berlin.status == .error)
        #expect(berlin.weather == nil)
        #expect(berlin.fetchedAt == nil)
        let entry = try #require((try h.readStateJSON()["locations"] as? [[String: Any]])?.first)
        #expect(entry["weather"] is NSNull)
    }

    @Test func statusLineAfterATick() async throws {
        let h = ServiceHarness()
        h.service.start()
        await h.tick()
        #expect(h.notifier.statusLines.last == "Berlin 2.0 °C Slight rain · 3 locations · 0 failing")

        h.provider.script("london", .failure(FetchError(kind: .timeout, message: "timed out after 5 s")))
        await h.advanceAndTick()
        #expect(h.notifier.statusLines.last == "London (no data yet) · 3 locations · 1 failing")

        await h.advanceAndTick()
        #expect(h.notifier.statusLines.last == "New York 2.0 °C Slight rain · 3 locations · 1 failing")
        #expect(h.notifier.statusLines.count == 3)
    }

    @Test func statusLineWithFahrenheitAndWithoutTemperature() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.tokyo, ServiceHarness.berlin])
        h.service.start()
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
    }

    @Test func stateFileCarriesTheDaemonRecord() async throws {
        let h = ServiceHarness(interval: .milliseconds(2500)) { $0.timeout = .seconds(4) }
        let startedAt = h.clock.now
        h.service.start()
        await h.advanceAndTick(seconds: 3)
        let state = try h.readState()
        #expect(state.schemaVersion == 1)
        #expect(state.generatedAt == h.clock.now)
        #expect(state.daemon.pid == ServiceHarness.pid)
        #expect(state.daemon.version == ServiceHarness.version)
        #expect(state.daemon.startedAt == startedAt)
        #expect(state.daemon.intervalSeconds == 2.5)
        #expect(state.daemon.timeoutSeconds == 4)
        #expect(state.daemon.backoffUntil == nil)
        #expect(state.locations.map(\.status) == [.ok, .pending, .pending])
        let attributes = try FileManager.default.attributesOfItem(atPath: h.stateFile.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }
}
