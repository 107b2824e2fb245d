import AlertSources
import AsyncHTTPClient
import FakeOpenMeteo
import Logging
import Testing

@testable import WeatherCore

/// The production poller against the look-alike of the four sources (FakeOpenMeteo's AlertRoute), with
/// their terms and their failures (docs/alerts.md).
@Suite("AlertClient: each source on its terms")
struct AlertClientTests {
    static let newYork = AlertFeed.Member(locationID: "new-york", latitude: 40.71284, longitude: -74.00601)

    /// Polls `orders` one after another from a client with `userAgent` against a look-alike answering
    /// `bodies`; returns the outcomes and the requests the look-alike saw.
    static func poll(
        _ orders: [AlertPollOrder],
        bodies: [String: String] = [:],
        userAgent: String = "weatherd/1.2.3 (ops@example.org)",
        language: Language = .english
    ) async throws -> (outcomes: [AlertPollOutcome], requests: [FakeRequest]) {
        let server = try await FakeOpenMeteoServer.start(
            handler: FakeOpenMeteoServer.realistic(dataInterval: 900, alerts: { bodies[$0] })
        )
        let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
        let url = server.baseURL
        let client = AlertClient(
            httpClient: httpClient,
            urls: AlertEndpoints(nws: url, metno: url, dwd: url, meteoalarm: url),
            timeout: .seconds(5),
            userAgent: userAgent,
            language: language,
            logger: Logger(label: "test")
        )
        var outcomes: [AlertPollOutcome] = []
        for order in orders { outcomes.append(await client.poll(order)) }
        let requests = server.requests
        try await httpClient.shutdown()
        try await server.shutdown()
        return (outcomes, requests)
    }

    static func feed(_ source: Alert.Source, _ members: [AlertFeed.Member], country: String? = nil) -> AlertFeed {
        AlertFeed(
            source: source,
            country: country,
            latitude: members[0].latitude,
            longitude: members[0].longitude,
            members: members,
            host: "lookalike"
        )
    }

    @Test func nwsIsAskedForThePointWithFourDecimalsAndTheContact() async throws {
        let body = try fixtureText("nws-alerts-active-point.geojson")
        let (outcomes, requests) = try await Self.poll(
            [AlertPollOrder(feed: Self.feed(.nws, [Self.newYork]))],
            bodies: ["nws": body]
        )
        let request = try #require(requests.first)
        #expect(request.uri == "/alerts/active?point=40.7128,-74.006")
        #expect(request.header("User-Agent") == "weatherd/1.2.3 (ops@example.org)")
        #expect(request.header("Accept") == "application/geo+json")
        let outcome = try #require(outcomes.first)
        guard case .answered(let lists) = outcome.result else {
            Issue.record("not answered: \(outcome.result)")
            return
        }
        #expect(lists["new-york"]?.map(\.event) == ["Winter Storm Warning"])
        #expect(outcome.freshForSeconds == 30)
    }

    @Test func metNorwayAnswers304ToItsOwnLastModified() async throws {
        let oslo = AlertFeed.Member(locationID: "oslo", latitude: 59.9139, longitude: 10.7522)
        let feed = Self.feed(.metno, [oslo])
        let body = try fixtureText("metno-metalerts-current.json")
        let first = try await Self.poll([AlertPollOrder(feed: feed)], bodies: ["metno": body])
        let modified = try #require(first.outcomes.first?.lastModified)
        #expect(first.requests.first?.uri == "/weatherapi/metalerts/2.0/current.json?lat=59.9139&lon=10.7522&lang=en")
        #expect((first.outcomes.first?.freshForSeconds ?? 0) > 0)
        #expect(first.outcomes.first?.language == .english)
        let again = try await Self.poll(
            [AlertPollOrder(feed: feed, ifModifiedSince: modified, language: .english)],
            bodies: ["metno": body]
        )
        #expect(again.outcomes.first?.result == .unchanged)
        #expect(again.requests.first?.header("If-Modified-Since") == modified)
    }

