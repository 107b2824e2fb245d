import Logging
import Testing
import WeatherConfiguration
import WeatherCore
import WeatherDaemon

/// The one journal entry per tick (docs/journal.md), seen through a recording swift-log handler.
@Suite("WeatherService: log entries")
struct WeatherServiceLogTests {
    /// Expects the log to hold one entry with `messageID`, of the first tick, at Berlin, with `level` and
    /// `message`: a `weather.fetch_ms` in whole milliseconds, and otherwise the metadata every entry of that
    /// tick carries and `metadata`.
    private func expectTheFirstTicksEntry(
        _ messageID: String,
        in log: LogRecorder,
        level: Logger.Level,
        message: String,
        metadata: [String: String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let entries = log.entries(messageID: messageID)
        #expect(entries.count == 1, sourceLocation: sourceLocation)
        let entry = try #require(entries.first, sourceLocation: sourceLocation)
        #expect(entry.level == level, sourceLocation: sourceLocation)
        #expect(entry.message == message, sourceLocation: sourceLocation)
        let fetchMS = try #require(entry["weather.fetch_ms"], sourceLocation: sourceLocation)
        #expect(!fetchMS.isEmpty && fetchMS.allSatisfy(\.isNumber), sourceLocation: sourceLocation)
        var rest = entry.metadata
        rest["weather.fetch_ms"] = nil
        let first: [String: String] = [
            "message_id": messageID,
            "weather.location": "berlin",
            "weather.location_name": "Berlin",
            "weather.latitude": "52.52",
            "weather.longitude": "13.41",
            "weather.rotation_index": "0",
        ]
        #expect(rest == first.merging(metadata) { $1 }, sourceLocation: sourceLocation)
    }

    /// The weather entry of a tick at `location`, the only one configured, answered with `weather`.
    private func weatherEntry(
        at location: Location = ServiceHarness.berlin,
        for weather: Weather
    ) async throws -> LoggedEntry {
        let h = ServiceHarness(locations: [location])
        await h.start()
        h.provider.script(location.id, .weather(weather))
        await h.tick()
        return try #require(h.log.entries(messageID: MessageID.weather).first)
    }

    @Test func successEntry() async throws {
        let h = ServiceHarness()
        await h.start()
        h.log.removeAll()
        await h.tick()
        try expectTheFirstTicksEntry(
            MessageID.weather,
            in: h.log,
            level: .info,
            message: "Berlin: 2.0 °C, Slight rain",
            metadata: [
                "weather.temperature": "2",
                "weather.temperature_unit": "°C",
                "weather.apparent_temperature": "-1.3",
                "weather.humidity": "81",
                "weather.wind_speed": "16.9",
                "weather.wind_speed_unit": "km/h",
                "weather.wind_direction": "254",
                "weather.code": "61",
                "weather.condition": "rain",
                "weather.category": "rain",
                "weather.description": "Slight rain",
                "weather.is_day": "1",
                "weather.observed_at": "2026-11-22T04:00:00Z",
                "weather.source": "network",
            ]
        )
        // Nothing else was logged for the tick at info or above.
        #expect(h.log.entries.filter { $0.level >= .info }.count == 1)
    }

    /// A location's entry is kept for the ticks that show the same weather again; new weather, or a
    /// reload that renames the location, makes a new one.
    @Test func aKeptEntryFollowsNewWeatherAndARenamedLocation() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin])
        await h.start()
        await h.tick()
        var colder = ScriptedProvider.defaultWeather
        colder.temperature = -4.5
        colder.observedAt = Timestamp(rfc3339: "2026-11-22T04:15:00Z")!
        h.provider.script("berlin", .weather(colder), .weather(colder))
        await h.advanceAndTick()
        var renamed = ServiceHarness.berlin
        renamed.name = "Berlin-Mitte"
        var configuration = h.configuration
        configuration.locations = [renamed]
        await h.reload(configuration)
        await h.advanceAndTick()
        let entries = h.log.entries(messageID: MessageID.weather)
        #expect(
            entries.map(\.message) == [
                "Berlin: 2.0 °C, Slight rain", "Berlin: -4.5 °C, Slight rain",
                "Berlin-Mitte: -4.5 °C, Slight rain",
            ]
        )
        #expect(entries.map { $0["weather.temperature"] } == ["2", "-4.5", "-4.5"])
        #expect(
            entries.map { $0["weather.observed_at"] } == [
                "2026-11-22T04:00:00Z", "2026-11-22T04:15:00Z",
                "2026-11-22T04:15:00Z",
            ]
        )
        #expect(entries.map { $0["weather.location_name"] } == ["Berlin", "Berlin", "Berlin-Mitte"])
        #expect(entries.map { $0["weather.rotation_index"] } == ["0", "1", "2"])
    }

    @Test func successEntryAtNightInFahrenheit() async throws {
        let night = Weather(
            observedAt: Timestamp(rfc3339: "2026-11-22T03:45:00Z")!,
            temperature: 28.04,
            apparentTemperature: 20,
            relativeHumidity: 64,
            windSpeed: 9.2,
            windDirection: 310,
            isDay: false,
            code: WMOCode(73),
            units: Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
        )
        let entry = try await weatherEntry(at: ServiceHarness.newYork, for: night)
        #expect(entry.message == "New York: 28.0 °F, Moderate snow fall")
        #expect(entry["weather.location"] == "new-york")
        #expect(entry["weather.location_name"] == "New York")
        #expect(entry["weather.longitude"] == "-74.006")
        #expect(entry["weather.is_day"] == "0")
        #expect(entry["weather.temperature"] == "28.04")
        #expect(entry["weather.temperature_unit"] == "°F")
        #expect(entry["weather.wind_speed_unit"] == "mph")
        #expect(entry["weather.condition"] == "snow")
        #expect(entry["weather.category"] == "snow")
        #expect(entry["weather.observed_at"] == "2026-11-22T03:45:00Z")
    }

    @Test func missingValuesAreLeftOutNotFaked() async throws {
        let entry = try await weatherEntry(for: Weather(observedAt: Timestamp(rfc3339: "2026-11-22T04:00:00Z")!))
        #expect(entry.message == "Berlin: Unknown weather")
        for key in [
            "weather.temperature", "weather.apparent_temperature", "weather.humidity", "weather.wind_speed",
            "weather.wind_direction", "weather.code", "weather.condition", "weather.category",
            "weather.description", "weather.is_day",
        ] {
            #expect(entry[key] == nil, "\(key)")
        }
        #expect(entry["weather.temperature_unit"] == "°C")
        #expect(entry["weather.source"] == "network")
    }

    @Test func unknownCodeEntry() async throws {
        var weather = ScriptedProvider.defaultWeather
        weather.code = WMOCode(42)
        let entry = try await weatherEntry(for: weather)
        #expect(entry.message == "Berlin: 2.0 °C, Unknown weather code 42")
        #expect(entry["weather.code"] == "42")
        #expect(entry["weather.condition"] == "unknown")
        #expect(entry["weather.category"] == "unknown")
    }

    @Test func failureEntry() async throws {
        let h = ServiceHarness()
        await h.start()
        h.log.removeAll()
        h.provider.script("berlin", .failure(FetchError(kind: .timeout, message: "timed out after 5 s")))
        await h.tick()
        try expectTheFirstTicksEntry(
            MessageID.fetchFailed,
            in: h.log,
            level: .warning,
            message: "Berlin: fetch failed: timed out after 5 s",
            metadata: [
                "weather.error_kind": "timeout",
                "weather.error": "timed out after 5 s",
                "weather.source": "network",
            ]
        )
        #expect(h.log.entries(messageID: MessageID.weather).isEmpty)
    }

    @Test func failureEntryWithHTTPStatus() async throws {
        let h = ServiceHarness()
        await h.start()
        h.provider.script("berlin", .weather(ScriptedProvider.defaultWeather))
        h.provider.script(
            "london",
            .failure(
                FetchError(
                    kind: .http,
                    message: "HTTP 400: Latitude must be in range of -90 to 90°. Given: 91.0.",
                    httpStatus: 400,
                    reason: "Latitude must be in range of -90 to 90°. Given: 91.0."
                )
            )
        )
        await h.tick()
        await h.advanceAndTick()
        let entry = try #require(h.log.entries(messageID: MessageID.fetchFailed).first)
        #expect(
            entry.message == "London: fetch failed: HTTP 400: Latitude must be in range of -90 to 90°. Given: 91.0."
        )
        #expect(entry["weather.location"] == "london")
        #expect(entry["weather.rotation_index"] == "1")
        #expect(entry["weather.error_kind"] == "http")
        #expect(entry["weather.http_status"] == "400")
        #expect(entry["weather.error"] == "HTTP 400: Latitude must be in range of -90 to 90°. Given: 91.0.")
    }

    @Test func rotationIndexKeepsCounting() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, ServiceHarness.london])
        await h.start()
        for _ in 0..<5 { await h.advanceAndTick() }
        let indices = h.log.entries(messageID: MessageID.weather).map { $0["weather.rotation_index"] }
        #expect(indices == ["0", "1", "2", "3", "4"])
    }

    @Test func apiKeyNeverAppearsInLogs() async throws {
        let secret = "s3cr3t-api-key-value"
        let h = ServiceHarness { $0.api.apiKey = secret }
        await h.start()
        h.provider.script("london", .failure(FetchError(kind: .http, message: "HTTP 400: bad", httpStatus: 400)))
        await h.tick()
        await h.advanceAndTick()
        await h.reload(
            {
                var config = Configuration()
                config.api.apiKey = secret + "-2"
                return config
            }()
        )
        await h.advanceAndTick()
        await h.stop()
        for entry in h.log.entries {
            #expect(!entry.message.contains(secret))
            #expect(!entry.metadata.values.contains { $0.contains(secret) })
        }
        let stateText = try String(contentsOfFile: h.stateFile.path, encoding: .utf8)
        #expect(!stateText.contains(secret))
    }
}

import Foundation
