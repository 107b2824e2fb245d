import AlertSources
import AsyncHTTPClient
import Logging
import WeatherConfiguration
import WeatherCore
import WeatherDaemon

/// The alert polls of a day: the real AlertPlanner through the same simulated ticks, each poll it decides
/// sent by weatherd's own AlertClient to the look-alike (every source's base URL), so that its request log
/// counts what a day costs each source (bench/README.md, "Alert requests a day").
struct AlertScenario {
    /// What the output calls it.
    var name: String
    /// Its locations, each with its `alerts: auto` source.
    var locations: [Location]

    /// The defaults (Berlin dwd, London MeteoAlarm, New York NWS, Tokyo none); four places in Germany
    /// (Bright Sky, one request per point); four in France (one MeteoAlarm feed for them all). No place
    /// is in two scenarios, so the look-alike's log tells them apart.
    static let all = [
        AlertScenario(name: "defaults", locations: Configuration.defaultLocations),
        AlertScenario(
            name: "germany",
            locations: [
                Location(name: "Hamburg", latitude: 53.5511, longitude: 9.9937),
                Location(name: "Munich", latitude: 48.1351, longitude: 11.582),
                Location(name: "Cologne", latitude: 50.9375, longitude: 6.9603),
                Location(name: "Frankfurt", latitude: 50.1109, longitude: 8.6821),
            ]
        ),
        AlertScenario(
            name: "france",
            locations: [
                Location(name: "Paris", latitude: 48.8566, longitude: 2.3522, countryCode: "FR"),
                Location(name: "Lyon", latitude: 45.764, longitude: 4.8357, countryCode: "FR"),
                Location(name: "Marseille", latitude: 43.2965, longitude: 5.3698, countryCode: "FR"),
                Location(name: "Toulouse", latitude: 43.6047, longitude: 1.4442, countryCode: "FR"),
            ]
        ),
    ]
}

/// Runs `scenario` through `ticks` ticks of `interval` from `midnight`; returns its JSON object: each feed
/// with its source, the request target the look-alike logs, and how many polls the planner sent.
@MainActor
func alertDay(
    _ scenario: AlertScenario,
    baseURL: String,
    httpClient: HTTPClient,
    logger: Logger,
    from midnight: Timestamp,
    interval: Double,
    ticks: Int
) async -> String {
    let endpoints = AlertEndpoints(nws: baseURL, metno: baseURL, dwd: baseURL, meteoalarm: baseURL)
    let client = AlertClient(
        httpClient: httpClient,
        urls: endpoints,
        timeout: .seconds(20),
        userAgent: "weatherd/bench (bench@example.org)",
        language: .english,
        logger: logger
    )
    var planner = AlertPlanner(seed: 42)
    let subjects = scenario.locations.map { ($0, AlertTarget.choose($0.alerts, for: $0, placeCountryCode: nil)) }
    planner.configure(subjects, host: endpoints.host(of:))
    var polls: [String: Int] = [:]
    var failed = 0
    for tick in 0..<ticks {
        let now = midnight.adding(seconds: Double(tick) * interval)
        for order in planner.startDuePolls(at: now) {
            let outcome = await client.poll(order)
            polls[order.feed.key, default: 0] += 1
            if case .failed = outcome.result { failed += 1 }
            _ = planner.finish(order, outcome, at: now)
        }
    }
    let feeds = planner.feeds.map { feed in
        let target = String(AlertClient.url(of: feed, urls: endpoints, language: .english).dropFirst(baseURL.count))
        return "{\"key\": \"\(feed.key)\", \"source\": \"\(feed.source.rawValue)\", \"target\": \"\(target)\", "
            + "\"locations\": \(feed.members.count), \"polls\": \(polls[feed.key] ?? 0)}"
    }
    let without = subjects.filter { $0.1 == nil }.map { "\"\($0.0.name)\"" }
    return
        "{\"scenario\": \"\(scenario.name)\", \"failed\": \(failed), \"without_source\": [\(without.joined(separator: ", "))], "
        + "\"feeds\": [\(feeds.joined(separator: ", "))]}"
}
