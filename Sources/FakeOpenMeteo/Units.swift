/// The units Open-Meteo can convert to, each known by its query name and by the symbol in `current_units`.
enum TemperatureUnit: String, CaseIterable {
    case celsius, fahrenheit

    /// Accepts the query name (`fahrenheit`) or the unit symbol (`°F`).
    init?(nameOrSymbol: String) {
        guard let unit = Self.allCases.first(where: { $0.rawValue == nameOrSymbol || $0.symbol == nameOrSymbol })
        else { return nil }
        self = unit
    }

    /// The symbol Open-Meteo writes in `current_units`.
    var symbol: String { self == .celsius ? "°C" : "°F" }

    /// Converts a Celsius value to this unit.
    func convert(celsius: Double) -> Double { self == .celsius ? celsius : celsius * 9 / 5 + 32 }
}

/// Wind speed units: query names `kmh`, `ms`, `mph`, `kn`.
enum WindSpeedUnit: String, CaseIterable {
    case kmh, ms, mph, kn

    /// Accepts the query name (`mph`) or the unit symbol (`mp/h`).
    init?(nameOrSymbol: String) {
        guard let unit = Self.allCases.first(where: { $0.rawValue == nameOrSymbol || $0.symbol == nameOrSymbol })
        else { return nil }
        self = unit
    }

    /// The symbol Open-Meteo writes in `current_units` (`mp/h` is Open-Meteo's own spelling).
    var symbol: String {
        switch self {
        case .kmh: "km/h"
        case .ms: "m/s"
        case .mph: "mp/h"
        case .kn: "kn"
        }
    }

    /// Converts a km/h value to this unit.
    func convert(kmh: Double) -> Double {
        switch self {
        case .kmh: kmh
        case .ms: kmh / 3.6
        case .mph: kmh / 1.609344
        case .kn: kmh / 1.852
        }
    }
}

/// Precipitation units: query names `mm`, `inch`.
enum PrecipitationUnit: String, CaseIterable {
    case mm, inch

    /// Accepts the query name, which is also the unit symbol.
    init?(nameOrSymbol: String) {
        self.init(rawValue: nameOrSymbol)
    }

    /// The symbol Open-Meteo writes in `current_units`.
    var symbol: String { rawValue }

    /// Converts a millimetre value to this unit.
    func convert(millimetres: Double) -> Double { self == .mm ? millimetres : millimetres / 25.4 }

    /// How many decimals Open-Meteo writes for this unit (`0.20` mm, `0.008` inch).
    var decimals: Int { self == .mm ? 2 : 3 }
}
