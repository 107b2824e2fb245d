#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plausible, deterministic weather values (in metric units) derived from a place and a WMO code, and the
/// forecast blocks' values derived from a place and a time (see ``nowcastMillimetres(latitude:longitude:at:)``).
public struct SyntheticWeather {
    let temperatureCelsius: Double
    let apparentCelsius: Double
    let relativeHumidity: Int
    let precipitationMillimetres: Double
    let cloudCover: Int
    let windSpeedKmh: Double
    let windGustsKmh: Double
    let windDirection: Int
    let elevation: Double

    init(latitude: Double, longitude: Double, weatherCode: Int) {
        let lat = latitude.isFinite ? latitude : 0
        let lon = longitude.isFinite ? longitude : 0
        temperatureCelsius = 30 - abs(lat) / 3
        apparentCelsius = temperatureCelsius - 3.3
        relativeHumidity = 40 + Int(abs(lat * 7 + lon * 3)) % 60
        precipitationMillimetres = Self.precipitation(for: weatherCode)
        cloudCover = Self.cloudCover(for: weatherCode)
        windSpeedKmh = 5 + abs(lon).truncatingRemainder(dividingBy: 25)
        windGustsKmh = windSpeedKmh * 1.8
        windDirection = Int(abs(lat * 10 + lon * 10)) % 360
        elevation = Double(Int(abs(lat * lon)) % 400)
    }

    private static func precipitation(for code: Int) -> Double {
        switch code {
        case 51...57: 0.2
        case 61...67, 80...82: 1.2
        case 71...77, 85, 86: 0.6
        case 95...99: 3.4
        default: 0.0
        }
    }

    private static func cloudCover(for code: Int) -> Int {
        switch code {
        case 0: 0
        case 1: 20
        case 2: 55
        default: 100
        }
    }

    // MARK: - The rain rule of the forecast blocks

    /// The rain pattern's period: 12 quarter hours (3 hours), so that every 3-hour UTC window holds 90 minutes
    /// of rain and 90 dry minutes.
    public static let rainPeriodQuarters = 12

    /// How many of the period's quarter hours are wet: the last 6 of it, after 6 dry ones.
    public static let wetQuarters = 6

    /// The precipitation (mm) of the wet quarter hours of a period, in order: every one at least 0.2 mm, so wet
    /// (≥ 0.1 mm) in either unit; 2 mm a period, 16 mm a day.
    static let wetAmounts = [0.2, 0.3, 0.5, 0.5, 0.3, 0.2]

    /// Where a place's rain pattern starts, in quarter hours (0 ..< 12) after each 3-hour UTC window's start.
    public static func rainPhase(latitude: Double, longitude: Double) -> Int {
        let lat = latitude.isFinite ? Int((latitude * 100).rounded()) : 0
        let lon = longitude.isFinite ? Int((longitude * 100).rounded()) : 0
        let mixed = (lat % 1_000_003) &* 7 &+ (lon % 1_000_003) &* 13
        return positiveModulo(mixed, rainPeriodQuarters)
    }

    /// The precipitation in mm of the 15 minutes ending at `time` (epoch seconds, rounded down to a quarter
    /// hour), as `minutely_15.precipitation` sends it for the place (before unit conversion).
    ///
    /// The rule: the quarter hour that starts at `s` is wet when `(s / 900 - phase) mod 12 >= 6`, with
    /// `phase` = ``rainPhase(latitude:longitude:)``, i.e. 90 minutes dry then 90 minutes wet in every 3 hours;
    /// a wet quarter hour brings 0.2, 0.3, 0.5, 0.5, 0.3 then 0.2 mm; a dry one 0.
    public static func nowcastMillimetres(latitude: Double, longitude: Double, at time: Int) -> Double {
        let quarter = floorDivision(time, 900) - 1  // the quarter hour ending at `time` starts one step earlier
        let position = positiveModulo(quarter - rainPhase(latitude: latitude, longitude: longitude), rainPeriodQuarters)
        let wet = position - (rainPeriodQuarters - wetQuarters)
        return wet >= 0 ? wetAmounts[wet] : 0
    }

    /// The precipitation in mm of the hour ending at `time` (rounded down to a full hour), as `hourly.precipitation`
    /// sends it: the sum of the four quarter hours of ``nowcastMillimetres(latitude:longitude:at:)``.
    public static func hourMillimetres(latitude: Double, longitude: Double, at time: Int) -> Double {
        let hour = floorDivision(time, 3600) * 3600
        let sum = (0..<4).reduce(0.0) { sum, step in
            sum + nowcastMillimetres(latitude: latitude, longitude: longitude, at: hour - step * 900)
        }
        return (sum * 100).rounded() / 100
    }

    /// The temperature in °C at `time`: the current temperature's place value plus a daily swing by local solar
    /// time, from 3 °C below it (03:00) to 4 °C above (15:00), as the daily low and high say.
    func temperatureCelsius(at time: Int, longitude: Double) -> Double {
        let hour = Self.solarHour(utc: time, longitude: longitude)
        return temperatureCelsius + 0.5 + 3.5 * sin(2 * Double.pi * (hour - 9) / 24)
    }

    /// The weather code of a step whose precipitation is `millimetres` in `hours` hours (0.25 for a quarter hour):
    /// the current code's precipitation kind when it has one (drizzle, snow, showers, thunderstorm), else rain,
    /// moderate from 1 mm an hour; dry: the current code when it is not a precipitation code, else overcast.
    static func code(current: Int, millimetres: Double, hours: Double) -> Int {
        let wet = millimetres >= 0.1
        let precipitating = current >= 51
        switch (wet, precipitating) {
        case (true, true): return current
        case (true, false): return millimetres / hours >= 1 ? 63 : 61
        case (false, true): return 3
        case (false, false): return current
        }
    }

    /// The local solar hour (0 ..< 24) at `utc` for a longitude.
    static func solarHour(utc: Int, longitude: Double) -> Double {
        let hour = Double(positiveModulo(utc, 86_400)) / 3600 + (longitude.isFinite ? longitude : 0) / 15
        return (hour.truncatingRemainder(dividingBy: 24) + 24).truncatingRemainder(dividingBy: 24)
    }

    /// Daytime by local solar time: 06:00 to 18:00 at the longitude.
    static func isDay(utc: Int, longitude: Double) -> Bool {
        (6..<18).contains(solarHour(utc: utc, longitude: longitude))
    }

    static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    static func positiveModulo(_ value: Int, _ divisor: Int) -> Int {
        ((value % divisor) + divisor) % divisor
    }
}
