import Testing
import WeatherCore

@Suite("Health")
struct HealthTests {
    let generatedAt = Timestamp(secondsSinceEpoch: 1_795_320_306)  // 2026-11-22T04:05:06Z

    /// What a location holds, as the state file can show it.
    enum Data {
        /// Weather observed this many seconds before the state was written.
        case weather(age: Double)
        /// Weather of that age, and a failed fetch after it.
        case failing(age: Double)
        /// A failed fetch and no weather at all.
        case failedWithoutWeather
        /// Nothing yet.
        case nothing
    }

    /// interval 10 s, timeout 5 s, stale_after 30 min: the state is too old after 3 × 10 + 5 = 35 s.
    /// The `status` fields are written as "ok" whatever the data: the verdict must not trust them.
    func snapshot(_ entries: [(String, Data)], startedAgo: Double = 600) -> StateSnapshot {
        StateSnapshot(
            generatedAt: generatedAt,
            daemon: DaemonInfo(
                pid: 1,
                version: "1.0.0",
                startedAt: generatedAt.adding(seconds: -startedAgo),
                intervalSeconds: 10,
                timeoutSeconds: 5,
                staleAfterSeconds: 1800
            ),
            currentLocation: entries.first?.0,
            rotationIndex: 0,
            locations: entries.map { id, data in
                var entry = LocationState(location: Location(id: id, name: id, latitude: 0, longitude: 0), status: .ok)
                let error = ErrorRecord(kind: .timeout, message: "timed out", httpStatus: nil, at: generatedAt)
                switch data {
                case .weather(let age):
                    entry.weather = Weather(observedAt: generatedAt.adding(seconds: -age), temperature: 2)
                case .failing(let age):
                    entry.weather = Weather(observedAt: generatedAt.adding(seconds: -age), temperature: 2)
                    entry.lastError = error
                case .failedWithoutWeather:
                    entry.lastError = error
                case .nothing:
                    break
                }
                return entry
            }
        )
    }

    var justNow: Timestamp { generatedAt.adding(seconds: 3) }

    @Test func freshAndStartingIsOK() {
        #expect(Health.assess(snapshot([("a", .weather(age: 60)), ("b", .weather(age: 1790))]), now: justNow) == .ok)
        let starting = snapshot([("a", .weather(age: 60)), ("b", .nothing)], startedAgo: 20)
        #expect(Health.assess(starting, now: justNow) == .ok)
        // Nothing fetched yet, just after the start: not yet a problem.
        let fresh = snapshot([("a", .nothing), ("b", .nothing)], startedAgo: 5)
        #expect(Health.assess(fresh, now: justNow) == .ok)
    }