    @Test func metNorwayInNorwegianIsAskedInFullAfterAnEnglishAnswer() async throws {
        let oslo = AlertFeed.Member(locationID: "oslo", latitude: 59.9139, longitude: 10.7522)
        let feed = Self.feed(.metno, [oslo])
        let body = try fixtureText("metno-metalerts-current.json")
        let english = try await Self.poll([AlertPollOrder(feed: feed)], bodies: ["metno": body])
        let modified = try #require(english.outcomes.first?.lastModified)
        let norwegian = try await Self.poll(
            [AlertPollOrder(feed: feed, ifModifiedSince: modified, language: .english)],
            bodies: ["metno": body],
            language: .norwegianBokmal
        )
        let request = try #require(norwegian.requests.first)
        #expect(request.uri == "/weatherapi/metalerts/2.0/current.json?lat=59.9139&lon=10.7522&lang=no")
        #expect(request.header("If-Modified-Since") == nil)
        let outcome = try #require(norwegian.outcomes.first)
        #expect(outcome.language == .norwegianBokmal)
        guard case .answered(let lists) = outcome.result else {
            Issue.record("not answered: \(outcome.result)")
            return
        }
        #expect(lists["oslo"]?.map(\.language) == ["no"])
        #expect(lists["oslo"]?.map(\.event) == ["Skogbrannfare"])
    }

    @Test func a403NamesTheUserAgentItWasSent() async throws {
        let (outcomes, _) = try await Self.poll(
            [AlertPollOrder(feed: Self.feed(.nws, [Self.newYork]))],
            userAgent: "curl/8.0"
        )
        guard case .failed(let error) = outcomes.first?.result else {
            Issue.record("not a failure")
            return
        }
        #expect(error.httpStatus == 403)
        #expect(error.message == "HTTP 403 Forbidden (sent User-Agent: curl/8.0)")
    }

    @Test(arguments: [
        ("!429", FetchErrorKind.rateLimited, 120.0 as Double?),
        ("!503", .unavailable, nil),
        ("!html", .invalidResponse, nil),
    ])
    func failuresAreClassified(body: String, kind: FetchErrorKind, retryAfter: Double?) async throws {
        let (outcomes, _) = try await Self.poll(
            [AlertPollOrder(feed: Self.feed(.nws, [Self.newYork]))],
            bodies: ["nws": body]
        )
        guard case .failed(let error) = outcomes.first?.result else {
            Issue.record("not a failure")
            return
        }
        #expect(error.kind == kind)
        #expect(error.retryAfterSeconds == retryAfter)
    }

    @Test func brightSkyOutsideGermanyIs404() async throws {
        let tokyo = AlertFeed.Member(locationID: "tokyo", latitude: 35.6895, longitude: 139.6917)
        let (outcomes, _) = try await Self.poll([AlertPollOrder(feed: Self.feed(.dwd, [tokyo]))])
        guard case .failed(let error) = outcomes.first?.result else {
            Issue.record("not a failure")
            return
        }
        #expect(error.httpStatus == 404)
        #expect(error.message.contains("outside Germany"))
    }

    @Test func oneMeteoAlarmFeedIsSplitByAreaCode() async throws {
        let members = [
            AlertFeed.Member(locationID: "wolfsheim", code: "DE571", latitude: 0, longitude: 0),
            AlertFeed.Member(locationID: "elsewhere", code: "DE999", latitude: 0, longitude: 0),
        ]
        let feed = Self.feed(.meteoalarm, members, country: "germany")
        let body = try fixtureText("meteoalarm-feeds-germany.json")
        let (outcomes, requests) = try await Self.poll(
            [AlertPollOrder(feed: feed)],
            bodies: ["meteoalarm-germany": body]
        )
        #expect(requests.map(\.uri) == ["/api/v1/warnings/feeds-germany"])
        #expect(requests.first?.header("Accept-Encoding") == "gzip")
        guard case .answered(let lists) = outcomes.first?.result else {
            Issue.record("not answered")
            return
        }
        #expect(lists["wolfsheim"]?.isEmpty == false)
        #expect(lists["elsewhere"] == [])
    }

    @Test func theClientsLanguageReachesTheDecoders() async throws {
        let wolfsheim = AlertFeed.Member(locationID: "wolfsheim", code: "DE571", latitude: 51.8364, longitude: 10.7912)
        let (outcomes, _) = try await Self.poll(
            [
                AlertPollOrder(feed: Self.feed(.meteoalarm, [wolfsheim], country: "germany")),
                AlertPollOrder(feed: Self.feed(.dwd, [wolfsheim])),
            ],
            bodies: [
                "meteoalarm-germany": try fixtureText("meteoalarm-feeds-germany.json"),
                "dwd": try fixtureText("brightsky-alerts.json"),
            ],
            language: .german
        )
        let alerts = outcomes.map { outcome -> Alert? in
            guard case .answered(let lists) = outcome.result else { return nil }
            return lists["wolfsheim"]?.first
        }
        #expect(
            alerts.map { $0?.headline } == [
                "Sturmböen im Landkreis Hohenwalde ab dem Abend", "Amtliche WARNUNG vor STURMBÖEN",
            ]
        )
        #expect(alerts.map { $0?.language } == ["de-DE", "de"])
    }
}
