import Testing

@testable import AlertSources
@testable import WeatherCore

/// Each source's rules in its own conformance (docs/alerts.md, "Sources" and "The sources' terms"):
/// request, headers, terms, its own reading of an error status.
@Suite("AlertSource: each source's rules")
struct AlertSourceTests {
    static let member = AlertFeed.Member(locationID: "here", code: "FR123", latitude: 40.71284, longitude: -74.00601)

    static func feed(_ source: Alert.Source) -> AlertFeed {
        AlertFeed(
            source: source,
            country: source == .meteoalarm ? "france" : nil,
            latitude: member.latitude,
            longitude: member.longitude,
            members: [member],
            host: "example"
        )
    }

    @Test(
        arguments: [
            (Alert.Source.nws, "B/alerts/active?point=40.7128,-74.006", [["Accept", "application/geo+json"]]),
            (.metno, "B/weatherapi/metalerts/2.0/current.json?lat=40.7128&lon=-74.006&lang=en", []),
            (.dwd, "B/alerts?lat=40.7128&lon=-74.006", []),
            (.meteoalarm, "B/api/v1/warnings/feeds-france", [["Accept-Encoding", "gzip"]]),
        ] as [(Alert.Source, String, [[String]])]
    )
    func requestAndHeaders(source: Alert.Source, url: String, headers: [[String]]) {
        let asked = source.alertSource(language: .english)
        #expect(asked.url(of: Self.feed(source), base: "B") == url)
        #expect(asked.headers.map { [$0.0, $0.1] } == headers)
    }

    @Test(
        arguments: [
            (Alert.Source.nws, 300.0, [400, 404], true, true, false),
            (.metno, 600, [], true, true, true),
            (.dwd, 600, [404], false, false, false),
            (.meteoalarm, 1800, [], true, false, false),
        ] as [(Alert.Source, Double, Set<Int>, Bool, Bool, Bool)]
    )
    func terms(
        source: Alert.Source,
        period: Double,
        notCovered: Set<Int>,
        namesReferences: Bool,
        asksForContact: Bool,
        answersIfModifiedSince: Bool
    ) {
        let terms = source.alertSource(language: .english).terms
        #expect(terms == source.terms, "the conformance carries the terms the planner reads")
        #expect(terms.source == source)
        #expect(terms.pollPeriodSeconds == period)
        #expect(terms.notCoveredStatuses == notCovered)
        #expect(terms.namesReferences == namesReferences)
        #expect(terms.asksForContact == asksForContact)
        #expect(terms.answersIfModifiedSince == answersIfModifiedSince)
        for status in [400, 404, 500] {
            let error = FetchError(kind: .http, message: "HTTP \(status)", httpStatus: status)
            #expect(terms.isNotCovered(error) == notCovered.contains(status))
        }
        #expect(!terms.isNotCovered(FetchError(kind: .timeout, message: "timed out")))
    }

    @Test func onlyBrightSkyReadsA404OfItsOwn() throws {
        let failure = try #require(BrightSkyAlertSource(language: .german).failure(status: 404, for: Self.feed(.dwd)))
        #expect(failure.httpStatus == 404)
        #expect(failure.kind == .http)
        #expect(failure.message == "HTTP 404: Bright Sky has no German warn cell at 40.7128,-74.006 (outside Germany?)")
        #expect(BrightSkyAlertSource(language: .german).failure(status: 500, for: Self.feed(.dwd)) == nil)
        for source in [Alert.Source.nws, .metno, .meteoalarm] {
            #expect(source.alertSource(language: .english).failure(status: 404, for: Self.feed(source)) == nil)
        }
    }

    @Test func aPointSourceGivesItsAnswerToEveryLocationAtThePoint() throws {
        var feed = Self.feed(.nws)
        feed.members.append(AlertFeed.Member(locationID: "there", latitude: 40.71284, longitude: -74.00601))
        let lists = try NWSAlertSource().alerts(in: try fixtureBytes("nws-alerts-active-point.geojson"), for: feed)
        #expect(lists.keys.sorted() == ["here", "there"])
        #expect(lists["here"] == lists["there"])
        #expect(lists["here"]?.map(\.event) == ["Winter Storm Warning"])
    }

    @Test func aPollOrderCarriesIfModifiedSinceBesideTheSourcesHeaders() {
        let order = AlertPollOrder(
            feed: Self.feed(.metno),
            ifModifiedSince: "Tue, 24 Nov 2026 11:00:00 GMT",
            language: .english
        )
        #expect(AlertClient.headers(of: order, language: .english).map(\.0) == ["If-Modified-Since"])
        #expect(
            AlertClient.headers(of: AlertPollOrder(feed: Self.feed(.nws)), language: .english).map(\.0) == ["Accept"]
        )
    }

    @Test func aLastModifiedOfAnotherLanguageIsNotSentBack() {
        let since = "Tue, 24 Nov 2026 11:00:00 GMT"
        let english = AlertPollOrder(feed: Self.feed(.metno), ifModifiedSince: since, language: .english)
        // A 304 would keep the English texts of a reader who now reads Norwegian.
        #expect(AlertClient.headers(of: english, language: .norwegianBokmal).isEmpty)
        #expect(AlertClient.headers(of: english, language: .english).map(\.1) == [since])
        // An alerts cache of an earlier version does not say: asked again in full, once.
        let unknown = AlertPollOrder(feed: Self.feed(.metno), ifModifiedSince: since)
        #expect(AlertClient.headers(of: unknown, language: .english).isEmpty)
    }

    @Test(
        "MET Norway is asked in Norwegian for a reader of Bokmål, else in English",
        arguments: [
            (Language.norwegianBokmal, "lang=no"), (.english, "lang=en"), (.german, "lang=en"), (.swedish, "lang=en"),
        ]
    )
    func metNorwayLanguage(language: Language, parameter: String) {
        let url = Alert.Source.metno.alertSource(language: language).url(of: Self.feed(.metno), base: "B")
        #expect(url == "B/weatherapi/metalerts/2.0/current.json?lat=40.7128&lon=-74.006&" + parameter)
    }

    @Test(arguments: [Alert.Source.nws, .dwd, .meteoalarm])
    func theOtherSourcesAskTheSameInEveryLanguage(source: Alert.Source) {
        let urls = Set(Language.allCases.map { source.alertSource(language: $0).url(of: Self.feed(source), base: "B") })
        #expect(urls.count == 1)
    }
}
