import FakeOpenMeteo
import Foundation
import Testing

/// API limits against the built daemon: after a 429 nothing reaches the server until the limit can have
/// reset, 503s back off exponentially, and no tick ever sends more than one request (docs/fetching.md). The
/// look-alike's clock is set clear of its minute's end (``LookAlikeClock``): when a minutely pause ends, and
/// what comes after, is checked on an injected clock (LoopTableBackoffTests, LoopTableTickTests).
@Suite("Faults: API limits and backoff")
struct FaultBackoffTests {
    @Test("a minutely 429 stops every request until the next full minute; ticks go on from the cache")
    func minutelyLimit() async throws {
        let arrivals = ArrivalTimes()
        let minutelyLimited = arrivals.recording { _ in .openMeteoError(status: 429, reason: Fault.minutelyReason) }
        let offset = LookAlikeClock.offsetClearOfMinuteEnd()
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces),
            handler: minutelyLimited,
            clockOffset: offset
        ) { server, daemon in
            #expect(await Fault.eventually(timeout: 5) { server.requestCount >= 1 }, "no request arrived")
            // The pause recorded, then ticks from the cache: every location visited three times more.
            #expect(
                await Fault.eventually(timeout: 5) {
                    (daemon.counter("ticks_from_cache") ?? 0) > 0 && daemon.counter("fetches_failed") == 1
                }
            )
            let early = daemon.counter("ticks_from_cache") ?? -1
            #expect(await daemon.waitForMoreTicks(9))
            let late = daemon.counter("ticks_from_cache") ?? -1
            let state = try daemon.state()
            let status = await daemon.terminate()

            #expect(server.requestCount == 1, "requests during the 429 pause: \(server.requests.map(\.uri))")
            // The look-alike's next full minute, on the host's clock.
            let first = try #require(arrivals.all.first)
            let nextMinute = LookAlikeClock.nextMinute(after: first + offset) - offset
            let info = try #require(state["daemon"] as? [String: Any])
            // The next full minute, plus a spread of at most a fifteenth of the pause, plus up to a second: the
            // minute ends on the API's clock, read from a `Date` of whole seconds (docs/fetching.md), so up to a second
            // behind the host's.
            let until = try #require(info["backoff_until"] as? String)
            let spread = (nextMinute - first) / 15
            #expect(
                (0...Int(spread) + 1).map { Fault.rfc3339(nextMinute + Double($0)) }.contains(until),
                "backoff_until \(until), next minute \(Fault.rfc3339(nextMinute))"
            )
            #expect(early > 0)
            #expect(late > early, "ticks_from_cache must grow during the pause: \(early) then \(late)")
            let locations = try #require(state["locations"] as? [[String: Any]])
            let limited = locations.first { $0["id"] as? String == "alpha" }
            #expect((limited?["last_error"] as? [String: Any])?["kind"] as? String == "rate_limited")
            #expect(status == 0)

            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                // No location has weather yet: its ticks say so, at priority 6, and why.
                let waiting = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.noData }
                #expect(!waiting.isEmpty)
                #expect(waiting.allSatisfy { $0["WEATHER_SOURCE"] == "none" && $0["WEATHER_WAITING"] == "backoff" })
                #expect(waiting.allSatisfy { $0["PRIORITY"] == "6" })
                let began = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.backoffBegan }
                #expect(began.count == 1, "backoff-began entries: \(began.map { $0["MESSAGE"] ?? "" })")
                #expect(began.first?["PRIORITY"] == "5")
                #expect(!entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.backoffEnded })
            } else {
                let lines = daemon.stderr.split(separator: "\n")
                #expect(
                    lines.filter { $0.hasPrefix("NOTICE: API requests paused until") }.count == 1,
                    "\(daemon.stderr)"
                )
                #expect(lines.contains { $0.contains("weather.source=none") && $0.contains("weather.waiting=backoff") })
            }
        }
    }

    @Test("a 429 with Retry-After: 1 pauses about one second, then requests resume and the end is logged")
    func retryAfter() async throws {
        let arrivals = ArrivalTimes()
        let limitedForASecond = arrivals.recording { request in
            guard request.sequence == 0 else { return FakeOpenMeteoServer.realistic(request) }
            return .openMeteoError(status: 429, reason: Fault.minutelyReason, headers: [("Retry-After", "1")])
        }
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces),
            handler: limitedForASecond,
            // A second within the minute's end would shorten the pause: the look-alike's minute has more left.
            clockOffset: LookAlikeClock.offsetClearOfMinuteEnd()
        ) { server, daemon in
            #expect(await Fault.eventually(timeout: 8) { server.requestCount >= 4 }, "requests did not resume")
            // The state written after the resumed fetches shows the pause over.
            #expect(await Fault.eventually(timeout: 5) { (daemon.counter("fetches_ok") ?? 0) >= 3 })
            let state = try daemon.state()
            let status = await daemon.terminate()

            let times = arrivals.all
            try #require(times.count >= 2)
            let pause = times[1] - times[0]
            #expect(pause >= 0.95 && pause < 3, "pause after Retry-After: 1 was \(pause) s")
            let info = try #require(state["daemon"] as? [String: Any])
            #expect(info["backoff_until"] is NSNull)
            #expect((info["ticks_from_cache"] as? Int ?? 0) >= 3)
            #expect(status == 0)

            if TestJournal.isAvailable {
                let entries = try await Fault.journal(pid: daemon.pid) { entries in
                    entries.contains { $0["MESSAGE_ID"] == Fault.MessageID.stopping }
                }
                #expect(entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.backoffBegan }.count == 1)
                let ended = entries.filter { $0["MESSAGE_ID"] == Fault.MessageID.backoffEnded }
                #expect(ended.count == 1)
                #expect(ended.first?["PRIORITY"] == "5")
            } else {
                let lines = daemon.stderr.split(separator: "\n")
                #expect(lines.filter { $0.hasPrefix("NOTICE: API requests paused until") }.count == 1)
                #expect(lines.filter { $0.hasPrefix("NOTICE: API requests resume") }.count == 1, "\(daemon.stderr)")
            }
        }
    }

    @Test("repeated 503s space the requests exponentially from one interval")
    func exponentialBackoff() async throws {
        let arrivals = ArrivalTimes()
        let overloaded = arrivals.recording { _ in .openMeteoError(status: 503, reason: "The service is overloaded") }
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces),
            handler: overloaded
        ) { server, daemon in
            #expect(await Fault.eventually(timeout: 5) { server.requestCount >= 1 })
            // Pauses of 0.2, 0.4, 0.8, 1.6 s: the fifth request comes about 3.4 s after the first.
            await Fault.eventually(timeout: 5.5) { server.requestCount >= 5 }
            let state = try daemon.state()
            let status = await daemon.terminate()

            let gaps = arrivals.gaps
            let shown = gaps.map { String(format: "%.0f ms", $0 * 1000) }.joined(separator: ", ")
            print("FaultBackoffTests: gaps between requests after 503s at interval 200 ms: \(shown)")
            try #require(gaps.count >= 3, "too few requests after 503s; gaps: \(shown)")
            for (index, gap) in gaps.prefix(4).enumerated() {
                let pause = 0.2 * Double(1 << index)
                #expect(gap >= pause - 0.03, "gap \(index) shorter than the \(pause) s pause; gaps: \(shown)")
                #expect(gap <= pause + 0.2 + 0.4, "gap \(index) far longer than the \(pause) s pause; gaps: \(shown)")
            }
            for (earlier, later) in zip(gaps, gaps.dropFirst()) {
                #expect(later >= earlier - 0.05, "gaps must not shrink: \(shown)")
            }
            #expect(gaps[gaps.count - 1] > gaps[0] * 2.5, "gaps must grow: \(shown)")
            let info = try #require(state["daemon"] as? [String: Any])
            #expect(info["backoff_until"] is String)
            #expect((info["ticks_from_cache"] as? Int ?? 0) > 0)
            #expect(status == 0)
        }
    }

    @Test("never more than one request per tick: a server answering 500 gets no retries")
    func oneRequestPerTick() async throws {
        let failing: @Sendable (FakeRequest) -> FakeResponse = { _ in
            .openMeteoError(status: 500, reason: "Internal Server Error")
        }
        try await Fault.withDaemon(
            config: Fault.config(Fault.threePlaces),
            handler: failing,
            interval: "100ms"
        ) { server, daemon in
            #expect(await Fault.eventually(timeout: 5) { server.requestCount >= 1 })
            let start = Date()
            let before = server.requestCount
            // Ten more requests within 2 s, and how long they took: retries would bring them sooner than one a
            // tick.
            let wanted = before + 10
            _ = await Fault.eventually(timeout: 2) { [wanted] in server.requestCount >= wanted }
            let during = server.requestCount - before
            let elapsed = Date().timeIntervalSince(start)
            let status = await daemon.terminate()
            let total = server.requestCount

            let state = try daemon.state()
            let info = try #require(state["daemon"] as? [String: Any])
            let ticks = try #require(info["ticks"] as? Int)
            #expect(total <= ticks, "\(total) requests for \(ticks) ticks")
            #expect(Double(during) <= elapsed / 0.1 + 3, "\(during) requests in \(elapsed) s at 100 ms")
            #expect(during >= 10, "the daemon must keep asking after plain 500s: \(during) requests in \(elapsed) s")
            // Every answered request is one failed fetch; the one in flight at SIGTERM is cancelled, not counted.
            let failed = info["fetches_failed"] as? Int ?? -1
            #expect(failed == total || failed == total - 1, "\(failed) failed fetches for \(total) requests")
            #expect(info["backoff_until"] is NSNull)
            #expect(status == 0)
        }
    }
}
