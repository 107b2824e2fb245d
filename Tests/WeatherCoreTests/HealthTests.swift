import Testing
import WeatherCore

@Suite("Health")
struct HealthTests {
    let generatedAt = Timestamp(secondsSinceEpoch: 1_795_320_306)  // 2026-11-22T04:05:06Z

    /// interval 10 s, timeout 5 s: the state is too old after 3 × 10 + 5 = 35 s.
    func snapshot(_ statuses: [(String, LocationStatus)]) -> StateSnapshot {
        StateSnapshot(
            generatedAt: generatedAt,
            daemon: DaemonInfo(
                pid: 1,
                version: "1.0.0",
                startedAt: generatedAt.adding(seconds: -600),
                intervalSeconds: 10,
                timeoutSeconds: 5,
                staleAfterSeconds: 1800
            ),
            currentLocation: statuses.first?.0,
            rotationIndex: 0,
            locations: statuses.map { id, status in
                LocationState(location: Location(id: id, name: id, latitude: 0, longitude: 0), status: status)
            }
        )
    }

    var justNow: Timestamp { generatedAt.adding(seconds: 3) }

    @Test func freshOrPendingIsOK() {
        #expect(Health.assess(snapshot([("a", .ok), ("b", .ok), ("c", .pending)]), now: justNow) == .ok)
    }

    @Test(
        "one stale or failing location is WARNING",
        arguments: [LocationStatus.stale, .error]
    )
    func oneBadLocationWarns(status: LocationStatus) {
        #expect(Health.assess(snapshot([("a", .ok), ("b", status), ("c", .pending)]), now: justNow) == .warning)
    }

    @Test func everyLocationFailingIsCritical() {
        #expect(Health.assess(snapshot([("a", .error), ("b", .error)]), now: justNow) == .critical)
        #expect(Health.assess(snapshot([("a", .error), ("b", .stale)]), now: justNow) == .warning)
    }

    @Test func oldStateIsCritical() {
        let healthy = snapshot([("a", .ok)])
        #expect(Health.assess(healthy, now: generatedAt.adding(seconds: 35)) == .ok)
        #expect(Health.assess(healthy, now: generatedAt.adding(seconds: 35.5)) == .critical)
        #expect(Health.assess(healthy, now: generatedAt.adding(seconds: 3600)) == .critical)
    }

    @Test func oldStateLimitFollowsIntervalAndTimeout() {
        var slow = snapshot([("a", .ok)])
        slow.daemon.intervalSeconds = 60
        slow.daemon.timeoutSeconds = 20
        #expect(Health.assess(slow, now: generatedAt.adding(seconds: 199)) == .ok)
        #expect(Health.assess(slow, now: generatedAt.adding(seconds: 201)) == .critical)
    }

    @Test func locationFilterJudgesOnlyThatLocation() {
        let mixed = snapshot([("a", .ok), ("b", .stale), ("c", .error)])
        #expect(Health.assess(mixed, now: justNow) == .warning)
        #expect(Health.assess(mixed, now: justNow, locationID: "a") == .ok)
        #expect(Health.assess(mixed, now: justNow, locationID: "b") == .warning)
        #expect(Health.assess(mixed, now: justNow, locationID: "c") == .critical)
        #expect(Health.assess(mixed, now: justNow, locationID: "nope") == .unknown)
        // An old state is critical whatever the location.
        #expect(Health.assess(mixed, now: generatedAt.adding(seconds: 100), locationID: "a") == .critical)
    }

    @Test func exitStatusesLabelsAndOrder() {
        #expect([Health.ok, .warning, .critical, .unknown].map(\.rawValue) == [0, 1, 2, 3])
        #expect([Health.ok, .warning, .critical, .unknown].map(\.label) == ["OK", "WARNING", "CRITICAL", "UNKNOWN"])
        #expect(Health.ok < .warning && Health.warning < .critical && Health.critical < .unknown)
        #expect([Health.critical, .ok, .unknown, .warning].max() == .unknown)
    }
}
