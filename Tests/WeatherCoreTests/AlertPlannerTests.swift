import Testing

@testable import WeatherCore

/// The alert polls on each source's clock (docs/alerts.md): periods, caching headers, jitter, backoff, one
/// poll at a time per host, a restart that costs no poll; all on a manual wall clock.
@Suite("AlertPlanner: when each source is asked")
struct AlertPlannerTests {
    static let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    static let newYork = Location(name: "New York", latitude: 40.71284, longitude: -74.00601)
    static let boston = Location(name: "Boston", latitude: 42.3601, longitude: -71.0589)
    static let start = AlertChainSamples.time("2026-11-24T12:00:00Z")

    static func planner(
        _ locations: [Location] = [berlin, newYork, boston],
        memory: AlertPlanner.Memory = .init(),
        host: @escaping (Alert.Source) -> String = { $0.rawValue + ".example" }
    ) -> AlertPlanner {
        var planner = AlertPlanner(memory: memory, seed: 7)
        planner.configure(
            locations.map { ($0, AlertTarget.choose($0.alerts, for: $0, placeCountryCode: nil)) },
            host: host
        )
        return planner
    }

    static func later(_ seconds: Double) -> Timestamp { start.adding(seconds: seconds) }

    @Test func theFirstPollsOfOneHostComeSecondsApart() {
        var planner = Self.planner()
        let first = planner.startDuePolls(at: Self.start)
        #expect(first.map(\.feed.key) == ["dwd 52.52,13.41", "nws 40.7128,-74.006"])
        _ = planner.finish(first[1], AlertPollOutcome(.answered([:])), at: Self.later(1))
        // Boston, the second of two NWS points: 3 s and a fraction later, not half of NWS's 5 minutes.
        #expect(planner.startDuePolls(at: Self.later(3)).isEmpty)
        #expect(planner.startDuePolls(at: Self.later(4)).map(\.feed.key) == ["nws 42.3601,-71.0589"])
    }

    @Test func aPollInFlightHoldsItsHost() throws {
        var planner = Self.planner([Self.newYork, Self.boston])
        let first = try #require(planner.startDuePolls(at: Self.start).first)
        #expect(planner.startDuePolls(at: Self.later(200)).isEmpty, "Boston is due, but New York's poll is in flight")
        _ = planner.finish(first, AlertPollOutcome(.answered([:])), at: Self.later(201))
        #expect(planner.startDuePolls(at: Self.later(210)).map(\.feed.key) == ["nws 42.3601,-71.0589"])
    }

    @Test func oneHostForAllSourcesServesThemInTurn() {
        var planner = Self.planner(host: { _ in "lookalike" })
        let first = planner.startDuePolls(at: Self.start)
        #expect(first.count == 1)
        _ = planner.finish(first[0], AlertPollOutcome(.answered([:])), at: Self.later(1))
        #expect(planner.startDuePolls(at: Self.later(10)).count == 1)
    }

    @Test(arguments: [(Alert.Source.nws, 300.0), (.metno, 600), (.dwd, 600), (.meteoalarm, 1800)])
    func aFeedIsAskedAgainAfterItsPeriodPlusJitter(source: Alert.Source, period: Double) throws {
        var planner = AlertPlanner(seed: 3)
        var location = Self.berlin
        location.alerts = source == .meteoalarm ? .meteoalarm(country: "germany", code: "DE405") : .source(source)
        planner.configure([(location, AlertTarget.choose(location.alerts, for: location, placeCountryCode: nil))]) {
            $0.rawValue
        }
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        _ = planner.finish(order, AlertPollOutcome(.answered([:])), at: Self.start)
        let next = try #require(planner.memory.feeds[order.feed.key]?.nextPollAt)
        let wait = next.seconds(since: Self.start)
        #expect(wait > period && wait < period * 1.1)
        #expect(wait != wait.rounded(), "jittered to a fraction of a second: never on the minute")
        #expect(planner.startDuePolls(at: next.adding(seconds: -1)).isEmpty)
        #expect(planner.startDuePolls(at: next).count == 1)
    }

