import Testing
import WeatherCore

/// The levels of docs/air.md at every breakpoint of both scales: each band's bounds and the value after the
/// upper one, the thresholds of `weatherd air`, and "poor or worse".
@Suite("AirQualityScale")
struct AirQualityLevelTests {
    /// (index, level) at each bound of each band and the first index of the next.
    static let european: [(Int, AirQualityLevel)] = [
        (0, .good), (20, .good), (21, .fair), (40, .fair), (41, .moderate), (60, .moderate), (61, .poor),
        (80, .poor), (81, .veryPoor), (100, .veryPoor), (101, .extremelyPoor), (500, .extremelyPoor),
    ]

    static let us: [(Int, AirQualityLevel)] = [
        (0, .good), (50, .good), (51, .moderate), (100, .moderate), (101, .unhealthyForSensitiveGroups),
        (150, .unhealthyForSensitiveGroups), (151, .unhealthy), (200, .unhealthy), (201, .veryUnhealthy),
        (300, .veryUnhealthy), (301, .hazardous), (500, .hazardous), (501, .hazardous),
    ]

    @Test(arguments: european)
    func europeanBands(index: Int, level: AirQualityLevel) {
        #expect(AirQualityScale.european.level(of: index) == level, "\(index)")
    }

    @Test(arguments: us)
    func usCategories(index: Int, level: AirQualityLevel) {
        #expect(AirQualityScale.us.level(of: index) == level, "\(index)")
    }

    @Test func namesAreTheAgenciesOwn() {
        #expect(
            AirQualityScale.european.levels.map(\.name) == [
                "Good", "Fair", "Moderate", "Poor", "Very poor", "Extremely poor",
            ]
        )
        #expect(
            AirQualityScale.us.levels.map(\.name) == [
                "Good", "Moderate", "Unhealthy for Sensitive Groups", "Unhealthy", "Very Unhealthy", "Hazardous",
            ]
        )
        #expect(AirQualityLevel.unhealthyForSensitiveGroups.rawValue == "unhealthy_for_sensitive_groups")
        #expect(AirQualityLevel.veryPoor.rawValue == "very_poor")
    }

    @Test func poorOrWorseStartsAtPoorAndAtUnhealthyForSensitiveGroups() {
        #expect(AirQualityScale.european.levels.map(\.isPoorOrWorse) == [false, false, false, true, true, true])
        #expect(AirQualityScale.us.levels.map(\.isPoorOrWorse) == [false, false, true, true, true, true])
        #expect(AirQualityScale.european.poorFrom == 61)
        #expect(AirQualityScale.european.veryPoorFrom == 81)
        #expect(AirQualityScale.us.poorFrom == 101)
        #expect(AirQualityScale.us.veryPoorFrom == 151)
        #expect(AirQualityScale.european.level(of: AirQualityScale.european.poorFrom - 1).isPoorOrWorse == false)
        #expect(AirQualityScale.us.level(of: AirQualityScale.us.poorFrom).isPoorOrWorse)
    }

    @Test func lowestIndexOfEachLevel() {
        #expect(AirQualityScale.european.lowestIndex(of: .good) == nil)
        #expect(AirQualityScale.european.lowestIndex(of: .extremelyPoor) == 101)
        #expect(AirQualityScale.european.lowestIndex(of: .hazardous) == nil, "a level of the other scale")
        #expect(AirQualityScale.us.lowestIndex(of: .moderate) == 51)
    }

    @Test func readingOnEachScaleWithTheDrivingPollutant() {
        // PM10 at 130 µg/m³ is poor on the European scale (its band 120–195), where PM2.5 at 12 is fair and
        // NO₂ at 30 moderate; on the US scale PM10 at 130 is moderate and NO₂ at 30 good: PM2.5 at 12 drives.
        let air = AirQuality(
            time: Timestamp(secondsSinceEpoch: 1_795_525_200),
            europeanAQI: 64,
            usAQI: 47,
            pm2_5: 12,
            pm10: 130,
            nitrogenDioxide: 30
        )
        let european = air.reading(on: .european)
        #expect(european == AirQualityReading(scale: .european, index: 64, level: .poor, pollutant: .pm10))
        #expect(air.reading(on: .us) == AirQualityReading(scale: .us, index: 47, level: .good, pollutant: .pm10))
        #expect(AirQuality(time: air.time).reading(on: .european) == nil)
        #expect(AirQuality(time: air.time, europeanAQI: 10).reading(on: .european)?.pollutant == nil)
    }

    /// Each pollutant's index through its bands, at every edge of both scales: the edge is the top of the band
    /// below it (20, 40 … European; 50, 100, 150, 200, 300 US), and past the last edge the slope goes on.
    @Test(arguments: AirQualityScale.allCases)
    func subIndexAtEveryEdge(scale: AirQualityScale) {
        let points: [Double] = scale == .european ? [20, 40, 60, 80, 100] : [50, 100, 150, 200, 300]
        for pollutant in AirPollutant.allCases {
            let edges = pollutant.bandEdges(on: scale)
            #expect(edges.count == 5)
            #expect(pollutant.subIndex(of: 0, on: scale) == 0)
            for (edge, point) in zip(edges, points) {
                let index = pollutant.subIndex(of: edge, on: scale)
                #expect(abs(index - point) < 1e-9, "\(pollutant) \(edge) on \(scale): \(index)")
            }
            #expect(pollutant.subIndex(of: edges[4] * 2, on: scale) > points[4])
        }
    }
}

