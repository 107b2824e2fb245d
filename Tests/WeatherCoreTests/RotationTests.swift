import Testing
import WeatherCore

@Suite("Rotation")
struct RotationTests {
    private static let cities = [
        Location(name: "Berlin", latitude: 52.52, longitude: 13.41),
        Location(name: "London", latitude: 51.5074, longitude: -0.1278),
        Location(name: "New York", latitude: 40.7128, longitude: -74.006),
        Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917),
    ]

    @Test("tick k shows location k mod N", arguments: 1...4)
    func tickModN(count: Int) {
        let locations = Array(Self.cities.prefix(count))
        let rotation = Rotation(locations: locations)
        for tick in 0..<(3 * count) {
            #expect(rotation.index(forTick: tick) == tick % count)
            #expect(rotation.location(forTick: tick) == locations[tick % count])
        }
    }

    @Test func visitsLocationsInConfigurationOrder() {
        let rotation = Rotation(locations: Self.cities)
        let ids = (0..<8).compactMap { rotation.location(forTick: $0)?.id }
        #expect(ids == ["berlin", "london", "new-york", "tokyo", "berlin", "london", "new-york", "tokyo"])
    }

    @Test func emptyRotationShowsNothing() {
        let rotation = Rotation(locations: [])
        #expect(rotation.index(forTick: 0) == nil)
        #expect(rotation.location(forTick: 7) == nil)
    }
}