    @Test func cachingHeadersLongerThanThePeriodPushTheNextPoll() throws {
        var planner = Self.planner([Self.berlin])
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        _ = planner.finish(order, AlertPollOutcome(result: .answered([:]), freshForSeconds: 3600), at: Self.start)
        let next = try #require(planner.memory.feeds[order.feed.key]?.nextPollAt)
        #expect(next.seconds(since: Self.start) >= 2400, "held to 4 periods")
    }

    @Test(arguments: [3600.0, 1e30, .infinity])
    func aCachingHeaderBeyondFourPeriodsCountsAsFour(freshFor: Double) throws {
        var planner = Self.planner([Self.berlin])
        var polls = 0
        var now = Self.start
        // Ten hours of ticks: a Bright Sky point is asked every 10 min at the most, here every 40.
        while now < Self.later(36_000) {
            for order in planner.startDuePolls(at: now) {
                polls += 1
                _ = planner.finish(order, AlertPollOutcome(result: .answered([:]), freshForSeconds: freshFor), at: now)
            }
            now = now.adding(seconds: 10)
        }
        #expect((14...15).contains(polls), "\(polls) polls")
        let next = try #require(planner.memory.feeds["dwd 52.52,13.41"]?.nextPollAt)
        #expect(next.secondsSinceEpoch.isFinite)
    }