    @Test func staleFailingOrOverduePendingWarns() {
        #expect(
            Health.assess(snapshot([("a", .weather(age: 60)), ("b", .weather(age: 1900))]), now: justNow) == .warning
        )
        #expect(
            Health.assess(snapshot([("a", .weather(age: 60)), ("b", .failing(age: 60))]), now: justNow) == .warning
        )
        #expect(
            Health.assess(snapshot([("a", .weather(age: 60)), ("b", .failedWithoutWeather)]), now: justNow)
                == .warning
        )
        // Two rotations of two locations at 10 s plus a 5 s timeout: 45 s after the start.
        let pending = snapshot([("a", .weather(age: 60)), ("b", .nothing)], startedAgo: 40)
        #expect(Health.assess(pending, now: generatedAt.adding(seconds: 5)) == .ok)
        #expect(Health.assess(pending, now: generatedAt.adding(seconds: 5.5)) == .warning)
    }

    @Test func staleIsJudgedByAgeAtReadingTime() {
        // Written as fresh (29 min old), read two minutes later: stale, whatever `status` says.
        let written = snapshot([("a", .weather(age: 1740)), ("b", .weather(age: 60))])
        #expect(written.locations.allSatisfy { $0.status == .ok })
        #expect(Health.assess(written, now: justNow) == .ok)
        let later = written.rejudged(at: generatedAt.adding(seconds: 30))
        #expect(later.locations.map(\.status) == [.ok, .ok])
        // A snapshot whose daemon still writes (generated_at moves on) but whose data stays old.
        var moved = written
        moved.generatedAt = generatedAt.adding(seconds: 120)
        #expect(Health.assess(moved, now: generatedAt.adding(seconds: 121)) == .warning)
        #expect(moved.rejudged(at: generatedAt.adding(seconds: 121)).locations.map(\.status) == [.stale, .ok])
    }

    @Test func noFreshDataIsCritical() {
        #expect(
            Health.assess(snapshot([("a", .failedWithoutWeather), ("b", .failedWithoutWeather)]), now: justNow)
                == .critical
        )
        #expect(
            Health.assess(snapshot([("a", .weather(age: 1900)), ("b", .failing(age: 2000))]), now: justNow) == .critical
        )
        #expect(Health.assess(snapshot([("a", .nothing), ("b", .nothing)]), now: justNow) == .critical)
        // A failing location whose last good weather is still fresh has fresh data: a warning.
        #expect(
            Health.assess(snapshot([("a", .failing(age: 60)), ("b", .failing(age: 60))]), now: justNow) == .warning
        )
    }

    @Test func oldStateIsCritical() {
        let healthy = snapshot([("a", .weather(age: 0))])
        #expect(Health.assess(healthy, now: generatedAt.adding(seconds: 35)) == .ok)
        #expect(Health.assess(healthy, now: generatedAt.adding(seconds: 35.5)) == .critical)
        #expect(Health.assess(healthy, now: generatedAt.adding(seconds: 3600)) == .critical)
    }

    @Test func oldStateLimitFollowsIntervalAndTimeout() {
        var slow = snapshot([("a", .weather(age: 0))])
        slow.daemon.intervalSeconds = 60
        slow.daemon.timeoutSeconds = 20
        #expect(Health.assess(slow, now: generatedAt.adding(seconds: 199)) == .ok)
        #expect(Health.assess(slow, now: generatedAt.adding(seconds: 201)) == .critical)
    }

    @Test func locationFilterJudgesOnlyThatLocation() {
        let mixed = snapshot([("a", .weather(age: 60)), ("b", .weather(age: 1900)), ("c", .failedWithoutWeather)])
        #expect(Health.assess(mixed, now: justNow) == .warning)
        #expect(Health.assess(mixed, now: justNow, locationID: "a") == .ok)
        #expect(Health.assess(mixed, now: justNow, locationID: "b") == .critical)
        #expect(Health.assess(mixed, now: justNow, locationID: "c") == .critical)
        #expect(Health.assess(mixed, now: justNow, locationID: "nope") == .unknown)
        // An old state is critical whatever the location.
        #expect(Health.assess(mixed, now: generatedAt.adding(seconds: 100), locationID: "a") == .critical)
    }

    @Test func nextJudgementChangeIsTheNearestThreshold() {
        let state = snapshot([("a", .weather(age: 1790)), ("b", .weather(age: 60))])
        // a turns stale 10 s after the write; the state is too old 35 s after it.
        #expect(state.nextJudgementChange(after: justNow) == generatedAt.adding(seconds: 10))
        #expect(state.nextJudgementChange(after: generatedAt.adding(seconds: 10)) == generatedAt.adding(seconds: 35))
        #expect(state.nextJudgementChange(after: generatedAt.adding(seconds: 2000)) == nil)
        let pending = snapshot([("a", .weather(age: 60)), ("b", .nothing)], startedAgo: 40)
        #expect(pending.nextJudgementChange(after: justNow) == generatedAt.adding(seconds: 5))
    }

    @Test func exitStatusesLabelsAndOrder() {
        #expect([Health.ok, .warning, .critical, .unknown].map(\.rawValue) == [0, 1, 2, 3])
        #expect([Health.ok, .warning, .critical, .unknown].map(\.label) == ["OK", "WARNING", "CRITICAL", "UNKNOWN"])
        #expect(Health.ok < .warning && Health.warning < .critical && Health.critical < .unknown)
        #expect([Health.critical, .ok, .unknown, .warning].max() == .unknown)
    }
}
