/// Pollen in the air, as Open-Meteo forecasts it from CAMS Europe (docs/air.md): a concentration in
/// grains/m³ per plant, not an index. Only CAMS Europe carries pollen, inside ``Pollen/covers(latitude:longitude:)``
/// and for its first 4 days; elsewhere the API answers null, which weatherd keeps as absent, never 0.
public enum Pollen {
    /// A plant whose pollen Open-Meteo forecasts (`<plant>_pollen`); the raw value is the state file's key.
    public enum Plant: String, Sendable, Hashable, CaseIterable {
        /// Alder (a tree).
        case alder
        /// Birch (a tree).
        case birch
        /// Grasses.
        case grass
        /// Mugwort (a weed).
        case mugwort
        /// Olive (a tree).
        case olive
        /// Ragweed (a weed).
        case ragweed

        /// Its name for people: `Birch`.
        public var name: String {
            switch self {
            case .alder: "Alder"
            case .birch: "Birch"
            case .grass: "Grass"
            case .mugwort: "Mugwort"
            case .olive: "Olive"
            case .ragweed: "Ragweed"
            }
        }

        /// The family whose grain counts ``Pollen/Amount`` reads it by.
        public var family: Family {
            switch self {
            case .alder, .birch, .olive: .tree
            case .grass: .grass
            case .mugwort, .ragweed: .weed
            }
        }
    }

    /// The plant families of the pollen count scale.
    public enum Family: Sendable, Hashable {
        /// Trees: alder, birch, olive.
        case tree
        /// Grasses.
        case grass
        /// Weeds: mugwort, ragweed.
        case weed

        /// The lowest grains/m³ of moderate, high and very high, from the pollen count scale of the
        /// National Allergy Bureau (American Academy of Allergy, Asthma & Immunology): trees 1–14 low,
        /// 15–89 moderate, 90–1,499 high, 1,500 and more very high; grasses 1–4, 5–19, 20–199, 200; weeds
        /// 1–9, 10–49, 50–499, 500. Its counts are whole grains; a model's fraction below the moderate
        /// bound is low.
        public var bounds: (moderate: Double, high: Double, veryHigh: Double) {
            switch self {
            case .tree: (15, 90, 1500)
            case .grass: (5, 20, 200)
            case .weed: (10, 50, 500)
            }
        }
    }

    /// A word for an amount of pollen, by the pollen count scale of ``Family/bounds``.
    public enum Amount: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Only the most sensitive notice it.
        case low
        /// Many who are sensitive notice it.
        case moderate
        /// Most who are sensitive notice it.
        case high
        /// Nearly everyone who is sensitive notices it.
        case veryHigh = "very_high"

        /// The word for people: `very high`.
        public var name: String {
            self == .veryHigh ? "very high" : rawValue
        }

        /// From low to very high.
        public static func < (lhs: Amount, rhs: Amount) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The word for `grains` grains/m³ of `plant`'s pollen; nil for none (0, "nothing to report", as the
    /// API answers out of season) or a value that is not a concentration.
    public static func amount(_ grains: Double, of plant: Plant) -> Amount? {
        guard grains.isFinite, grains > 0 else { return nil }
        let bounds = plant.family.bounds
        if grains >= bounds.veryHigh { return .veryHigh }
        if grains >= bounds.high { return .high }
        if grains >= bounds.moderate { return .moderate }
        return .low
    }

    /// The plant to report of `pollen`: the one whose amount has the highest word, then the most grains, then
    /// the first in ``Plant/allCases``; nil when every plant is absent or at 0 (nothing to report).
    public static func highest(
        _ pollen: [Plant: Double]
    ) -> (plant: Plant, grains: Double, amount: Amount)? {
        var best: (plant: Plant, grains: Double, amount: Amount)?
        for plant in Plant.allCases {
            guard let grains = pollen[plant], let amount = amount(grains, of: plant) else { continue }
            if let current = best, (current.amount, current.grains) >= (amount, grains) { continue }
            best = (plant, grains, amount)
        }
        return best
    }

    /// Whether CAMS Europe, the only model with pollen, covers the point: 30.05–71.95° N, 24.95° W–44.95° E
    /// (Berlin and London inside, New York and Tokyo outside).
    public static func covers(latitude: Double, longitude: Double) -> Bool {
        (30.05...71.95).contains(latitude) && (-24.95...44.95).contains(longitude)
    }
}
