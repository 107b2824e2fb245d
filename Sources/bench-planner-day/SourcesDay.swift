import AsyncHTTPClient
import Logging
import MetNorway
import WeatherHTTP
import OpenMeteo
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The simulated day with Open-Meteo down for a while (bench/README.md, "Sources"): the real planner at the
/// defaults through the same ticks, each fetch it orders sent by weatherd's own client of the order's source
/// (OpenMeteoClient, MetNorwayClient) to a look-alike. While the simulated clock is inside the outage, every
/// request goes to a second look-alike whose Open-Meteo route is down (`fake-open-meteo --down-after 0
/// --down-mode MODE`; its MET Norway route stays up); outside it, to the first. Like the plain day, the
/// look-alike's answer only decides success or failure: the planner is answered at once with weather of the
/// simulated clock, and a MET Norway answer with MET's terms on that clock (`Last-Modified` the latest half
/// hour, `Expires` half an hour later, 304 to an `If-Modified-Since` equal to it).
struct SourcesDay {
    /// The look-alikes: up, and with Open-Meteo down.
    var apiURL: String
    var downURL: String
    /// The outage, in seconds of the simulated day.
    var downAt: Double
    var downFor: Double
    /// After the day, this many pairs of one Open-Meteo and one MET Norway request, alternating which goes
    /// first, both to the look-alike that is up: each a query the day sent, in turn.
    var pairs = 0

    /// MET Norway's period on the look-alike: `Expires` is the next half hour.
    static let metPeriod = 1800.0

    /// What one location went through.
    struct Tally {
        var requests: [WeatherSource: Int] = [:]
        var failed: [WeatherSource: Int] = [:]
        var notModified = 0
        /// MET requests sent before the last MET answer's `Expires`.
        var early = 0
        /// MET's periods (half hours) the location spent any tick of on MET Norway: one request each at most.
        var metPeriods: Set<Int> = []
        var fallbackSeconds = 0.0
        var staleSeconds = 0.0
        /// When it turned stale and when it was fresh again, in seconds of the day.
        var staleSpans: [(Double, Double)] = []
        var moves = 0
        var returns = 0
        var firstMove: Double?
        var lastReturn: Double?
        /// The last MET answer's `Expires`, on the simulated clock.
        var metExpires: Timestamp?
    }

