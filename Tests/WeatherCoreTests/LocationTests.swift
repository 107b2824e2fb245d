import Testing
import WeatherCore

@Suite("Location")
struct LocationTests {
    @Test(
        "defaultID",
        arguments: [
            ("New York", "new-york"),
            ("  São Paulo!! ", "s-o-paulo"),
            ("Berlin", "berlin"),
            ("A--B", "a-b"),
            ("Frankfurt am Main 2", "frankfurt-am-main-2"),
            ("---", ""),
        ]
    )
    func defaultID(name: String, expected: String) {
        #expect(Location.defaultID(for: name) == expected)
    }

    @Test func initUsesDefaultIDOnlyWhenNoneGiven() {
        #expect(Location(name: "New York", latitude: 40.7128, longitude: -74.006).id == "new-york")
        #expect(Location(id: "nyc", name: "New York", latitude: 40.7128, longitude: -74.006).id == "nyc")
    }
}
