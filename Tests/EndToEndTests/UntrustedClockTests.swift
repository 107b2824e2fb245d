import FakeOpenMeteo
import Foundation
import Testing

/// docs/fetching.md against clocks and headers weatherd cannot trust: a look-alike whose clock (its `Date` and its
/// data periods) runs 4 minutes ahead of or behind the host's, one that sends no `Date`, `Retry-After`
/// values that would pause for years, and a state file whose saved pause lies decades ahead. The built daemon
/// shows that the look-alike's `Date` reaches the planner; how many requests a skewed clock costs over
/// several data periods is the planner's decision, checked on an injected clock (PlannerAPIClockTests).
@Suite("Clocks and headers it cannot trust, end to end")
struct UntrustedClockTests {
    /// Forecast requests per latitude.
    static func counts(_ server: FakeOpenMeteoServer) -> [Double: Int] {
        var counts: [Double: Int] = [:]
        for request in server.requests where request.path == "/v1/forecast" {
            counts[Double(request.query["latitude"] ?? "") ?? .nan, default: 0] += 1
        }
        return counts
    }

    /// Three locations at 50 ms against a look-alike with 60 s data periods on a clock `skew` seconds from
    /// the host's, for `visits` visits of each location; returns the requests per location and the last state.
    static func run(skew: Double, sendsDate: Bool, visits: Int) async throws -> ([Double: Int], [String: Any]) {
        return try await withFakeServer(handler: FakeOpenMeteoServer.realistic(dataInterval: 60)) { server in
            server.clockOffset = skew
            server.sendsDate = sendsDate
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let daemon = try FaultDaemon(
                directory: directory,
                config: Fault.config(Fault.threePlaces, refresh: "auto"),
                apiURL: server.baseURL,
                interval: "50ms",
                logTarget: "stderr"
            )
            defer { daemon.kill() }
            #expect(await daemon.waitForTicks(3 * visits), "stderr: \(daemon.stderr)")
            let state = try daemon.state()
            let status = await daemon.terminate()
            #expect(status == 0)
            return (counts(server), state)
        }
    }

