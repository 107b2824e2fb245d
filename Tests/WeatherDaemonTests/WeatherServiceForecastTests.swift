import Testing
import WeatherCore
import WeatherDaemon
import WeatherTestSupport

/// The forecast's journal entries (docs/journal.md, docs/forecast.md): rain soon once per episode, kept across restarts
/// through the durable cache; a dropped block once per location and condition, not per fetch.
@Suite("WeatherService: forecast")
struct WeatherServiceForecastTests {
    @Test func rainSoonIsLoggedOncePerEpisodeAndNotAgainAfterARestart() async throws {
        let directory = TemporaryDirectory("weatherd-rain")
        do {
            let first = ServiceHarness(locations: [ServiceHarness.berlin], refresh: .auto, directory: directory)
            // Wet from the third step on: rain from 04:15, 10 minutes after 04:05:06.
            first.provider.rain(fromStep: 2)
            await first.start()
            for _ in 0..<12 { await first.advanceAndTick() }
            let entries = first.log.entries(messageID: MessageID.rainSoon)
            #expect(entries.count == 1)
            #expect(entries.first?.level == .notice)
            #expect(entries.first?["weather.location"] == "berlin")
            #expect(entries.first?.message.hasPrefix("Berlin: rain in about ") == true)
            #expect(entries.first?["weather.rain_starts_at"] == "2026-11-22T04:15:00Z")
            #expect(first.provider.calls == ["berlin"], "no request of its own")
            await first.stop()
        }
        // The same episode after a restart: not announced again.
        let second = ServiceHarness(locations: [ServiceHarness.berlin], refresh: .auto, directory: directory)
        second.provider.rain(fromStep: 2)
        await second.start()
        // The cache brought the nowcast back, wet within 30 minutes, and the episode with it.
        let restored = try second.readState().locations[0].forecast?.nowcast ?? []
        #expect(restored.contains { ($0.precipitation ?? 0) > 0 })
        for _ in 0..<6 { await second.advanceAndTick() }
        #expect(second.provider.calls.isEmpty)
        #expect(second.log.entries(messageID: MessageID.rainSoon).isEmpty)

        // Dry for the whole window at the next data period: the episode ends; rain again later is a new one.
        second.provider.rain(fromStep: nil)
        second.clock.advance(seconds: 900)
        for _ in 0..<12 { await second.advanceAndTick() }
        #expect(second.provider.calls.count == 1)
        #expect(second.log.entries(messageID: MessageID.rainSoon).isEmpty)
        second.provider.rain(fromStep: 1)
        second.clock.advance(seconds: 900)
        for _ in 0..<12 { await second.advanceAndTick() }
        #expect(second.provider.calls.count == 2)
        #expect(second.log.entries(messageID: MessageID.rainSoon).count == 1)
    }

    @Test func aDroppedBlockIsLoggedOncePerConditionNotPerFetch() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, ServiceHarness.london])
        h.provider.dropBlocks(["`hourly` dropped: a null time"])
        await h.start()
        for _ in 0..<6 { await h.advanceAndTick() }
        #expect(h.provider.calls.count == 6)
        h.provider.dropBlocks(["`hourly` dropped: a null time", "`daily` dropped: times not increasing"])
        for _ in 0..<4 { await h.advanceAndTick() }
        let warnings = h.log.entries.filter { $0.level == .warning }.map(\.message)
        #expect(
            warnings == [
                "Berlin: forecast block dropped: `hourly` dropped: a null time; the rest of the response is used",
                "London: forecast block dropped: `hourly` dropped: a null time; the rest of the response is used",
                "Berlin: forecast block dropped: `daily` dropped: times not increasing; the rest of the response is "
                    + "used",
                "London: forecast block dropped: `daily` dropped: times not increasing; the rest of the response is "
                    + "used",
            ]
        )
    }
}