/// Pollen: a concentration per plant, read by its family's counts (the National Allergy Bureau's scale); 0 is
/// nothing to report, a missing plant is not known.
@Suite("Pollen")
struct PollenTests {
    @Test(
        arguments: [
            (Pollen.Plant.birch, 0.0, nil), (.birch, 0.1, .low), (.birch, 14.9, .low), (.birch, 15, .moderate),
            (.birch, 89.9, .moderate), (.birch, 90, .high), (.birch, 1499, .high), (.birch, 1500, .veryHigh),
            (.grass, 4.9, .low), (.grass, 5, .moderate), (.grass, 20, .high), (.grass, 200, .veryHigh),
            (.ragweed, 9.9, .low), (.ragweed, 10, .moderate), (.mugwort, 50, .high), (.mugwort, 500, .veryHigh),
            (.olive, 15, .moderate), (.alder, .nan, nil),
        ] as [(Pollen.Plant, Double, Pollen.Amount?)]
    )
    func amountByFamily(plant: Pollen.Plant, grains: Double, amount: Pollen.Amount?) {
        #expect(Pollen.amount(grains, of: plant) == amount, "\(plant) \(grains)")
    }

    @Test func highestIsTheHighestWordThenTheMostGrains() {
        // 30 grains of grass are high, 80 of birch only moderate.
        let highest = Pollen.highest([.birch: 80, .grass: 30, .alder: 0])
        #expect(highest?.plant == .grass)
        #expect(highest?.amount == .high)
        #expect(Pollen.highest([.birch: 20, .alder: 40])?.plant == .alder)
        #expect(Pollen.highest([.birch: 0, .grass: 0]) == nil, "0.0 is nothing to report")
        #expect(Pollen.highest([:]) == nil)
        #expect(Pollen.Amount.veryHigh.name == "very high")
    }

    @Test func camsEuropeCoversBerlinAndLondonNotNewYorkOrTokyo() {
        #expect(Pollen.covers(latitude: 52.52, longitude: 13.41))
        #expect(Pollen.covers(latitude: 51.5074, longitude: -0.1278))
        #expect(!Pollen.covers(latitude: 40.7128, longitude: -74.006))
        #expect(!Pollen.covers(latitude: 35.6895, longitude: 139.6917))
        #expect(Pollen.covers(latitude: 30.05, longitude: 44.95))
        #expect(!Pollen.covers(latitude: 30.04, longitude: 0))
        #expect(!Pollen.covers(latitude: 50, longitude: 44.96))
    }

    @Test func theRequestAsksPollenOnlyWhereThereIsAnyAndWeighsItsVariables() {
        let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
        let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)
        #expect(AirQualityRequest(location: berlin).variables == 13)
        #expect(AirQualityRequest(location: berlin).weight == 13)
        #expect(AirQualityRequest(location: tokyo).variables == 7)
        #expect(AirQualityRequest(location: tokyo).weight == 10, "at least one call")
        #expect(!AirQualityRequest(location: tokyo).asksPollen)
    }
}
