import FakeOpenMeteo
import Foundation
import Synchronization
import Testing

/// The two clocks against the built daemon and a look-alike server with a short data interval (60 s,
/// the shortest weatherd takes from `current.interval`): every tick rotates, each location is fetched
/// once per data period, the quota is never exceeded, restarts cost nothing, nothing starves. What these
/// check is the wiring (the flags, the configuration, the look-alike's answers and clock, the journal and
/// the files): what happens when a data period or a quota minute ends is decided by the planner and is
/// checked on an injected clock (LoopTableTickTests, LoopTableBackoffTests, PlannerAPIClockTests). The
/// look-alike's clock is set clear of its minute's end (``LookAlikeClock``), so no test waits for one.
@Suite("Two clocks, end to end")
struct TwoClocksTests {
    /// Every forecast request the server saw: when (on its clock), for which latitude, with the day's outlook
    /// or not.
    final class Requests: Sendable {
        struct Request {
            var time: Double
            var latitude: Double
            var daily: Bool
            /// The weight as Open-Meteo counts it, in calls: max(1, variables/10 × max(1, days/14)).
            var weight: Double
        }

        private let all = Mutex<[Request]>([])

        /// A handler recording each forecast request, then answering with `next`.
        func recording(
            _ next: @escaping @Sendable (FakeRequest) -> FakeResponse
        ) -> @Sendable (FakeRequest) -> FakeResponse {
            { request in
                if request.path == "/v1/forecast" {
                    let entry = Request(
                        time: request.time,
                        latitude: Double(request.query["latitude"] ?? "") ?? .nan,
                        daily: request.query["daily"] != nil,
                        weight: Self.weight(of: request.query)
                    )
                    self.all.withLock { $0.append(entry) }
                }
                return next(request)
            }
        }

        var list: [Request] { all.withLock { $0 } }

        static func weight(of query: [String: String]) -> Double {
            let variables = ["current", "minutely_15", "hourly", "daily"]
                .compactMap { query[$0] }
                .map { $0.split(separator: ",").count }
                .reduce(0, +)
            let days = Double(query["forecast_days"] ?? "7") ?? 7
            return max(10, (Double(variables) * max(1, days / 14)).rounded(.up)) / 10
        }

        func count(latitude: Double) -> Int { list.filter { $0.latitude == latitude }.count }
    }

