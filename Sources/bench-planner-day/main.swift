// bench-planner-day: the real planner through one simulated UTC day at the defaults, each request it
// plans sent to a look-alike, for bench/run.py (bench/README.md, "Weighted calls a day").
//
//   bench-planner-day --api-url URL [--air-quality]
//   bench-planner-day --api-url URL --down-url URL --down-at SECONDS --down-for SECONDS [--pairs N]
//
// Drives WeatherCore's Planner with the embedded defaults (Configuration(): the 4 default locations, a
// tick every 10 s, `refresh: auto`, the public host's limits, every forecast part on) through the 8,640
// ticks of the UTC day 2026-11-23 on a simulated clock (nothing sleeps). Each fetch it orders goes to
// URL through weatherd's own client (OpenMeteoClient: the URL ForecastEndpoint builds, the daemon's byte
// for byte), so the look-alike's request log counts what the day costs. The look-alike answers on the
// host's clock, so its answer only decides success or failure (and is checked for the blocks asked
// for); the planner is answered at once with weather of the simulated 15-minute period, in the place's
// real UTC offset in November, with the blocks it asked for. Then the alert polls of the same day
// (AlertDay.swift): the defaults, four places in Germany, four in France. With --air-quality, the same day
// with air quality on for the four places instead (each air request sent through AirQualityClient, the
// planner answered with the simulated hour's air), and no alert days. Prints one JSON object on stdout.
// With --down-url, the sources day instead (SourcesDay.swift): the same day with every request sent to
// --down-url (a look-alike whose Open-Meteo route is down) from --down-at for --down-for seconds of it,
// then --pairs N pairs of one Open-Meteo and one MET Norway request of the day's, for their CPU.

import AsyncHTTPClient
import Logging
import OpenMeteo
import WeatherConfiguration
import WeatherCore
import WeatherDaemon
import WeatherHTTP
import WeatherTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The default locations' offsets from UTC in November: the local date changes at 23:00 UTC in Berlin,
/// at 00:00 in London (a 6-hour slot's start), at 05:00 in New York and at 15:00 in Tokyo.
let offsets = ["Berlin": 3600, "London": 0, "New York": -5 * 3600, "Tokyo": 9 * 3600]
let day = "2026-11-23"
let dataInterval = 900.0

/// Writes `message` to stderr and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

let usage =
    "usage: bench-planner-day --api-url URL [--air-quality] "
    + "| --api-url URL --down-url URL --down-at SECONDS --down-for SECONDS [--pairs N]"
var options: [String: String] = [:]
var withAir = false
var rest = CommandLine.arguments.dropFirst()
while let flag = rest.popFirst() {
    if flag == "--air-quality" {
        withAir = true
        continue
    }
    guard ["--api-url", "--down-url", "--down-at", "--down-for", "--pairs"].contains(flag), let value = rest.popFirst()
    else {
        fail(usage, status: 64)
    }
    options[flag] = value
}
guard let apiURL = options["--api-url"] else { fail(usage, status: 64) }
var configuration = Configuration()
configuration.airQuality.enabled = withAir
for location in configuration.locations where offsets[location.name] == nil {
    fail("bench-planner-day: no UTC offset known for the default location \(location.name)", status: 70)
}

var logger = Logger(label: "bench-planner-day")
logger.logLevel = .warning

// With --down-url: the sources day alone (SourcesDay.swift).
if let downURL = options["--down-url"] {
    guard let downAt = options["--down-at"].flatMap(Double.init),
        let downFor = options["--down-for"].flatMap(Double.init)
    else { fail(usage, status: 64) }
    guard let pairs = Int(options["--pairs"] ?? "0") else { fail(usage, status: 64) }
    let sources = SourcesDay(apiURL: apiURL, downURL: downURL, downAt: downAt, downFor: downFor, pairs: pairs)
    print(await sources.run(configuration: configuration, logger: logger))
    exit(0)
}
let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
let http = HTTPGetter(
    httpClient: httpClient,
    timeout: configuration.timeout,
    userAgent: "weatherd-bench-planner-day",
    logger: logger
)
let client = OpenMeteoClient(http: http, endpoint: ForecastEndpoint(baseURL: apiURL))
let airClient = AirQualityClient(http: http, endpoint: AirQualityEndpoint(baseURL: apiURL))

/// What the day asked for, per location.
struct Tally {
    var requests = 0
    var hourly = 0
    var daily = 0
    var nowcast = 0
    var tenths = 0
    var failed = 0
    /// Answers without a block asked for, or with another length.
    var incomplete = 0
}

var tallies: [String: Tally] = [:]
/// The air quality requests of the day, per location.
var airTallies: [String: Tally] = [:]

/// Sends `order` to the look-alike and answers the planner with the air of the simulated hour.
@MainActor
func fetchAir(_ order: AirOrder, at now: Moment) async -> Result<AirQualityAnswer, FetchError> {
    airTallies[order.location.name, default: Tally()].requests += 1
    airTallies[order.location.name, default: Tally()].tenths += order.weight
    do {
        _ = try await airClient.airQuality(at: order.location)
    } catch {
        airTallies[order.location.name, default: Tally()].failed += 1
        return .failure(error)
    }
    let hour = Timestamp(secondsSinceEpoch: (now.wall.secondsSinceEpoch / 3600).rounded(.down) * 3600)
    return .success(
        AirQualityAnswer(airQuality: AirQuality(time: hour, europeanAQI: 30, usAQI: 50), dataInterval: 3600)
    )
}