    /// Process CPU (all threads) in microseconds.
    static func processCPU() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1e6 + Double(spec.tv_nsec) / 1e3
    }

    /// Runs the day; returns its JSON object.
    @MainActor
    func run(configuration: Configuration, logger: Logger) async -> String {
        // Neither decompresses (MET Norway's client inflates its answer itself), as in the daemon. The daemon's
        // one client keeps a connection per host; both sources here are one look-alike's, so each has a
        // client, and so a connection, of its own.
        let plainClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let metClient = HTTPClient(eventLoopGroupProvider: .singleton)
        func getter(_ client: HTTPClient, _ userAgent: String) -> HTTPGetter {
            HTTPGetter(httpClient: client, timeout: configuration.timeout, userAgent: userAgent, logger: logger)
        }
        let plain = getter(plainClient, "weatherd-bench-planner-day")
        let met = getter(metClient, "weatherd/bench bench@example.org")
        func providers(_ url: String) -> [WeatherSource: any WeatherProviding] {
            [
                .openMeteo: OpenMeteoClient(http: plain, endpoint: ForecastEndpoint(baseURL: url)),
                .metNorway: MetNorwayClient(http: met, endpoint: MetNorwayEndpoint(baseURL: url)),
            ]
        }
        let up = providers(apiURL)
        let down = providers(downURL)
        var tallies: [String: Tally] = [:]
        var queries: [WeatherSource: [ForecastQuery]] = [:]
        var cpu: [String: [Double]] = [:]

        func fetch(_ order: FetchOrder, at now: Moment, second: Double) async -> FetchOutcome {
            let source = order.source
            let name = order.location.name
            var tally = tallies[name, default: Tally()]
            defer { tallies[name] = tally }
            tally.requests[source, default: 0] += 1
            queries[source, default: []].append(order.query)
            if source == .metNorway, let expires = tally.metExpires, now.wall < expires { tally.early += 1 }
            let inOutage = second >= downAt && second < downAt + downFor
            let provider = (inOutage ? down : up)[source]!
            let before = Self.processCPU()
            do throws(FetchError) {
                _ = try await provider.forecast(order.query)
            } catch {
                tally.failed[source, default: 0] += 1
                return FetchOutcome(result: .failure(error), elapsed: .zero, apiClockSample: 0)
            }
            let used = Self.processCPU() - before
            cpu[source.rawValue, default: []].append(used)
            if source == .openMeteo, order.blocks.hours != nil || order.blocks.days != nil {
                cpu["open-meteo-with-hours-or-days", default: []].append(used)
            }
            guard source == .metNorway else {
                let period = (now.wall.secondsSinceEpoch / dataInterval).rounded(.down) * dataInterval
                let weather = Weather(
                    observedAt: Timestamp(secondsSinceEpoch: period),
                    utcOffsetSeconds: offsets[name],
                    temperature: 2,
                    code: WMOCode(61),
                    units: order.units,
                    dataInterval: dataInterval
                )
                return FetchOutcome(
                    result: .success(.forecast(.synthetic(weather, blocks: order.blocks))),
                    elapsed: .zero,
                    apiClockSample: 0
                )
            }
            let modified = (now.wall.secondsSinceEpoch / Self.metPeriod).rounded(.down) * Self.metPeriod
            let validity = AnswerValidity(
                expires: Timestamp(secondsSinceEpoch: modified + Self.metPeriod),
                lastModified: Timestamp(secondsSinceEpoch: modified).rfc3339
            )
            tally.metExpires = validity.expires
            if order.ifModifiedSince == validity.lastModified {
                tally.notModified += 1
                return FetchOutcome(result: .success(.notModified(validity, apiClockSample: 0)), elapsed: .zero)
            }
            var weather = Weather(
                observedAt: now.wall,
                temperature: 2,
                code: WMOCode(61),
                units: order.units,
                dataInterval: 3600
            )
            weather.validUntil = validity.expires
            var forecast = Forecast.synthetic(weather, blocks: order.blocks)
            forecast.validity = validity
            forecast.apiClockSample = 0
            return FetchOutcome(result: .success(.forecast(forecast)), elapsed: .zero, apiClockSample: 0)
        }

        func notice(_ events: [PlannerEvent], second: Double) {
            for event in events {
                switch event {
                case .sourceChanged(let location, _, _, _):
                    tallies[location.name, default: Tally()].moves += 1
                    if tallies[location.name]?.firstMove == nil { tallies[location.name]?.firstMove = second }
                case .sourceReturned(let location, _, _):
                    tallies[location.name, default: Tally()].returns += 1
                    tallies[location.name]?.lastReturn = second
                default:
                    break
                }
            }
        }

        let midnight = Timestamp(rfc3339: "\(day)T00:00:00Z")!
        let interval = configuration.plannerSettings.interval
        let ticks = Int(86_400 / interval)
        let staleAfter = configuration.plannerSettings.staleAfter
        var planner = Planner(locations: configuration.locations, settings: configuration.plannerSettings, seed: 42)
        var now = Moment(wall: midnight, uptime: 1000)
        for tick in 0..<ticks {
            let second = Double(tick) * interval
            let plan = planner.tick(at: now)
            notice(plan?.events ?? [], second: second)
            var next: FetchOrder? = nil
            if case .fetch(let order) = plan?.action { next = order }
            next = next ?? plan?.queuedFetch
            while let order = next {
                let outcome = await fetch(order, at: now, second: second)
                let finished = planner.finish(outcome, at: now)
                notice(finished?.events ?? [], second: second)
                next = finished?.next
            }
            for record in planner.records {
                var tally = tallies[record.location.name, default: Tally()]
                if let weather = record.weather,
                    now.wall > LocationStatus.staleAt(weather, staleAfter: staleAfter)
                {
                    tally.staleSeconds += interval
                    if let last = tally.staleSpans.last, last.1 == second {
                        tally.staleSpans[tally.staleSpans.count - 1].1 = second + interval
                    } else {
                        tally.staleSpans.append((second, second + interval))
                    }
                }
                if record.isOnFallback { tally.fallbackSeconds += interval }
                if record.source == .metNorway {
                    tally.metPeriods.insert(Int(now.wall.secondsSinceEpoch / Self.metPeriod))
                }
                tallies[record.location.name] = tally
            }
            now = now.adding(seconds: interval)
        }
        // The pairs: the CPU of each request of a pair, interleaved so that the machine's drift hits both
        // sources alike. `pairs-`: the same requests as the day's; `same-`: the same fetch of each, every MET
        // request of the day asked of both sources.
        var paired: [String: [Double]] = [:]
        func measure(_ prefix: String, _ pairQueries: [WeatherSource: [ForecastQuery]]) async {
            for index in 0..<pairs {
                var order: [WeatherSource] = [.openMeteo, .metNorway]
                if index % 2 == 1 { order.reverse() }
                for source in order {
                    guard let queries = pairQueries[source], !queries.isEmpty else { continue }
                    let before = Self.processCPU()
                    do throws(FetchError) {
                        _ = try await up[source]!.forecast(queries[index % queries.count])
                        paired[prefix + source.rawValue, default: []].append(Self.processCPU() - before)
                    } catch {
                        paired["pairs-failed", default: []].append(0)
                    }
                }
            }
        }
        if queries[.openMeteo] != nil, let metNorway = queries[.metNorway] {
            await measure("pairs-", queries)
            await measure("same-", [.openMeteo: metNorway, .metNorway: metNorway])
        }
        cpu.merge(paired) { $1 }
        let _: Void? = try? await plainClient.shutdown()
        let _: Void? = try? await metClient.shutdown()

        func counts(_ values: [WeatherSource: Int]) -> String {
            "{" + WeatherSource.allCases.map { "\"\($0.rawValue)\": \(values[$0] ?? 0)" }.joined(separator: ", ") + "}"
        }
        func optional(_ value: Double?) -> String { value.map { "\($0)" } ?? "null" }
        let locations = configuration.locations.map { location in
            let tally = tallies[location.name] ?? Tally()
            return "{\"name\": \"\(location.name)\", \"requests\": \(counts(tally.requests)), "
                + "\"failed\": \(counts(tally.failed)), \"met_not_modified\": \(tally.notModified), "
                + "\"met_early\": \(tally.early), \"met_periods\": \(tally.metPeriods.count), "
                + "\"fallback_s\": \(tally.fallbackSeconds), \"stale_s\": \(tally.staleSeconds), "
                + "\"stale_spans\": [\(tally.staleSpans.map { "[\($0.0), \($0.1)]" }.joined(separator: ", "))], "
                + "\"moves\": \(tally.moves), \"returns\": \(tally.returns), "
                + "\"first_move_s\": \(optional(tally.firstMove)), \"last_return_s\": \(optional(tally.lastReturn))}"
        }
        let cpuKeys =
            WeatherSource.allCases.map(\.rawValue) + ["open-meteo-with-hours-or-days"]
            + WeatherSource.allCases.map { "pairs-" + $0.rawValue }
            + WeatherSource.allCases.map { "same-" + $0.rawValue }
            + ["pairs-failed"]
        let cpuText = cpuKeys.map { key in
            let values = cpu[key] ?? []
            let samples = values.map { "\(($0 * 10).rounded() / 10)" }.joined(separator: ", ")
            return "\"\(key)\": {\"answers\": \(values.count), \"samples_us\": [\(samples)]}"
        }
        return "{\"day\": \"\(day)\", \"ticks\": \(ticks), \"interval_s\": \(interval), "
            + "\"down_at_s\": \(downAt), \"down_for_s\": \(downFor), \"stale_after_s\": \(staleAfter), "
            + "\"planner_source_requests\": \(counts(planner.counters.sourceRequests)), "
            + "\"cpu\": {\(cpuText.joined(separator: ", "))}, \"locations\": [\(locations.joined(separator: ", "))]}"
    }
}