    @Test(
        "a host clock 4 minutes behind or ahead of the API's costs what an exact one does",
        arguments: [240.0, -240]
    )
    func skewedHostClock(skew: Double) async throws {
        let (counts, state) = try await Self.run(skew: skew, sendsDate: true, visits: 10)
        // The first fetch, one more while its offset is confirmed, at most one new period: before, a host
        // 4 minutes behind fetched at every visit (10 of 10) and one ahead retried "no news" (5).
        for place in Fault.threePlaces {
            let count = counts[place.latitude] ?? 0
            #expect(count >= 1 && count <= 3, "\(place.name): \(count) requests in 10 visits at a skew of \(skew) s")
        }
        let daemon = try #require(state["daemon"] as? [String: Any])
        let offset = try #require(daemon["api_clock_offset_seconds"] as? Double)
        #expect(abs(offset - skew) <= 2, "offset \(offset)")
        for location in try #require(state["locations"] as? [[String: Any]]) {
            #expect(location["status"] as? String == "ok", "\(location)")
        }
    }

    @Test("without a Date, at most two answered requests per location within a data interval")
    func noDate() async throws {
        let (counts, state) = try await Self.run(skew: 240, sendsDate: false, visits: 10)
        for place in Fault.threePlaces {
            // The first fetch (not counted), then two: the third waits a data interval.
            let count = counts[place.latitude] ?? 0
            #expect(count >= 1 && count <= 3, "\(place.name): \(count) requests in 10 visits")
        }
        let daemon = try #require(state["daemon"] as? [String: Any])
        #expect(daemon["api_clock_offset_seconds"] as? Double == 0)
    }

    @Test(
        "a Retry-After of 99999999 is cut to the cause's limit, named in the entry that starts the pause",
        arguments: [(429, 60.0 + 4), (503, 300.0 * 16 / 15)]
    )
    func hostileRetryAfter(status: Int, longest: Double) async throws {
        let retryAfterForYears: @Sendable (FakeRequest) -> FakeResponse = { _ in
            .openMeteoError(
                status: status,
                reason: status == 429 ? Fault.minutelyReason : "The service is overloaded",
                headers: [("Retry-After", "99999999")]
            )
        }
        try await Fault.withDaemon(
            config: Fault.config(Fault.onePlace),
            handler: retryAfterForYears,
            logTarget: "stderr",
            // A 429's pause ends with the look-alike's minute: no second pause within the test.
            clockOffset: LookAlikeClock.offsetClearOfMinuteEnd()
        ) { server, daemon in
            #expect(
                await Fault.eventually(timeout: 5) {
                    ((try? daemon.state())?["daemon"] as? [String: Any])?["backoff_until"] is String
                }
            )
            let state = try daemon.state()
            _ = await daemon.terminate()
            let info = try #require(state["daemon"] as? [String: Any])
            let until = try #require((info["backoff_until"] as? String).flatMap(Fault.seconds(rfc3339:)))
            #expect(until - Fault.now <= longest, "paused until \(info["backoff_until"] ?? "")")
            #expect(info["backoff_cause"] as? String == (status == 429 ? "rate_limited_minute" : "unavailable"))
            let began = daemon.stderr.split(separator: "\n").filter {
                $0.hasPrefix("NOTICE: API requests paused until")
            }
            #expect(began.count == 1)
            #expect(began.first?.contains("Retry-After of 99999999 s") == true, "\(began)")
            #expect(began.first?.contains("weather.retry_after_seconds=99999999") == true, "\(began)")
        }
    }

    /// A saved pause to restart over: the look-alike, the temporary directory, the configuration, and the
    /// cache the first run left there.
    struct SavedPause {
        var server: FakeOpenMeteoServer
        var directory: TemporaryDirectory
        var config: String
        var cachePath: String

        /// A second daemon over the saved pause, one tick in, then sent SIGUSR1: every location is due at
        /// once, and a pause still applies.
        func restartAndRefresh() async throws -> FaultDaemon {
            let second = try FaultDaemon(
                directory: directory,
                config: config,
                apiURL: server.baseURL,
                logTarget: "stderr"
            )
            #expect(await second.waitForTicks(1))
            second.process.signal(SIGUSR1)
            return second
        }
    }

    /// A cache with weather for `Fault.onePlace` (from a first daemon's run against a look-alike) and a saved
    /// pause until `until` for `cause`, as a wrong clock or a hand edit could leave it, for `body`.
    static func withSavedPause(
        until: String,
        cause: String?,
        _ body: (SavedPause) async throws -> Void
    ) async throws {
        try await withFakeServerAndDirectory { server, directory in
            let config = Fault.config(Fault.onePlace, refresh: "auto")
            let first = try FaultDaemon(
                directory: directory,
                config: config,
                apiURL: server.baseURL,
                logTarget: "stderr"
            )
            defer { first.kill() }
            #expect(await first.waitForTicks(2))
            #expect(await first.terminate() == 0)
            // What a restart reads: the cache.
            let data = try Data(contentsOf: URL(fileURLWithPath: first.cachePath))
            var state = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            var info = try #require(state["daemon"] as? [String: Any])
            info["backoff_until"] = until
            info["backoff_cause"] = cause ?? NSNull()
            state["daemon"] = info
            try JSONSerialization.data(withJSONObject: state).write(to: URL(fileURLWithPath: first.cachePath))
            try await body(SavedPause(server: server, directory: directory, config: config, cachePath: first.cachePath))
        }
    }

    @Test(
        "a saved pause beyond its cause's limit, or without a cause, is dropped at start",
        arguments: [("2056-01-01T00:00:00Z", "rate_limited_day"), ("2056-01-01T00:00:00Z", nil)] as [(String, String?)]
    )
    func savedPauseDecadesAhead(until: String, cause: String?) async throws {
        try await Self.withSavedPause(until: until, cause: cause) { saved in
            let server = saved.server
            // `weatherd once` judges the saved pause the same way: it fetches instead of refusing.
            let configPath = try saved.directory.write("once.yaml", saved.config)
            let once = try Subprocess([
                "once", "--config", configPath, "--cache-file", saved.cachePath, "--api-url", server.baseURL,
            ])
            #expect(await once.wait(timeout: 10) == 0, "\(once.stderr)")
            let before = server.requestCount
            let second = try await saved.restartAndRefresh()
            defer { second.kill() }
            #expect(await Fault.eventually(timeout: 5) { server.requestCount > before }, "no request: the pause held")
            let after = try second.state()
            #expect((after["daemon"] as? [String: Any])?["backoff_until"] is NSNull)
            _ = await second.terminate()
            let notices = second.stderr.split(separator: "\n").filter { $0.contains("the saved pause until") }
            #expect(notices.count == 1, "\(second.stderr)")
        }
    }

    @Test("a saved pause within its cause's limit holds across a restart")
    func savedPauseWithinItsLimit() async throws {
        try await Self.withSavedPause(until: Fault.rfc3339(Fault.now + 120), cause: "unavailable") { saved in
            let before = saved.server.requestCount
            let second = try await saved.restartAndRefresh()
            defer { second.kill() }
            // The refresh taken, then ten ticks at which the location is due and the pause holds it back.
            #expect(await Fault.eventually(timeout: 5) { second.stderr.contains("refresh requested") })
            #expect(await second.waitForMoreTicks(10))
            #expect(saved.server.requestCount == before, "a request went out during a valid pause")
            _ = await second.terminate()
        }
    }
}