    /// The wiring of `refresh: auto` in the built daemon, in seconds: each location fetched once when its
    /// data is unknown, then served from the cache until its period ends, the counters, the quota ledger
    /// and the journal agreeing with what the API saw. One request per location in each data period,
    /// across period boundaries and within the spread and a rotation, is the loop's decision and is
    /// checked on an injected clock (LoopTableTickTests.autoFetchesEachLocationOncePerDataPeriod, and on the
    /// API's clock LoopTableAPIMinuteTests.sixtySecondDataPeriodsEndOnTheAPIsClock).
    @Test("auto: each location fetched once, then served from the cache until its data period ends")
    func oneRequestPerLocationPerPeriod() async throws {
        let requests = Requests()
        let offset = LookAlikeClock.offsetClearOfMinuteEnd()
        // The end of the look-alike's data period, on its clock.
        let periodEnd = LookAlikeClock.nextMinute(after: Fault.now + offset)
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces, refresh: "auto"),
            handler: requests.recording(FakeOpenMeteoServer.realistic(dataInterval: 60)),
            clockOffset: offset
        ) { server, daemon in
            // The three first fetches, then three rotations served from the cache.
            #expect(await Fault.eventually(timeout: 8) { daemon.counter("fetches_ok") ?? 0 >= 3 })
            #expect(await daemon.waitForMoreTicks(9))
            let state = try daemon.state()
            let status = await daemon.terminate()
            #expect(status == 0)

            let list = requests.list
            for place in Fault.threePlaces {
                let mine = list.filter { $0.latitude == place.latitude }
                #expect(mine.count == 1, "\(place.name): \(mine.count) requests in one data period")
                #expect(mine.allSatisfy { $0.time < periodEnd })
                // The first request carries the days (docs/forecast.md).
                #expect(mine.first?.daily == true)
            }

            let info = try #require(state["daemon"] as? [String: Any])
            let ticks = try #require(info["ticks"] as? Int)
            let fetched = try #require(info["ticks_fetched"] as? Int)
            let skipped = try #require(info["ticks_skipped"] as? Int)
            let cached = try #require(info["ticks_from_cache"] as? Int)
            #expect(ticks == fetched + skipped + cached)
            #expect(info["requests"] as? Int == list.count)
            #expect(info["refresh"] as? String == "auto")
            #expect(cached > fetched)
            let quota = try #require(info["quota"] as? [String: Any])
            let day = try #require(quota["day"] as? [String: Any])
            let weighted = list.map(\.weight).reduce(0, +)
            #expect(abs((day["used"] as? Double ?? -1) - weighted) < 0.001)
            #expect(day["limit"] as? Double == 0)
            for location in try #require(state["locations"] as? [[String: Any]]) {
                let weather = try #require(location["weather"] as? [String: Any])
                #expect(weather["data_interval_seconds"] as? Double == 60)
                // On the host's clock: the period's end less the look-alike's offset.
                let next = try #require(location["next_refresh_at"] as? String)
                #expect(next >= Fault.rfc3339(periodEnd - offset), "next refresh \(next)")
                #expect(location["status"] as? String == "ok")
            }

            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                let perTick = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.weather }
                // One entry per tick: each rotation index once.
                let indices = perTick.compactMap { $0["WEATHER_ROTATION_INDEX"] }
                #expect(Set(indices).count == indices.count)
                #expect(indices.count >= ticks)
                let network = perTick.filter { $0["WEATHER_SOURCE"] == "network" }
                #expect(network.count == list.count)
                #expect(network.allSatisfy { $0["WEATHER_FETCH_MS"] != nil })
                let cache = perTick.filter { $0["WEATHER_SOURCE"] == "cache" }
                #expect(cache.allSatisfy { $0["WEATHER_FETCH_MS"] == nil && $0["PRIORITY"] == "6" })
                #expect(!entries.contains { ($0["PRIORITY"].flatMap(Int.init) ?? 7) <= 4 })
            }
        }
    }

    @Test("limits: no request that would take a window over api.limits; the full window logged once")
    func limitsAreNeverExceeded() async throws {
        let requests = Requests()
        let offset = LookAlikeClock.offsetClearOfMinuteEnd()
        // The server allows 3 calls a minute; weatherd allows itself 2.6.
        let gate = QuotaGate(minuteLimit: 3, next: FakeOpenMeteoServer.realistic)
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces, extra: "api:\n  limits:\n    minute: 2.6"),
            handler: requests.recording(gate.handler),
            clockOffset: offset
        ) { server, daemon in
            // Alpha's answer, then three rotations in which the full minute holds Beta and Gamma back.
            #expect(await Fault.eventually(timeout: 8) { daemon.counter("fetches_ok") ?? 0 >= 1 })
            #expect(await daemon.waitForMoreTicks(9))
            let state = try daemon.state()
            // The look-alike's minute, whose end the hold lasts until.
            let minuteEnd = LookAlikeClock.nextMinute(after: Fault.now + offset)
            let status = await daemon.terminate()
            #expect(status == 0)

            // Alpha's 2.4 (with its hours, days and nowcast), then Beta's 2.4 would make 4.8: the minute is full,
            // and nothing goes out until it resets.
            #expect(requests.list.count == 1, "\(requests.list.map(\.latitude))")
            let info = try #require(state["daemon"] as? [String: Any])
            let minute = try #require((info["quota"] as? [String: Any])?["minute"] as? [String: Any])
            #expect(minute["used"] as? Double == 2.4)
            #expect(minute["limit"] as? Double == 2.6)
            let locations = try #require(state["locations"] as? [[String: Any]])
            #expect(locations.allSatisfy { $0["last_error"] is NSNull })
            #expect(locations.map { $0["status"] as? String } == ["ok", "pending", "pending"])
            let gamma = try #require(locations.first { $0["id"] as? String == "gamma" })
            #expect(
                (gamma["next_refresh_at"] as? String).map { $0 >= Fault.rfc3339(minuteEnd - offset) } == true,
                "\(gamma["next_refresh_at"] ?? "")"
            )

            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                let full = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.quotaFull }
                #expect(full.count == 1)
                #expect(full.first?["PRIORITY"] == "5")
                #expect(full.first?["WEATHER_QUOTA_WINDOW"] == "minute")
                #expect(full.first?["WEATHER_QUOTA_USED"] == "2.4")
                #expect(full.first?["WEATHER_QUOTA_LIMIT"] == "2.6")
                let waiting = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.noData }
                #expect(waiting.contains { $0["WEATHER_LOCATION"] == "gamma" && $0["WEATHER_WAITING"] == "quota" })
                #expect(waiting.allSatisfy { $0["PRIORITY"] == "6" && $0["WEATHER_SOURCE"] == "none" })
            }
        }
    }

    @Test("a restart costs no extra calls: weather judged by its age and due time, quota windows restored")
    func restartCostsNothing() async throws {
        let requests = Requests()
        let sixtySecondPeriods = requests.recording(FakeOpenMeteoServer.realistic(dataInterval: 60))
        try await withFakeServerAndDirectory(handler: sixtySecondPeriods) { server, directory in
            server.clockOffset = LookAlikeClock.offsetClearOfMinuteEnd()
            let config = Fault.config(Fault.threePlaces, refresh: "auto")
            let first = try FaultDaemon(directory: directory, config: config, apiURL: server.baseURL)
            defer { first.kill() }
            // Stopped once every answer is in (the look-alike seeing the third request is not enough: a stop
            // while its answer is on the way cancels that fetch, and the next run asks again).
            #expect(await Fault.eventually(timeout: 10) { (first.counter("fetches_ok") ?? 0) >= 3 })
            #expect(await first.terminate() == 0)
            let second = try FaultDaemon(directory: directory, config: config, apiURL: server.baseURL)
            defer { second.kill() }
            #expect(await second.waitForTicks(8))
            let state = try second.state()
            #expect(await second.terminate() == 0)

            #expect(requests.list.count == 3)
            let info = try #require(state["daemon"] as? [String: Any])
            #expect(info["requests"] as? Int == 0)
            #expect(info["ticks_fetched"] as? Int == 0)
            let day = try #require((info["quota"] as? [String: Any])?["day"] as? [String: Any])
            #expect(abs((day["used"] as? Double ?? 0) - 3 * 2.4) < 0.001)
            let locations = try #require(state["locations"] as? [[String: Any]])
            #expect(locations.allSatisfy { $0["status"] as? String == "ok" })
        }
    }

    @Test("SIGUSR1 makes every location due at once")
    func sigusr1RefreshesEveryLocation() async throws {
        let requests = Requests()
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces, refresh: "auto"),
            handler: requests.recording(FakeOpenMeteoServer.realistic(dataInterval: 60)),
            clockOffset: LookAlikeClock.offsetClearOfMinuteEnd()
        ) { server, daemon in
            // Each location answered, then two rotations in which none is due.
            #expect(await Fault.eventually(timeout: 10) { daemon.counter("fetches_ok") ?? 0 >= 3 })
            #expect(await daemon.waitForMoreTicks(6))
            #expect(requests.list.count == 3)
            daemon.process.signal(SIGUSR1)
            #expect(await Fault.eventually(timeout: 5) { daemon.counter("fetches_ok") ?? 0 >= 6 })
            #expect(await daemon.waitForMoreTicks(6))
            #expect(requests.list.count == 6)
            #expect(await daemon.terminate() == 0)
        }
    }

    @Test("a location whose requests hang does not starve the others (125 ms ticks, 500 ms timeout)")
    func noLocationStarves() async throws {
        let requests = Requests()
        let hanging = 20.0
        let places = Fault.threePlaces + [Fault.Place(id: nil, name: "Delta", latitude: 40, longitude: 40)]
        let healthy = places.filter { $0.latitude != hanging }
        try await Fault.withDaemon(
            config: Fault.config(places, timeout: "500ms"),
            handler: requests.recording { request in
                Double(request.query["latitude"] ?? "") == hanging ? .hang : FakeOpenMeteoServer.realistic(request)
            },
            interval: "125ms"
        ) { server, daemon in
            // One rotation is 500 ms: within eight of them, each healthy location fetched in at least five.
            let served = await Fault.eventually(timeout: 4) {
                healthy.allSatisfy { requests.count(latitude: $0.latitude) >= 5 }
                    && requests.count(latitude: hanging) >= 2
            }
            let state = try daemon.state()
            #expect(await daemon.terminate() == 0)

            let counts = places.map { "\($0.name): \(requests.count(latitude: $0.latitude))" }
            #expect(served, "requests per location: \(counts)")
            let info = try #require(state["daemon"] as? [String: Any])
            #expect((info["ticks_skipped"] as? Int ?? 0) > 0)
            let beta = try #require((state["locations"] as? [[String: Any]])?.first { $0["id"] as? String == "beta" })
            #expect((beta["last_error"] as? [String: Any])?["kind"] as? String == "timeout")
            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                let queued = entries.filter { $0["WEATHER_QUEUED"] == "1" }
                #expect(!queued.isEmpty)
                #expect(queued.allSatisfy { $0["WEATHER_SOURCE"] == "network" && $0["WEATHER_FETCH_MS"] != nil })
            }
        }
    }

    @Test("once refuses while the state file records a pause, unless --force")
    func onceRespectsAPause() async throws {
        let requests = Requests()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A daemon that got a 429 recorded its pause; `once` reads the same state file.
        let minutelyLimited: @Sendable (FakeRequest) -> FakeResponse = { _ in
            .openMeteoError(status: 429, reason: Fault.minutelyReason)
        }
        let statePath = try await withFakeServer(handler: minutelyLimited) { limited in
            // The daemon's 429 pauses until the look-alike's next full minute: enough of it is left for `once`.
            limited.clockOffset = LookAlikeClock.offsetClearOfMinuteEnd()
            let daemon = try FaultDaemon(
                directory: directory,
                config: Fault.config(Fault.onePlace),
                apiURL: limited.baseURL
            )
            defer { daemon.kill() }
            #expect(
                await Fault.eventually(timeout: 5) { limited.requestCount >= 1 && daemon.counter("ticks") ?? 0 >= 2 }
            )
            #expect(await daemon.terminate() == 0)
            return daemon.statePath
        }
        let config = try directory.write("once.yaml", Fault.config(Fault.onePlace))

        try await withFakeServer(handler: requests.recording(FakeOpenMeteoServer.realistic)) { server in
            let refused = try Subprocess([
                "once", "--config", config, "--state-file", statePath, "--api-url", server.baseURL,
            ])
            #expect(await refused.wait(timeout: 10) == 1)
            #expect(refused.stderr.contains("paused until"), "\(refused.stderr)")
            #expect(requests.list.isEmpty)

            let forced = try Subprocess([
                "once", "--force", "--config", config, "--state-file", statePath, "--api-url", server.baseURL,
            ])
            #expect(await forced.wait(timeout: 10) == 0)
            #expect(requests.list.count == 1)
        }
    }
}
