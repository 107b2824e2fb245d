import Foundation
import StateStore
import Testing
import WeatherCore
import WeatherDaemon
import WeatherTestSupport

/// Locations configured by name only: resolved through the geocoder at their first tick, cached in
/// `geocoding.json` beside the state file, never asked again.
@Suite("WeatherService: locations by name")
struct WeatherServiceGeocodingTests {
    static let paris = Location(name: "Paris", countryCode: "FR")
    static let parisPlace = Place(
        name: "Paris",
        latitude: 48.85341,
        longitude: 2.3488,
        countryCode: "FR",
        country: "France"
    )

    @Test func aNameIsResolvedOnceAndCached() async throws {
        let geocoder = ScriptedGeocoder(["Paris": Self.parisPlace])
        let h = ServiceHarness(locations: [ServiceHarness.berlin, Self.paris], geocoder: geocoder)
        await h.start()
        var state = try h.readState()
        #expect(state.locations[1].location.hasCoordinates == false)
        let json = try h.readStateJSON()
        let parisBefore = try #require((json["locations"] as? [[String: Any]])?.last)
        #expect(parisBefore["latitude"] is NSNull)
        #expect(parisBefore["longitude"] is NSNull)

        await h.tick()  // Berlin
        await h.advanceAndTick()  // Paris: geocoding, then the forecast
        #expect(geocoder.queries == ["Paris|FR"])
        #expect(h.provider.calls == ["berlin", "paris"])
        state = try h.readState()
        let paris = state.locations[1]
        #expect(paris.status == .ok)
        #expect(paris.location.latitude == 48.85341)
        #expect(paris.location.longitude == 2.3488)
        #expect(paris.location.hasCoordinates)

        let resolved = try #require(h.log.entries.first { $0.message.hasPrefix("Paris resolved to") })
        #expect(resolved.level == .notice)
        #expect(resolved.message == "Paris resolved to 48.85341, 2.3488 (Paris, France)")
        let weather = try #require(h.log.entries(messageID: MessageID.weather).last)
        #expect(weather["weather.location"] == "paris")
        #expect(weather["weather.latitude"] == "48.85341")
        #expect(weather["weather.longitude"] == "2.3488")

        let cache = try String(contentsOfFile: h.directory.file("geocoding.json"), encoding: .utf8)
        #expect(cache.contains("\"query\":\"Paris\""))
        #expect(cache.contains("\"country_filter\":\"FR\""))

        // Later rotations use the coordinates without asking again.
        await h.advanceAndTick()
        await h.advanceAndTick()
        #expect(geocoder.queries == ["Paris|FR"])
        #expect(h.provider.calls == ["berlin", "paris", "berlin", "paris"])
    }

    @Test func aRestartUsesTheCache() async throws {
        let directory = TemporaryDirectory("weatherd-geocoding")
        do {
            let geocoder = ScriptedGeocoder(["Paris": Self.parisPlace])
            let first = ServiceHarness(locations: [Self.paris], directory: directory, geocoder: geocoder)
            await first.start()
            await first.tick()
            await first.stop()
            #expect(geocoder.queries.count == 1)
        }
        let geocoder = ScriptedGeocoder()
        let second = ServiceHarness(locations: [Self.paris], directory: directory, geocoder: geocoder)
        await second.start()
        let state = try second.readState()
        #expect(state.locations.first?.location.latitude == 48.85341)
        #expect(state.locations.first?.status == .ok)
        await second.tick()
        #expect(geocoder.queries.isEmpty)
        #expect(second.provider.calls == ["paris"])
        #expect(try second.readState().locations.first?.status == .ok)
    }

    @Test func anUnknownNameFailsAndIsRetriedLater() async throws {
        let geocoder = ScriptedGeocoder()
        let h = ServiceHarness(locations: [Location(name: "Atlantis", countryCode: nil)], geocoder: geocoder)
        await h.start()
        await h.tick()
        #expect(h.provider.calls.isEmpty)
        let failure = try #require(h.log.entries(messageID: MessageID.fetchFailed).first)
        #expect(failure.level == .warning)
        #expect(failure.message == "Atlantis: fetch failed: no place named \"Atlantis\"")
        #expect(failure["weather.error_kind"] == "not_found")
        #expect(failure["weather.latitude"] == nil)
        #expect(failure["weather.longitude"] == nil)
        let state = try h.readState()
        #expect(state.locations.first?.status == .error)
        #expect(state.locations.first?.lastError?.kind == .notFound)
        #expect(state.daemon.backoffUntil == nil)

        await h.advanceAndTick()
        #expect(geocoder.queries == ["Atlantis|", "Atlantis|"])
    }

    @Test func aGeocodingOutageIsRetriedAtTheNextTick() async throws {
        let geocoder = ScriptedGeocoder(["Paris": Self.parisPlace])
        geocoder.fail("Paris", FetchError(kind: .timeout, message: "timed out after 5 s"))
        let h = ServiceHarness(locations: [Self.paris], geocoder: geocoder)
        await h.start()
        await h.tick()
        #expect(try h.readState().locations.first?.lastError?.kind == .timeout)
        await h.advanceAndTick()
        #expect(geocoder.queries == ["Paris|FR", "Paris|FR"])
        #expect(try h.readState().locations.first?.status == .ok)
    }

    @Test func withoutAGeocoderANameOnlyLocationFails() async throws {
        let h = ServiceHarness(locations: [ServiceHarness.berlin, Self.paris])
        await h.start()
        await h.tick()
        await h.advanceAndTick()
        #expect(h.provider.calls == ["berlin"])
        let failure = try #require(h.log.entries(messageID: MessageID.fetchFailed).first)
        #expect(failure.message == "Paris: fetch failed: \"Paris\" has no coordinates and no geocoder")
        #expect(failure["weather.error_kind"] == "not_found")
    }
}