    @Test func aSourceThatSaysThePointIsNotItsOwnMeansNoSource() throws {
        // Strasbourg lies in the bounding box of Germany: auto picks Bright Sky, which answers 404.
        let strasbourg = Location(name: "Strasbourg", latitude: 48.5734, longitude: 7.7521)
        var planner = Self.planner([strasbourg])
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        let notFound = FetchError(kind: .http, message: "HTTP 404", httpStatus: 404)
        #expect(
            planner.finish(order, AlertPollOutcome(.failed(notFound)), at: Self.start) == [
                .outside(order.feed, notFound)
            ]
        )
        #expect(planner.alerts(for: "strasbourg", at: Self.start) == nil)
        #expect(planner.startDuePolls(at: Self.later(86_400)).isEmpty)
        // Remembered across a restart; a source set by hand is asked whatever it answers.
        var restarted = Self.planner([strasbourg], memory: planner.memory)
        #expect(restarted.startDuePolls(at: Self.later(10)).isEmpty)
        var chosen = strasbourg
        chosen.alerts = .source(.dwd)
        var manual = Self.planner([chosen], memory: planner.memory)
        let again = try #require(manual.startDuePolls(at: Self.later(10)).first)
        let events = manual.finish(again, AlertPollOutcome(.failed(notFound)), at: Self.later(10))
        #expect(events == [.pollFailed(again.feed, notFound, failures: 1)])
    }

    @Test func aRestartSendsBackTheLastModifiedItKept() throws {
        let oslo = Location(name: "Oslo", latitude: 59.9139, longitude: 10.7522)
        var planner = Self.planner([oslo])
        let first = try #require(planner.startDuePolls(at: Self.start).first)
        _ = planner.finish(first, AlertPollOutcome(result: .answered([:]), lastModified: "LM"), at: Self.start)
        var restarted = Self.planner([oslo], memory: planner.memory)
        #expect(restarted.startDuePolls(at: Self.later(700)).first?.ifModifiedSince == "LM")
    }

    @Test func theLastModifiedKeepsTheLanguageItWasAnsweredIn() throws {
        let oslo = Location(name: "Oslo", latitude: 59.9139, longitude: 10.7522)
        var planner = Self.planner([oslo])
        let first = try #require(planner.startDuePolls(at: Self.start).first)
        #expect(first.language == nil)
        let answer = AlertPollOutcome(result: .answered([:]), lastModified: "LM", language: .norwegianBokmal)
        _ = planner.finish(first, answer, at: Self.start)
        #expect(planner.memory.feeds[first.feed.key]?.language == .norwegianBokmal)
        // The poller judges whether it may send it back: only to a poll in the same language.
        var restarted = Self.planner([oslo], memory: planner.memory)
        let second = try #require(restarted.startDuePolls(at: Self.later(700)).first)
        #expect(second.ifModifiedSince == "LM")
        #expect(second.language == .norwegianBokmal)
        // A 304 keeps it; a full answer takes the language it was asked in.
        _ = restarted.finish(second, AlertPollOutcome(result: .unchanged, lastModified: "LM"), at: Self.later(700))
        #expect(restarted.memory.feeds[first.feed.key]?.language == .norwegianBokmal)
        let third = try #require(restarted.startDuePolls(at: Self.later(1400)).first)
        _ = restarted.finish(
            third,
            AlertPollOutcome(result: .answered([:]), lastModified: "LM2", language: .english),
            at: Self.later(1400)
        )
        #expect(restarted.memory.feeds[first.feed.key]?.language == .english)
        #expect(restarted.memory.feeds[first.feed.key]?.lastModified == "LM2")
    }

    @Test func notCoveredIsRememberedWhileTheLocationIsUnresolved() throws {
        let strasbourg = Location(name: "Strasbourg", latitude: 48.5734, longitude: 7.7521)
        var planner = Self.planner([strasbourg])
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        let notFound = FetchError(kind: .http, message: "HTTP 404", httpStatus: 404)
        _ = planner.finish(order, AlertPollOutcome(.failed(notFound)), at: Self.start)
        // Restarted with the name only (its coordinates not known yet), then resolved.
        var restarted = Self.planner(
            [Location(id: "strasbourg", name: "Strasbourg", countryCode: nil)],
            memory: planner.memory
        )
        #expect(restarted.memory.outside == ["dwd 48.5734,7.7521"])
        restarted.configure([(strasbourg, AlertTarget.choose(.auto, for: strasbourg, placeCountryCode: nil))]) {
            $0.rawValue + ".example"
        }
        #expect(restarted.startDuePolls(at: Self.later(60)).isEmpty)
    }

    @Test func anAbandonedPollIsNotRepeatedRightAfterARestart() throws {
        var planner = Self.planner([Self.newYork])
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        planner.abandon(order, at: Self.later(1))
        var restarted = Self.planner([Self.newYork], memory: planner.memory)
        #expect(restarted.startDuePolls(at: Self.later(10)).isEmpty)
        #expect(restarted.startDuePolls(at: Self.later(301)).count == 1)
    }

    @Test func failuresBackOffThenTurnStaleAndRecover() throws {
        var planner = Self.planner([Self.newYork])
        var now = Self.start
        var waits: [Double] = []
        for failures in 1...4 {
            let order = try #require(planner.startDuePolls(at: now).first)
            let events = planner.finish(
                order,
                AlertPollOutcome(.failed(FetchError(kind: .unavailable, message: "503"))),
                at: now
            )
            #expect(
                events == [.pollFailed(order.feed, FetchError(kind: .unavailable, message: "503"), failures: failures)]
            )
            let next = try #require(planner.memory.feeds[order.feed.key]?.nextPollAt)
            waits.append((next.seconds(since: now) / 300).rounded(.down))
            #expect(planner.alerts(for: "new-york", at: now)?.stale == (failures >= 3))
            now = next
        }
        #expect(waits == [1, 2, 4, 4])
        let order = try #require(planner.startDuePolls(at: now).first)
        let events = planner.finish(order, AlertPollOutcome(.answered([:])), at: now)
        #expect(events == [.pollRecovered(order.feed, failures: 4)])
        #expect(planner.alerts(for: "new-york", at: now)?.stale == false)
    }

    @Test(arguments: [(120.0, 300.0), (900, 900), (99_999, 1200)])
    func retryAfterIsKeptWithinOneToFourPeriods(retryAfter: Double, expected: Double) throws {
        var planner = Self.planner([Self.newYork])
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        let error = FetchError(kind: .rateLimited, message: "429", httpStatus: 429, retryAfterSeconds: retryAfter)
        _ = planner.finish(order, AlertPollOutcome(.failed(error)), at: Self.start)
        let next = try #require(planner.memory.feeds[order.feed.key]?.nextPollAt)
        let wait = next.seconds(since: Self.start)
        #expect(wait >= expected && wait < expected + 30)
    }

    @Test func aFailedPollKeepsTheWarningsUntilTheirEnd() throws {
        var planner = Self.planner([Self.newYork])
        let warning = AlertChainSamples.alert("w1", ends: "2026-11-24T18:00:00Z")
        let first = try #require(planner.startDuePolls(at: Self.start).first)
        let started = planner.finish(first, AlertPollOutcome(.answered(["new-york": [warning]])), at: Self.start)
        #expect(started == [.alert(locationID: "new-york", .started(warning))])
        let second = try #require(planner.startDuePolls(at: Self.later(400)).first)
        _ = planner.finish(
            second,
            AlertPollOutcome(.failed(FetchError(kind: .invalidResponse, message: "HTML"))),
            at: Self.later(400)
        )
        #expect(planner.alerts(for: "new-york", at: Self.later(400))?.items == [warning])
        #expect(
            planner.advance(to: Self.later(6 * 3600)) == [
                .alert(locationID: "new-york", .ended(warning, reason: .expired))
            ]
        )
        #expect(planner.alerts(for: "new-york", at: Self.later(6 * 3600))?.items == [])
    }

    @Test func notModifiedKeepsTheWarningsAndSendsBackLastModified() throws {
        let oslo = Location(name: "Oslo", latitude: 59.9139, longitude: 10.7522)
        var planner = Self.planner([oslo])
        let open = AlertChainSamples.alert("m1", source: .metno, onset: "2026-11-24T10:00:00Z", ends: nil)
        let first = try #require(planner.startDuePolls(at: Self.start).first)
        #expect(first.feed.source == .metno)
        #expect(first.ifModifiedSince == nil)
        let modified = "Tue, 24 Nov 2026 11:00:00 GMT"
        _ = planner.finish(
            first,
            AlertPollOutcome(result: .answered(["oslo": [open]]), lastModified: modified),
            at: Self.start
        )
        let second = try #require(planner.startDuePolls(at: Self.later(700)).first)
        #expect(second.ifModifiedSince == modified)
        #expect(planner.finish(second, AlertPollOutcome(.unchanged), at: Self.later(700)).isEmpty)
        // Listed again by the 304: its 24 h without an end count from there.
        let chain = try #require(planner.memory.locations["oslo"]?.chains.first)
        #expect(chain.lastListed == Self.later(700))
        #expect(planner.alerts(for: "oslo", at: Self.later(700))?.fetchedAt == Self.later(700))
        // An answer without Last-Modified forgets it; so does a second location joining the feed.
        let third = try #require(planner.startDuePolls(at: Self.later(1400)).first)
        _ = planner.finish(third, AlertPollOutcome(.answered(["oslo": [open]])), at: Self.later(1400))
        #expect(planner.startDuePolls(at: Self.later(2100)).first?.ifModifiedSince == nil)
        var sharing = Self.planner([oslo], memory: planner.memory)
        let fourth = try #require(sharing.startDuePolls(at: Self.later(2800)).first)
        _ = sharing.finish(fourth, AlertPollOutcome(result: .unchanged, lastModified: modified), at: Self.later(2800))
        sharing.configure([
            (oslo, AlertTarget(source: .metno)),
            (
                Location(id: "oslo-2", name: "Oslo 2", latitude: 59.9139, longitude: 10.7522),
                AlertTarget(source: .metno)
            ),
        ]) { $0.rawValue }
        #expect(sharing.startDuePolls(at: Self.later(3500)).first?.ifModifiedSince == nil)
    }

    @Test func oneMeteoAlarmFeedServesEveryLocationOfItsCountry() throws {
        var paris = Location(name: "Paris", latitude: 48.8566, longitude: 2.3522)
        paris.alerts = .meteoalarm(country: "france", code: "FR-75")
        var lyon = Location(name: "Lyon", latitude: 45.764, longitude: 4.8357, countryCode: "FR")
        lyon.alerts = .auto
        var planner = Self.planner([paris, lyon])
        let orders = planner.startDuePolls(at: Self.start)
        #expect(orders.count == 1)
        let feed = try #require(orders.first?.feed)
        #expect(feed.key == "meteoalarm france")
        #expect(feed.members.map(\.locationID) == ["paris", "lyon"])
        #expect(feed.members.map(\.code) == ["FR-75", nil])
    }

    @Test func aRestartWithTheMemoryCostsNoPollAndAnnouncesNothingAgain() throws {
        var planner = Self.planner([Self.newYork])
        let warning = AlertChainSamples.alert("w1", ends: "2026-11-24T18:00:00Z")
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        _ = planner.finish(order, AlertPollOutcome(.answered(["new-york": [warning]])), at: Self.start)
        var restarted = Self.planner([Self.newYork], memory: planner.memory)
        #expect(restarted.startDuePolls(at: Self.later(60)).isEmpty)
        #expect(restarted.advance(to: Self.later(60)).isEmpty)
        #expect(restarted.alerts(for: "new-york", at: Self.later(60))?.items == [warning])
    }

    @Test func aWallClockGoneBackMakesTheFeedDue() throws {
        var planner = Self.planner([Self.newYork])
        let order = try #require(planner.startDuePolls(at: Self.start).first)
        _ = planner.finish(order, AlertPollOutcome(.answered([:])), at: Self.start)
        #expect(planner.startDuePolls(at: Self.later(-86_400)).count == 1)
    }

    @Test func aReloadKeepsWhatStaysAndForgetsTheRest() throws {
        var planner = Self.planner([Self.berlin, Self.newYork])
        for order in planner.startDuePolls(at: Self.start) {
            _ = planner.finish(order, AlertPollOutcome(.answered([:])), at: Self.start)
        }
        var moved = Self.berlin
        moved.alerts = .none
        planner.configure([(moved, nil), (Self.newYork, AlertTarget(source: .nws))]) { $0.rawValue }
        #expect(planner.memory.feeds.keys.sorted() == ["nws 40.7128,-74.006"])
        #expect(planner.alerts(for: "berlin", at: Self.start) == nil)
        #expect(planner.startDuePolls(at: Self.later(10)).isEmpty)
    }
}

