import StateStore
import Testing
import WeatherCore
import WeatherDisplay

/// A bar's reader decodes the forecast blocks of the locations it shows only (the blocks are most of the
/// cost of reading the file): what it prints must not change by that.
@Suite("Forecast selection")
struct ForecastSelectionTests {
    /// Three locations, each with Berlin's hours, days and nowcast.
    private func bytes() -> [UInt8] {
        var snapshot = Fixture.snapshot()
        var paris = snapshot.locations[1]
        paris.location = Location(id: "paris", name: "Paris", latitude: 48.85, longitude: 2.35)
        snapshot.locations.append(paris)
        for index in snapshot.locations.indices { snapshot.locations[index].forecast = snapshot.locations[0].forecast }
        return StateEncoder.encodedBytes(snapshot)
    }

    @Test(
        arguments: [
            (nil, nil), ("london", nil), (nil, "paris"), ("berlin", "london"), ("paris", "paris"),
        ] as [(String?, String?)]
    )
    func waybarPrintsTheSameFromTheSelectedBlocks(focus: String?, pinned: String?) throws {
        let full = try StateDecoder.decode(bytes())
        let selection = StatusReport.forecasts(format: .waybar, location: focus, tooltipLocation: pinned)
        let selected = try StateDecoder.decode(bytes(), forecasts: selection)
        func render(_ snapshot: StateSnapshot) -> String {
            Waybar.render(snapshot, focus: focus, health: .ok, now: Fixture.now, tooltipLocation: pinned)
        }
        #expect(render(selected) == render(full))
        let decoded = Set(selected.locations.filter { $0.forecast != nil }.map(\.location.id))
        let shown = Set([focus ?? "berlin", pinned].compactMap { $0 })
        #expect(decoded == shown)
    }

    @Test func theOtherFormatsDecodeEveryLocationsBlocks() throws {
        for format in StatusFormat.allCases where format != .waybar {
            let selection = StatusReport.forecasts(format: format, location: "london", tooltipLocation: nil)
            let selected = try StateDecoder.decode(bytes(), forecasts: selection)
            #expect(selected.locations.allSatisfy { $0.forecast != nil }, "\(format)")
        }
    }

    /// The blocks of the location a reader shows, and no other's: the current one, or the first when there
    /// is no current location or it names none of the entries.
    @Test(
        arguments: [
            (nil, [true, false, false]), ("london", [false, true, false]), ("paris", [false, false, true]),
            ("gone", [true, false, false]),
        ] as [(String?, [Bool])]
    )
    func theShownLocationsBlocksAloneAreDecoded(current: String?, decoded: [Bool]) throws {
        var snapshot = try StateDecoder.decode(bytes())
        snapshot.currentLocation = current
        let selected = try StateDecoder.decode(
            StateEncoder.encodedBytes(snapshot),
            forecasts: .only([], current: true)
        )
        #expect(selected.locations.map { $0.forecast != nil } == decoded)
    }
}
