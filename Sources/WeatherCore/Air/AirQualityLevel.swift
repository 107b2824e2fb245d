/// A level of an air quality index, by the names of the scale's own agency (docs/air.md): the EEA's six for
/// the European AQI, the EPA's six categories for the US AQI. `good` and `moderate` are on both. The raw
/// value is the state file's `level` (never translated).
public enum AirQualityLevel: String, Sendable, Hashable, CaseIterable {
    /// European ≤ 20, US ≤ 50.
    case good
    /// European 21–40.
    case fair
    /// European 41–60, US 51–100.
    case moderate
    /// European 61–80.
    case poor
    /// European 81–100.
    case veryPoor = "very_poor"
    /// European 101 and above.
    case extremelyPoor = "extremely_poor"
    /// US 101–150.
    case unhealthyForSensitiveGroups = "unhealthy_for_sensitive_groups"
    /// US 151–200.
    case unhealthy
    /// US 201–300.
    case veryUnhealthy = "very_unhealthy"
    /// US 301 and above.
    case hazardous

    /// The agency's name of the level: `Very poor` (EEA), `Unhealthy for Sensitive Groups` (EPA).
    public var name: String {
        switch self {
        case .good: "Good"
        case .fair: "Fair"
        case .moderate: "Moderate"
        case .poor: "Poor"
        case .veryPoor: "Very poor"
        case .extremelyPoor: "Extremely poor"
        case .unhealthyForSensitiveGroups: "Unhealthy for Sensitive Groups"
        case .unhealthy: "Unhealthy"
        case .veryUnhealthy: "Very Unhealthy"
        case .hazardous: "Hazardous"
        }
    }

    /// Whether the level is poor or worse: European poor, very poor and extremely poor; US unhealthy for
    /// sensitive groups and every category above it.
    public var isPoorOrWorse: Bool {
        switch self {
        case .good, .fair, .moderate: false
        case .poor, .veryPoor, .extremelyPoor, .unhealthyForSensitiveGroups, .unhealthy, .veryUnhealthy, .hazardous:
            true
        }
    }
}