/// Which source `auto` picks (docs/alerts.md, "Sources").
@Suite("AlertTarget: the source of a place")
struct AlertTargetTests {
    @Test(
        arguments: [
            ("Berlin", 52.52, 13.41, nil, "dwd"),
            ("London", 51.5074, -0.1278, nil, "meteoalarm united-kingdom"),
            ("New York", 40.7128, -74.006, nil, "nws"),
            ("Tokyo", 35.6895, 139.6917, nil, "none"),
            ("Oslo", 59.9139, 10.7522, nil, "metno"),
            ("Longyearbyen", 78.2232, 15.6267, nil, "metno"),
            ("Anchorage", 61.2181, -149.9003, nil, "nws"),
            ("Stockholm", 59.3293, 18.0686, nil, "none"),
            ("Stockholm", 59.3293, 18.0686, "SE", "meteoalarm sweden"),
            ("San Juan", 18.4655, -66.1057, "PR", "nws"),
            ("Vienna", 48.2082, 16.3738, "AT", "none"),
        ] as [(String, Double, Double, String?, String)]
    )
    func autoPicksTheSourceOfTheCountry(
        name: String,
        latitude: Double,
        longitude: Double,
        code: String?,
        expected: String
    ) {
        let location = Location(name: name, latitude: latitude, longitude: longitude, countryCode: code)
        let target = AlertTarget.choose(.auto, for: location, placeCountryCode: nil)
        let text = target.map { [$0.source.rawValue, $0.country].compactMap { $0 }.joined(separator: " ") } ?? "none"
        #expect(text == expected)
    }

    @Test func theGeocodingAnswerNamesTheCountryOfALocationByName() {
        let paris = Location(name: "Paris", countryCode: nil)
        #expect(AlertTarget.choose(.auto, for: paris, placeCountryCode: nil) == nil)
        #expect(
            AlertTarget.choose(.auto, for: paris, placeCountryCode: "fr")
                == AlertTarget(source: .meteoalarm, country: "france", isAutomatic: true)
        )
    }
}
