import Testing
import WeatherConfiguration
import WeatherCore
import WeatherTestSupport

@testable import WeatherDaemon

/// Locations configured by name only: resolved at their first fetch, the place kept in the geocoding
/// cache, never asked again.
@Suite("Loop table: locations by name")
struct LoopTableGeocodingTests {
    static let paris = Location(name: "Paris", countryCode: "FR")
    static let parisPlace = Place(
        name: "Paris",
        latitude: 48.85341,
        longitude: 2.3488,
        countryCode: "FR",
        country: "France"
    )

    @Test func aNameIsResolvedOnceSavedAndUsedAfter() throws {
        var driver = LoopDriver(locations: [LoopDriver.berlin, Self.paris])
        driver.places = ["Paris": Self.parisPlace]
        driver.start()
        #expect(driver.published?.locations[1].location.hasCoordinates == false)
        driver.tick()
        let effects = driver.advanceAndTick()
        #expect(driver.geocoded == ["Paris"])
        #expect(LoopDriver.summaries(effects).contains("write places"))
        let resolved = try #require(LoopDriver.entries(in: effects).first { $0.message.hasPrefix("Paris resolved to") })
        #expect(resolved.level == .notice)
        #expect(resolved.message == "Paris resolved to 48.85341, 2.3488 (Paris, France)")
        let weather = try #require(LoopDriver.entries(in: effects).last { $0["message_id"] == MessageID.weather })
        #expect(weather["weather.latitude"] == "48.85341")
        let paris = try #require(driver.published?.locations[1])
        #expect(paris.status == .ok)
        #expect(paris.location.longitude == 2.3488)
        driver.advanceAndTick()
        driver.advanceAndTick()
        #expect(driver.geocoded == ["Paris"])
        #expect(driver.fetches.map(\.geocode) == [false, true, false, false])
    }

    @Test func anUnknownNameFailsWithoutCoordinatesAndIsRetriedLater() throws {
        var driver = LoopDriver(locations: [Location(name: "Atlantis", countryCode: nil)])
        driver.start()
        let failure = try #require(
            LoopDriver.entries(in: driver.tick()).first { $0["message_id"] == MessageID.fetchFailed }
        )
        #expect(failure.message == "Atlantis: fetch failed: no place named \"Atlantis\"")
        #expect(failure["weather.error_kind"] == "not_found")
        #expect(failure["weather.latitude"] == nil)
        #expect(driver.published?.locations.first?.status == .error)
        // The geocoding request alone was counted, not a forecast.
        #expect(driver.published?.daemon.requests == 1)
        driver.places = ["Atlantis": Place(name: "Atlantis", latitude: 1, longitude: 2)]
        for _ in 0..<8 { driver.advanceAndTick() }
        #expect(driver.geocoded.count == 2)
        #expect(driver.published?.locations.first?.status == .ok)
    }

    /// A place saved while the geocoding cache is written waits for it, the newest one only.
    @Test func placesFoundWhileTheCacheIsWrittenWaitForIt() {
        let lyon = Location(name: "Lyon", countryCode: "FR")
        var driver = LoopDriver(locations: [Self.paris, lyon])
        driver.places = ["Paris": Self.parisPlace, "Lyon": Place(name: "Lyon", latitude: 45.76, longitude: 4.84)]
        driver.start()
        driver.holdWrites = true
        driver.tick()
        driver.advanceAndTick()
        #expect(driver.heldWrites.filter { $0 == .places }.count == 1)
        #expect(LoopDriver.summaries(driver.endWrites()).filter { $0 == "write places" }.count == 1)
    }
}
