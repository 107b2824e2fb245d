import Testing
import WeatherCore

@Suite("WeatherState")
struct WeatherStateTests {
    static let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    static let london = Location(name: "London", latitude: 51.5074, longitude: -0.1278)
    static let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)
    static let paris = Location(name: "Paris", latitude: 48.8566, longitude: 2.3522)

    let t0 = Timestamp(secondsSinceEpoch: 1_795_320_000)  // 2026-11-22T04:00:00Z
    let staleAfter = 1800.0

    static func weather(_ temperature: Double, code: Int = 61, at time: Timestamp) -> Weather {
        Weather(observedAt: time, utcOffsetSeconds: 3600, temperature: temperature, isDay: true, code: WMOCode(code))
    }

    func status(_ state: WeatherState, _ id: String, at now: Timestamp) throws -> LocationStatus {
        let record = try #require(state.record(id: id))
        return WeatherState.status(of: record, now: now, staleAfter: staleAfter)
    }

    @Test func startsWithEveryLocationPendingInConfigOrder() throws {
        let state = WeatherState(locations: [Self.berlin, Self.london, Self.tokyo])
        #expect(state.records.map(\.location.id) == ["berlin", "london", "tokyo"])
        #expect(state.rotation.locations.map(\.id) == ["berlin", "london", "tokyo"])
        for id in ["berlin", "london", "tokyo"] {
            #expect(try status(state, id, at: t0) == .pending)
        }
        #expect(state.record(id: "paris") == nil)
    }

    @Test func successThenFailureKeepsLastGoodWeatherWithStatusError() throws {
        var state = WeatherState(locations: [Self.berlin, Self.london])
        let good = Self.weather(2.0, at: t0)
        state.recordSuccess(id: "berlin", weather: good, at: t0)
        #expect(try status(state, "berlin", at: t0.adding(seconds: 5)) == .ok)

        let failedAt = t0.adding(seconds: 40)
        state.recordFailure(
            id: "berlin",
            error: FetchError(kind: .rateLimited, message: "HTTP 429", httpStatus: 429),
            at: failedAt
        )
        let record = try #require(state.record(id: "berlin"))
        #expect(record.weather == good)
        #expect(record.fetchedAt == t0)
        #expect(record.lastError == ErrorRecord(kind: .rateLimited, message: "HTTP 429", httpStatus: 429, at: failedAt))
        #expect(try status(state, "berlin", at: failedAt) == .error)
        #expect(try status(state, "london", at: failedAt) == .pending)
        #expect(state.fetchesOK == 1)
        #expect(state.fetchesFailed == 1)
    }

    @Test func failureWithoutEarlierWeatherIsErrorWithNilWeather() throws {
        var state = WeatherState(locations: [Self.berlin])
        state.recordFailure(id: "berlin", error: FetchError(kind: .timeout, message: "timed out after 5 s"), at: t0)
        let record = try #require(state.record(id: "berlin"))
        #expect(record.weather == nil)
        #expect(record.lastError?.kind == .timeout)
        #expect(record.lastError?.httpStatus == nil)
        #expect(try status(state, "berlin", at: t0) == .error)
    }

    @Test func successAfterFailureClearsTheError() throws {
        var state = WeatherState(locations: [Self.berlin])
        state.recordFailure(id: "berlin", error: FetchError(kind: .network, message: "refused"), at: t0)
        let fresh = Self.weather(3.5, at: t0.adding(seconds: 10))
        state.recordSuccess(id: "berlin", weather: fresh, at: t0.adding(seconds: 10))
        let record = try #require(state.record(id: "berlin"))
        #expect(record.lastError == nil)
        #expect(record.weather == fresh)
        #expect(try status(state, "berlin", at: t0.adding(seconds: 11)) == .ok)
    }

    @Test func weatherOlderThanStaleAfterIsStale() throws {
        var state = WeatherState(locations: [Self.berlin])
        state.recordSuccess(id: "berlin", weather: Self.weather(2, at: t0), at: t0)
        #expect(try status(state, "berlin", at: t0.adding(seconds: staleAfter)) == .ok)
        #expect(try status(state, "berlin", at: t0.adding(seconds: staleAfter + 1)) == .stale)
    }

    @Test func restoreMarksPreviousWeatherStaleUntilRefreshed() throws {
        let previousWeather = Self.weather(-4, code: 71, at: t0)
        let previous = StateSnapshot(
            generatedAt: t0.adding(seconds: 10),
            daemon: DaemonInfo(
                pid: 99,
                version: "0.9.0",
                startedAt: t0,
                intervalSeconds: 10,
                timeoutSeconds: 5,
                staleAfterSeconds: 1800,
                ticks: 500,
                ticksSkipped: 3,
                fetchesOK: 480,
                fetchesFailed: 17
            ),
            currentLocation: "berlin",
            rotationIndex: 499,
            locations: [
                LocationState(location: Self.berlin, status: .ok, fetchedAt: t0, weather: previousWeather),
                // Same id, but the place moved: its weather must not be taken.
                LocationState(
                    location: Location(name: "London", latitude: 42.98, longitude: -81.25),
                    status: .ok,
                    fetchedAt: t0,
                    weather: Self.weather(9, at: t0)
                ),
                LocationState(location: Self.tokyo, status: .pending),
                LocationState(location: Self.paris, status: .ok, fetchedAt: t0, weather: Self.weather(7, at: t0)),
            ]
        )
        var state = WeatherState(locations: [Self.berlin, Self.london, Self.tokyo])
        state.restore(from: previous)

        let now = t0.adding(seconds: 20)  // well within stale_after, still stale: from a previous run
        #expect(try status(state, "berlin", at: now) == .stale)
        #expect(state.record(id: "berlin")?.weather == previousWeather)
        #expect(state.record(id: "berlin")?.fetchedAt == t0)
        #expect(try status(state, "london", at: now) == .pending)
        #expect(state.record(id: "london")?.weather == nil)
        #expect(try status(state, "tokyo", at: now) == .pending)
        #expect(state.record(id: "paris") == nil)
        #expect(state.records.count == 3)
        // Counters start anew.
        #expect(state.ticks == 0 && state.fetchesOK == 0 && state.fetchesFailed == 0 && state.ticksSkipped == 0)

        state.recordSuccess(id: "berlin", weather: Self.weather(-3, at: now), at: now)
        #expect(try status(state, "berlin", at: now) == .ok)
    }

    @Test func configureKeepsDropsAddsAndResetsMovedLocations() throws {
        var state = WeatherState(locations: [Self.berlin, Self.london, Self.tokyo])
        for (index, id) in ["berlin", "london", "tokyo"].enumerated() {
            state.recordSuccess(id: id, weather: Self.weather(Double(index), at: t0), at: t0)
        }
        state.recordFailure(id: "berlin", error: FetchError(kind: .http, message: "HTTP 500", httpStatus: 500), at: t0)

        let movedTokyo = Location(name: "Tokyo", latitude: 35.0, longitude: 135.0)
        let renamedBerlin = Location(id: "berlin", name: "Berlin (Mitte)", latitude: 52.52, longitude: 13.41)
        state.configure(locations: [Self.paris, movedTokyo, renamedBerlin])

        #expect(state.records.map(\.location.id) == ["paris", "tokyo", "berlin"])
        #expect(state.rotation.locations.map(\.id) == ["paris", "tokyo", "berlin"])
        #expect(state.record(id: "london") == nil)

        let paris = try #require(state.record(id: "paris"))
        #expect(paris.weather == nil && paris.fetchedAt == nil && paris.lastError == nil)

        let tokyo = try #require(state.record(id: "tokyo"))
        #expect(tokyo.location == movedTokyo)
        #expect(tokyo.weather == nil && tokyo.fetchedAt == nil)

        let berlin = try #require(state.record(id: "berlin"))
        #expect(berlin.location.name == "Berlin (Mitte)")
        #expect(berlin.weather == Self.weather(0, at: t0))
        #expect(berlin.lastError?.httpStatus == 500)
        #expect(try status(state, "berlin", at: t0) == .error)
        // Counters survive a reload.
        #expect(state.fetchesOK == 3 && state.fetchesFailed == 1)
    }

    @Test func snapshotCarriesCountersAndStatuses() throws {
        var state = WeatherState(locations: [Self.berlin, Self.london, Self.tokyo])
        state.ticks = 31
        state.ticksSkipped = 2
        state.ticksFromCache = 4
        state.currentLocation = "london"
        state.rotationIndex = 30
        state.recordSuccess(id: "berlin", weather: Self.weather(2, at: t0), at: t0)
        state.recordSuccess(id: "london", weather: Self.weather(5, at: t0), at: t0.adding(seconds: -3600))
        state.recordFailure(id: "tokyo", error: FetchError(kind: .timeout, message: "timed out"), at: t0)

        let backoff = t0.adding(seconds: 60)
        let now = t0.adding(seconds: 6)
        let snapshot = state.snapshot(
            now: now,
            pid: 1234,
            version: "1.0.0",
            startedAt: t0.adding(seconds: -300),
            interval: 10,
            timeout: 5,
            staleAfter: staleAfter,
            backoffUntil: backoff
        )

        #expect(snapshot.schemaVersion == 1)
        #expect(snapshot.generatedAt == now)
        #expect(snapshot.currentLocation == "london")
        #expect(snapshot.rotationIndex == 30)
        let daemon = snapshot.daemon
        #expect(daemon.pid == 1234 && daemon.version == "1.0.0")
        #expect(daemon.startedAt == t0.adding(seconds: -300))
        #expect(daemon.intervalSeconds == 10 && daemon.timeoutSeconds == 5 && daemon.staleAfterSeconds == 1800)
        #expect(daemon.ticks == 31 && daemon.ticksSkipped == 2 && daemon.ticksFromCache == 4)
        #expect(daemon.fetchesOK == 2 && daemon.fetchesFailed == 1)
        #expect(daemon.backoffUntil == backoff)
        #expect(snapshot.locations.map(\.location.id) == ["berlin", "london", "tokyo"])
        #expect(snapshot.locations.map(\.status) == [.ok, .stale, .error])
        #expect(snapshot.locations[0].fetchedAt == t0)
        #expect(snapshot.locations[2].weather == nil)
        #expect(snapshot.locations[2].lastError?.kind == .timeout)
    }

    @Test func unknownIDChangesNoRecord() {
        var state = WeatherState(locations: [Self.berlin])
        let before = state.records
        state.recordSuccess(id: "atlantis", weather: Self.weather(20, at: t0), at: t0)
        state.recordFailure(id: "atlantis", error: FetchError(kind: .http, message: "x"), at: t0)
        #expect(state.records == before)
    }
}
