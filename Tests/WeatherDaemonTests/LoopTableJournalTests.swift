import Logging
import Testing
import WeatherConfiguration
@testable import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// The one journal entry per tick (docs/journal.md), as the loop asks for it.
@Suite("Loop table: journal entries")
struct LoopTableJournalTests {
    /// The metadata every entry of the first tick at Berlin carries.
    static let berlinsFirstTick: [String: String] = [
        "weather.location": "berlin",
        "weather.location_name": "Berlin",
        "weather.latitude": "52.52",
        "weather.longitude": "13.41",
        "weather.rotation_index": "0",
    ]

    /// The entry's fields as text.
    static func fields(_ entry: LoopDriver.Entry) -> [String: String] {
        entry.metadata.mapValues { "\($0)" }
    }

    /// The weather entry of a first tick at `location`, the only one configured, answered with `weather`.
    static func weatherEntry(at location: Location = LoopDriver.berlin, for weather: Weather) throws -> LoopDriver.Entry
    {
        var driver = LoopDriver(locations: [location])
        driver.start()
        driver.script(location.id, .weather(weather))
        return try #require(LoopDriver.entries(in: driver.tick()).first { $0["message_id"] == MessageID.weather })
    }

    @Test func successEntry() throws {
        var driver = LoopDriver()
        driver.start()
        let entries = LoopDriver.entries(in: driver.tick())
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.level == .info)
        #expect(entry.message == "Berlin: 2.0 °C, Slight rain")
        let expected = Self.berlinsFirstTick.merging([
            "message_id": MessageID.weather,
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
            "weather.provider": "open-meteo",
            "weather.fetch_ms": "120",
        ]) { $1 }
        #expect(Self.fields(entry) == expected)
    }

    /// A location's entry is kept for the ticks that show the same weather again; new weather, or a reload
    /// that renames the location, makes a new one.
    @Test func aKeptEntryFollowsNewWeatherAndARenamedLocation() {
        var driver = LoopDriver(locations: [LoopDriver.berlin])
        driver.start()
        driver.tick()
        var colder = driver.currentWeather
        colder.temperature = -4.5
        colder.observedAt = Timestamp(rfc3339: "2026-11-22T04:15:00Z")!
        driver.script("berlin", .weather(colder), .weather(colder))
        driver.advanceAndTick()
        var renamed = LoopDriver.berlin
        renamed.name = "Berlin-Mitte"
        var configuration = driver.configuration
        configuration.locations = [renamed]
        driver.reload(configuration)
        driver.advanceAndTick()
        let entries = driver.entries.filter { $0["message_id"] == MessageID.weather }
        #expect(
            entries.map(\.message) == [
                "Berlin: 2.0 °C, Slight rain", "Berlin: -4.5 °C, Slight rain", "Berlin-Mitte: -4.5 °C, Slight rain",
            ]
        )
        #expect(entries.map { $0["weather.temperature"] } == ["2", "-4.5", "-4.5"])
        #expect(entries.map { $0["weather.location_name"] } == ["Berlin", "Berlin", "Berlin-Mitte"])
        #expect(entries.map { $0["weather.rotation_index"] } == ["0", "1", "2"])
    }

    @Test func successEntryAtNightInFahrenheit() throws {
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
        let entry = try Self.weatherEntry(at: LoopDriver.newYork, for: night)
        #expect(entry.message == "New York: 28.0 °F, Moderate snow fall")
        #expect(entry["weather.longitude"] == "-74.006")
        #expect(entry["weather.is_day"] == "0")
        #expect(entry["weather.temperature"] == "28.04")
        #expect(entry["weather.temperature_unit"] == "°F")
        #expect(entry["weather.wind_speed_unit"] == "mph")
        #expect(entry["weather.condition"] == "snow")
        #expect(entry["weather.observed_at"] == "2026-11-22T03:45:00Z")
    }

    @Test func missingValuesAreLeftOutNotFaked() throws {
        let entry = try Self.weatherEntry(for: Weather(observedAt: Timestamp(rfc3339: "2026-11-22T04:00:00Z")!))
        #expect(entry.message == "Berlin: Unknown weather")
        for key in [
            "weather.temperature", "weather.apparent_temperature", "weather.humidity", "weather.wind_speed",
            "weather.wind_direction", "weather.code", "weather.condition", "weather.category",
            "weather.description", "weather.is_day",
        ] {
            #expect(entry[key] == nil, "\(key)")
        }
        #expect(entry["weather.temperature_unit"] == "°C")
    }

    @Test func unknownCodeEntry() throws {
        var weather = Weather.berlin(observedAt: Timestamp(rfc3339: "2026-11-22T04:00:00Z")!)
        weather.code = WMOCode(42)
        let entry = try Self.weatherEntry(for: weather)
        #expect(entry.message == "Berlin: 2.0 °C, Unknown weather code 42")
        #expect(entry["weather.code"] == "42")
        #expect(entry["weather.condition"] == "unknown")
        #expect(entry["weather.category"] == "unknown")
    }

    @Test func failureEntry() throws {
        var driver = LoopDriver()
        driver.start()
        driver.script("berlin", .failure(FetchError(kind: .timeout, message: "timed out after 5 s")))
        let entries = LoopDriver.entries(in: driver.tick())
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.level == .warning)
        #expect(entry.message == "Berlin: fetch failed: timed out after 5 s")
        let expected = Self.berlinsFirstTick.merging([
            "message_id": MessageID.fetchFailed,
            "weather.error_kind": "timeout",
            "weather.error": "timed out after 5 s",
            "weather.source": "network",
            "weather.provider": "open-meteo",
            "weather.fetch_ms": "120",
        ]) { $1 }
        #expect(Self.fields(entry) == expected)
    }

    /// A cache tick of a location whose last fetch failed names that failure's kind.
    @Test func aCacheTickNamesTheLastFailure() throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto)
        driver.start()
        driver.tick()
        driver.advance(seconds: 900)
        let timeout = FetchError(kind: .timeout, message: "timed out after 5 s")
        driver.script("berlin", .failure(timeout), .failure(timeout))
        driver.tick()
        // Retried one rotation later, then two: the tick between is served from what it holds.
        driver.advanceAndTick()
        let entry = try #require(LoopDriver.entries(in: driver.advanceAndTick()).first)
        #expect(entry["weather.source"] == "cache")
        #expect(entry["weather.last_error_kind"] == "timeout")
    }

    @Test func rotationIndexKeepsCounting() {
        var driver = LoopDriver(locations: [LoopDriver.berlin, LoopDriver.london])
        driver.start()
        for _ in 0..<5 { driver.advanceAndTick() }
        let indices = driver.entries.filter { $0["message_id"] == MessageID.weather }.map {
            $0["weather.rotation_index"]
        }
        #expect(indices == ["0", "1", "2", "3", "4"])
    }

    @Test func apiKeyNeverAppearsInTheJournal() {
        let secret = "s3cr3t-api-key-value"
        var driver = LoopDriver { $0.api.apiKey = secret }
        driver.start()
        driver.script("london", .failure(FetchError(kind: .http, message: "HTTP 400: bad", httpStatus: 400)))
        driver.tick()
        driver.advanceAndTick()
        var configuration = driver.configuration
        configuration.api.apiKey = secret + "-2"
        driver.reload(configuration)
        driver.advanceAndTick()
        driver.send(.shutdown)
        for entry in driver.entries {
            #expect(!entry.message.contains(secret))
            #expect(!Self.fields(entry).values.contains { $0.contains(secret) })
        }
    }

    @Test func rainSoonIsLoggedOncePerEpisodeAndNotAgainAfterARestart() throws {
        var first = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto)
        // Wet from the third step on: rain from 04:15, 10 minutes after 04:05:06.
        first.rainFromStep = 2
        first.start()
        for _ in 0..<12 { first.advanceAndTick() }
        let entries = first.entries.filter { $0["message_id"] == MessageID.rainSoon }
        #expect(entries.count == 1)
        #expect(entries.first?.level == .notice)
        #expect(entries.first?.message.hasPrefix("Berlin: rain in about ") == true)
        #expect(entries.first?["weather.rain_starts_at"] == "2026-11-22T04:15:00Z")
        #expect(first.fetches.count == 1, "no request of its own")
        first.send(.shutdown)
        // The same episode after a restart, from the cache: not announced again.
        var second = LoopDriver(locations: [LoopDriver.berlin], refresh: .auto)
        second.now = first.now
        second.rainFromStep = 2
        var previous = PreviousRun()
        previous.found = [
            PreviousRun.Found(
                path: LoopDriver.files.cacheFile!,
                isCache: true,
                outcome: .loaded(try #require(first.published))
            )
        ]
        second.start(previous)
        for _ in 0..<6 { second.advanceAndTick() }
        #expect(second.fetches.isEmpty)
        #expect(second.entries.filter { $0["message_id"] == MessageID.rainSoon }.isEmpty)
        // Dry at the next data period: the episode ends; rain again later is a new one.
        second.rainFromStep = nil
        second.advance(seconds: 900)
        for _ in 0..<12 { second.advanceAndTick() }
        #expect(second.fetches.count == 1)
        second.rainFromStep = 1
        second.advance(seconds: 900)
        for _ in 0..<12 { second.advanceAndTick() }
        #expect(second.fetches.count == 2)
        #expect(second.entries.filter { $0["message_id"] == MessageID.rainSoon }.count == 1)
    }

    @Test func aDroppedBlockIsLoggedOncePerConditionNotPerFetch() {
        var driver = LoopDriver(locations: [LoopDriver.berlin, LoopDriver.london])
        driver.droppedBlocks = ["`hourly` dropped: a null time"]
        driver.start()
        for _ in 0..<6 { driver.advanceAndTick() }
        driver.droppedBlocks = ["`hourly` dropped: a null time", "`daily` dropped: times not increasing"]
        for _ in 0..<4 { driver.advanceAndTick() }
        let tail = "; the rest of the response is used"
        #expect(
            driver.entries.filter { $0.level == .warning }.map(\.message) == [
                "Berlin: forecast block dropped: `hourly` dropped: a null time" + tail,
                "London: forecast block dropped: `hourly` dropped: a null time" + tail,
                "Berlin: forecast block dropped: `daily` dropped: times not increasing" + tail,
                "London: forecast block dropped: `daily` dropped: times not increasing" + tail,
            ]
        )
    }
}
