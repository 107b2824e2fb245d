/// The scale an air quality index is read on (`air_quality.index`, docs/air.md): the European Environment
/// Agency's European AQI or the US Environmental Protection Agency's AQI. The scale of `{aqi}`, the level and
/// the Waybar class; both indices are kept whatever the scale.
public enum AirQualityScale: String, Sendable, Hashable, CaseIterable {
    /// The EEA's European AQI (Open-Meteo's `european_aqi`): 0 to 100 and past it, six levels of 20 points.
    case european
    /// The EPA's AQI (Open-Meteo's `us_aqi`): 0 to 500 and past it, six categories.
    case us

    /// The levels of the scale, best first, each with the lowest index that has it (the first has none:
    /// every index below the second's is the first's). The EEA's bands share their edges and the indices are
    /// whole numbers: an edge belongs to the band below it (20 is good, 21 fair).
    public var bands: [(level: AirQualityLevel, from: Int)] {
        switch self {
        case .european:
            [(.good, .min), (.fair, 21), (.moderate, 41), (.poor, 61), (.veryPoor, 81), (.extremelyPoor, 101)]
        case .us:
            [
                (.good, .min), (.moderate, 51), (.unhealthyForSensitiveGroups, 101), (.unhealthy, 151),
                (.veryUnhealthy, 201), (.hazardous, 301),
            ]
        }
    }

    /// The levels of the scale, best first.
    public var levels: [AirQualityLevel] { bands.map(\.level) }

    /// The level of `index` on this scale.
    public func level(of index: Int) -> AirQualityLevel {
        bands.last { index >= $0.from }?.level ?? .good
    }

    /// The lowest index of `level` on this scale; nil for the first level (it has no lower bound) or a
    /// level of the other scale.
    public func lowestIndex(of level: AirQualityLevel) -> Int? {
        guard let band = bands.dropFirst().first(where: { $0.level == level }) else { return nil }
        return band.from
    }

    /// The lowest index that is "poor or worse" (European: poor, 61; US: unhealthy for sensitive groups, 101):
    /// `weatherd air`'s default warning threshold.
    public var poorFrom: Int { bands[firstPoorBand].from }

    /// The lowest index of the level after the first "poor" one (European: very poor, 81; US: unhealthy,
    /// 151): `weatherd air`'s default critical threshold.
    public var veryPoorFrom: Int { bands[firstPoorBand + 1].from }

    /// Where the first level that is poor or worse stands in ``bands``.
    private var firstPoorBand: Int {
        bands.firstIndex { $0.level.isPoorOrWorse } ?? bands.count - 2
    }

    /// The index of `air` on this scale, if the answer had it.
    public func index(of air: AirQuality) -> Int? {
        switch self {
        case .european: air.europeanAQI
        case .us: air.usAQI
        }
    }
}
