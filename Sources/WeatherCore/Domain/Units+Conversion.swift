/// Conversions from the metric values a source sends (MET Norway answers in metric units only) to the
/// configured units.
extension TemperatureUnit {
    /// `celsius` in this unit.
    public func value(celsius: Double) -> Double { self == .celsius ? celsius : celsius * 9 / 5 + 32 }
}

extension WindSpeedUnit {
    /// One of this unit in metres per second: 1/3.6 (km/h), 1, 0.44704 (mph), 1852/3600 (kn).
    public var metresPerSecond: Double {
        switch self {
        case .kmh: 1 / 3.6
        case .ms: 1
        case .mph: 0.44704
        case .kn: 1852 / 3600
        }
    }

    /// `metresPerSecond` in this unit.
    public func value(metresPerSecond speed: Double) -> Double { speed / metresPerSecond }
}

extension PrecipitationUnit {
    /// One of this unit in millimetres: 1, or 25.4 (inch).
    public var millimetres: Double { self == .mm ? 1 : 25.4 }

    /// `millimetres` in this unit.
    public func value(millimetres amount: Double) -> Double { amount / millimetres }
}
