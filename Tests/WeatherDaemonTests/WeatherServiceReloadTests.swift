import Dispatch
import Foundation
import Logging
import NIOPosix
import ServiceLifecycle
import StateStore
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherDaemon

/// reload(): a new configuration applied at once (RELOADING=1, then READY=1), a new timer or provider when
/// it needs one, and a rejected one logged while the running one stays.
@Suite("WeatherService: reload")
struct WeatherServiceReloadTests {
    /// A configuration a reload brings: `locations`, fetched every tick from `baseURL`.
    private func configuration(_ locations: [Location], baseURL: String = "http://127.0.0.1:9") -> Configuration {
        var configuration = Configuration()
        configuration.api.baseURL = baseURL
        configuration.locations = locations
        configuration.refresh = .everyTick
        return configuration
    }

    @Test func reloadIsAppliedAtOnce() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, ServiceHarness.london])
        await h.start()
        await h.tick()  // tick 0: Berlin

        await h.reload(configuration([ServiceHarness.berlin, ServiceHarness.london, ServiceHarness.tokyo]))
        // RELOADING=1, then READY=1 once the new configuration is applied (Type=notify-reload).
        let lastTwo = Array(h.notifier.calls.suffix(2))
        #expect(lastTwo.first == .reloading)
        #expect(h.notifier.readyCalls.count == 2 && lastTwo.last == .ready(h.notifier.readyCalls.last ?? nil))
        let reloaded = try #require(h.log.entries(messageID: MessageID.reloaded).first)
        #expect(reloaded.level == .notice)
        #expect(reloaded.message == "configuration reloaded: 3 locations every 10s, refresh every_tick")
        #expect(await h.snapshot().locations.count == 3)

        await h.advanceAndTick()  // tick 1: London
        var state = try h.readState()
        #expect(state.locations.map(\.location.id) == ["berlin", "london", "tokyo"])
        #expect(state.currentLocation == "london")
        #expect(state.locations[0].status == .ok)
        #expect(state.locations[0].weather == ScriptedProvider.defaultWeather)
        #expect(state.locations[2].status == .pending)
        await h.advanceAndTick()  // tick 2: Tokyo
        #expect(h.provider.calls == ["berlin", "london", "tokyo"])

        await h.reload(configuration([ServiceHarness.london, ServiceHarness.tokyo]))
        await h.advanceAndTick()  // tick 3: 3 mod 2 = Tokyo
        state = try h.readState()
        #expect(state.locations.map(\.location.id) == ["london", "tokyo"])
        #expect(state.currentLocation == "tokyo")
        #expect(state.rotationIndex == 3)
        #expect(state.locations.map(\.status) == [.ok, .ok])
        #expect(h.provider.calls == ["berlin", "london", "tokyo", "tokyo"])
        #expect(h.ticks.startedIntervals == [.seconds(10)])
        #expect(h.providersMade.value == 1)
    }

    @Test func reloadWithANewIntervalRestartsTheTimer() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        var faster = configuration([ServiceHarness.berlin])
        faster.interval = .seconds(30)
        await h.reload(faster)
        #expect(h.ticks.startedIntervals == [.seconds(10), .seconds(30)])
        await h.tick()
        #expect(try h.readState().daemon.intervalSeconds == 30)
    }

    @Test func reloadWithNewAPISettingsBuildsANewProvider() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        #expect(h.providersMade.value == 1)
        await h.reload(configuration([ServiceHarness.berlin], baseURL: "http://127.0.0.1:8080"))
        #expect(h.providersMade.value == 2)
        await h.tick()
        #expect(h.provider.calls == ["berlin"])
    }

    @Test func rejectedReloadIsLoggedAndTheOldConfigurationStays() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        let error = ConfigError(
            file: "/etc/weatherd/config.yaml",
            keyPath: "interval",
            line: 1,
            message: "must be greater than 0"
        )
        await h.rejectReload(error)
        let entry = try #require(h.log.entries(messageID: MessageID.reloadRejected).first)
        #expect(entry.level == .error)
        #expect(entry.message == "configuration not reloaded, keeping the running one: \(error)")
        await h.tick()
        #expect(try h.readState().locations.map(\.location.id) == ["berlin"])
    }
}
