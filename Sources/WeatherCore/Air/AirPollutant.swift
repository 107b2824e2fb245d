/// A pollutant weatherd reads the concentration of. The raw value is Open-Meteo's variable name and the
/// state file's (`pm2_5`, `nitrogen_dioxide`).
public enum AirPollutant: String, Sendable, Hashable, CaseIterable {
    /// Particulate matter under 2.5 µm.
    case pm2_5
    /// Particulate matter under 10 µm.
    case pm10
    /// Ozone (O₃).
    case ozone
    /// Nitrogen dioxide (NO₂).
    case nitrogenDioxide = "nitrogen_dioxide"

    /// How people write it: `PM2.5`, `NO₂`.
    public var name: String {
        switch self {
        case .pm2_5: "PM2.5"
        case .pm10: "PM10"
        case .ozone: "O₃"
        case .nitrogenDioxide: "NO₂"
        }
    }

    /// The upper edges, µg/m³, of the scale's bands below its last for this pollutant: the EEA's 2024 bands
    /// (good … very poor) and the EPA's breakpoints (good … very unhealthy) converted to µg/m³ at 25 °C
    /// (ozone 1.96 and nitrogen dioxide 1.88 µg/m³ a ppb).
    public func bandEdges(on scale: AirQualityScale) -> [Double] {
        switch (scale, self) {
        case (.european, .pm2_5): [5, 15, 50, 90, 140]
        case (.european, .pm10): [15, 45, 120, 195, 270]
        case (.european, .nitrogenDioxide): [10, 25, 60, 100, 150]
        case (.european, .ozone): [60, 100, 120, 160, 180]
        case (.us, .pm2_5): [9, 35.4, 55.4, 125.4, 225.4]
        case (.us, .pm10): [54, 154, 254, 354, 424]
        case (.us, .ozone): [106, 137, 167, 206, 392]
        case (.us, .nitrogenDioxide): [100, 188, 677, 1220, 2348]
        }
    }

    /// This pollutant's own index on `scale` at `concentration` µg/m³: linear within each band (20 points a
    /// band on the European scale; 50, 50, 50, 50 and 100 on the US one), the last band's slope past it.
    public func subIndex(of concentration: Double, on scale: AirQualityScale) -> Double {
        let edges = [0] + bandEdges(on: scale)
        let points: [Double] = scale == .european ? [0, 20, 40, 60, 80, 100] : [0, 50, 100, 150, 200, 300]
        var band = 1
        while band < edges.count - 1, concentration > edges[band] { band += 1 }
        let share = (concentration - edges[band - 1]) / (edges[band] - edges[band - 1])
        return points[band - 1] + share * (points[band] - points[band - 1])
    }
}