/// Sends `order` to the look-alike and answers the planner as of `now`.
@MainActor
func fetch(_ order: FetchOrder, at now: Moment) async -> FetchOutcome {
    let blocks = order.blocks
    var tally = tallies[order.location.name, default: Tally()]
    tally.requests += 1
    tally.tenths += order.weight
    if blocks.hours != nil { tally.hourly += 1 }
    if blocks.days != nil { tally.daily += 1 }
    if blocks.nowcast { tally.nowcast += 1 }
    defer { tallies[order.location.name] = tally }
    let answer: Forecast
    do {
        answer = try await client.forecast(at: order.location, units: order.units, blocks: blocks)
    } catch {
        tally.failed += 1
        return FetchOutcome(result: .failure(error), elapsed: .zero, apiClockSample: 0)
    }
    if answer.hourly?.count != blocks.hours || answer.daily?.count != blocks.days
        || (answer.nowcast?.count ?? 0) != (blocks.nowcast ? NowcastStep.requested : 0)
    {
        tally.incomplete += 1
    }
    let period = (now.wall.secondsSinceEpoch / dataInterval).rounded(.down) * dataInterval
    let weather = Weather(
        observedAt: Timestamp(secondsSinceEpoch: period),
        utcOffsetSeconds: offsets[order.location.name],
        temperature: 2,
        code: WMOCode(61),
        units: order.units,
        dataInterval: dataInterval
    )
    let forecast = Forecast.synthetic(weather, blocks: blocks)
    return FetchOutcome(result: .success(.forecast(forecast)), elapsed: .zero, apiClockSample: 0)
}

let midnight = Timestamp(rfc3339: "\(day)T00:00:00Z")!
let interval = configuration.plannerSettings.interval
let ticks = Int(86_400 / interval)
var planner = Planner(locations: configuration.locations, settings: configuration.plannerSettings, seed: 42)
var now = Moment(wall: midnight, uptime: 1000)
for _ in 0..<ticks {
    let plan = planner.tick(at: now)
    var next: FetchOrder? = nil
    var air = plan?.airFetch
    if case .fetch(let order) = plan?.action { next = order }
    next = next ?? plan?.queuedFetch
    while next != nil || air != nil {
        if let order = next {
            let finished = planner.finish(await fetch(order, at: now), at: now)
            (next, air) = (finished?.next, finished?.nextAir)
        } else if let order = air {
            let finished = planner.finishAir(await fetchAir(order, at: now), at: now)
            (next, air) = (finished?.next, finished?.nextAir)
        }
    }
    now = now.adding(seconds: interval)
}
var alertDays: [String] = []
for scenario in withAir ? [] : AlertScenario.all {
    alertDays.append(
        await alertDay(
            scenario,
            baseURL: apiURL,
            httpClient: httpClient,
            logger: logger,
            from: midnight,
            interval: interval,
            ticks: ticks
        )
    )
}
// The async shutdown (the synchronous overload of the same name returns a future).
let _: Void? = try? await httpClient.shutdown()

let dayTenths = planner.ledger.count(.day, at: midnight.adding(seconds: 86_399)).usedTenths
let total = tallies.values.reduce(into: Tally()) { sum, tally in
    sum.requests += tally.requests
    sum.hourly += tally.hourly
    sum.daily += tally.daily
    sum.nowcast += tally.nowcast
    sum.tenths += tally.tenths
    sum.failed += tally.failed
    sum.incomplete += tally.incomplete
}

func json(_ tally: Tally) -> String {
    "\"requests\": \(tally.requests), \"with_hourly\": \(tally.hourly), \"with_daily\": \(tally.daily), "
        + "\"with_nowcast\": \(tally.nowcast), \"weight_tenths\": \(tally.tenths), \"failed\": \(tally.failed), "
        + "\"incomplete_answers\": \(tally.incomplete)"
}

let locations = configuration.locations.map { location in
    "{\"name\": \"\(location.name)\", \"utc_offset_seconds\": \(offsets[location.name]!), "
        + json(tallies[location.name] ?? Tally()) + ", \"air_requests\": \(airTallies[location.name]?.requests ?? 0), "
        + "\"air_weight_tenths\": \(airTallies[location.name]?.tenths ?? 0), "
        + "\"air_failed\": \(airTallies[location.name]?.failed ?? 0)}"
}
print(
    "{\"day\": \"\(day)\", \"ticks\": \(ticks), \"interval_s\": \(interval), \"data_interval_s\": \(dataInterval), "
        + "\"air_quality\": \(withAir), \"planner_day_used_tenths\": \(dayTenths), " + json(total)
        + ", \"locations\": ["
        + locations.joined(separator: ", ") + "], \"alerts\": [" + alertDays.joined(separator: ", ") + "]}"
)
