#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plausible, deterministic air quality for the look-alike: concentrations from a place factor (0 ..< 1, mixed
/// from the coordinates) and the local solar hour, indices worked out from them as Open-Meteo does (each
/// pollutant's sub-index through its bands, the index the largest), UV from the sun's height, pollen inside
/// CAMS Europe only. Places differ enough that the defaults' four locations show different levels.
struct SyntheticAir {
    let latitude: Double
    let longitude: Double
    /// How polluted the place is, 0 ..< 1.
    let place: Double
    let elevation: Double

    init(latitude: Double, longitude: Double) {
        self.latitude = latitude.isFinite ? latitude : 0
        self.longitude = longitude.isFinite ? longitude : 0
        place = Self.fraction(self.latitude, self.longitude, salt: 0)
        elevation = SyntheticWeather(latitude: latitude, longitude: longitude, weatherCode: 0).elevation
    }

    /// The unit string of each variable the look-alike knows (Open-Meteo's, μ being U+03BC); nil for another.
    static func unit(of variable: String) -> String? {
        switch variable {
        case "pm10", "pm2_5", "nitrogen_dioxide", "sulphur_dioxide", "ozone", "carbon_monoxide": "μg/m³"
        case "uv_index", "uv_index_clear_sky": ""
        case "european_aqi": "EAQI"
        case "us_aqi": "USAQI"
        default:
            if variable.hasPrefix("european_aqi_"), europeanBands[String(variable.dropFirst(13))] != nil {
                "EAQI"
            } else if variable.hasPrefix("us_aqi_"), usBands[String(variable.dropFirst(7))] != nil {
                "USAQI"
            } else if variable.hasSuffix("_pollen"), plants[String(variable.dropLast(7))] != nil {
                "grains/m³"
            } else {
                nil
            }
        }
    }

    /// The decimals the API writes: indices whole, concentrations and pollen one, UV two.
    static func decimals(of variable: String) -> Int {
        if variable.contains("aqi") { return 0 }
        return variable.hasPrefix("uv_index") ? 2 : 1
    }

    /// The EEA's 2024 bands: the upper edges of good … very poor, μg/m³ (the sub-index runs 20 points a band).
    static let europeanBands: [String: [Double]] = [
        "pm2_5": [5, 15, 50, 90, 140], "pm10": [15, 45, 120, 195, 270], "nitrogen_dioxide": [10, 25, 60, 100, 150],
        "ozone": [60, 100, 120, 160, 180], "sulphur_dioxide": [20, 40, 125, 190, 275],
    ]
    /// The EPA's breakpoints as μg/m³, upper edges of good … very unhealthy (index 50, 100, 150, 200, 300).
    static let usBands: [String: [Double]] = [
        "pm2_5": [9, 35.4, 55.4, 125.4, 225.4], "pm10": [54, 154, 254, 354, 424],
        "ozone": [106, 137, 167, 206, 392], "nitrogen_dioxide": [100, 188, 677, 1220, 2348],
        "sulphur_dioxide": [92, 197, 485, 797, 1583], "carbon_monoxide": [5040, 10_760, 14_200, 17_630, 34_800],
    ]
    /// Each plant's highest grains/m³ (a plant at 0 out of its area); the value is a share of it.
    static let plants: [String: Double] = [
        "alder": 25, "birch": 200, "grass": 40, "mugwort": 15, "olive": 60, "ragweed": 30,
    ]

    /// CAMS Europe's area, the only one with pollen.
    static func hasPollen(latitude: Double, longitude: Double) -> Bool {
        (30.05...71.95).contains(latitude) && (-24.95...44.95).contains(longitude)
    }

    /// How far CAMS Europe reaches from its run at 00 UTC of `now`'s day: 97 hours.
    static let pollenHorizon = 97 * 3600

    /// `variable` at `time`, answered at `now`; nil where the API answers null.
    func value(_ variable: String, at time: Int, now: Int) -> Double? {
        if variable.hasSuffix("_pollen") {
            let run = now - SyntheticWeather.positiveModulo(now, 86_400)
            guard Self.hasPollen(latitude: latitude, longitude: longitude), time < run + Self.pollenHorizon else {
                return nil
            }
            return pollen(String(variable.dropLast(7)), at: time)
        }
        switch variable {
        case "european_aqi": return Self.europeanBands.keys.map { index($0, on: .european, at: time) }.max()
        case "us_aqi": return Self.usBands.keys.map { index($0, on: .us, at: time) }.max()
        case "uv_index": return uv(at: time)
        case "uv_index_clear_sky": return uv(at: time) * 1.1
        default: break
        }
        if variable.hasPrefix("european_aqi_") { return index(String(variable.dropFirst(13)), on: .european, at: time) }
        if variable.hasPrefix("us_aqi_") { return index(String(variable.dropFirst(7)), on: .us, at: time) }
        return concentration(variable, at: time)
    }

    /// A pollutant's concentration, μg/m³: the place's share of it, higher in the morning and evening traffic.
    func concentration(_ pollutant: String, at time: Int) -> Double {
        let hour = SyntheticWeather.solarHour(utc: time, longitude: longitude)
        let traffic = 0.7 + 0.3 * (cos(2 * Double.pi * (hour - 8) / 12) + 1)
        let fine = 2 + 70 * place * traffic
        switch pollutant {
        case "pm2_5": return fine
        case "pm10": return fine * 1.5 + 3
        case "nitrogen_dioxide": return 4 + 50 * place * traffic
        case "sulphur_dioxide": return 1 + 15 * place
        case "carbon_monoxide": return 120 + 400 * place * traffic
        default: return 30 + 110 * sun(at: time) * (1 - place / 2)  // ozone, made by sunlight
        }
    }

    /// The two scales of the indices.
    enum Scale {
        case european, us
    }

    /// A pollutant's sub-index on `scale`: linear within each band, the last band's slope past it.
    private func index(_ pollutant: String, on scale: Scale, at time: Int) -> Double {
        let bands = scale == .european ? Self.europeanBands : Self.usBands
        let edges = [0] + (bands[pollutant] ?? [1])
        let points: [Double] = scale == .european ? [0, 20, 40, 60, 80, 100] : [0, 50, 100, 150, 200, 300]
        let value = concentration(pollutant, at: time)
        var band = 1
        while band < edges.count - 1, value > edges[band] { band += 1 }
        let share = (value - edges[band - 1]) / (edges[band] - edges[band - 1])
        return (points[band - 1] + share * (points[band] - points[band - 1])).rounded()
    }

    /// The sun's height as a share of noon's, 0 at night (local solar time 06:00–18:00).
    private func sun(at time: Int) -> Double {
        let hour = SyntheticWeather.solarHour(utc: time, longitude: longitude)
        return max(0, sin(Double.pi * (hour - 6) / 12))
    }

    /// The UV index: 9 under a noon sun at the equator, less with the latitude.
    private func uv(at time: Int) -> Double {
        9 * cos(latitude * Double.pi / 180) * sun(at: time)
    }

    /// A plant's grains/m³: its share of the day, 0 for olive north of 45° N and ragweed outside the Danube's
    /// latitudes (nothing to report).
    private func pollen(_ plant: String, at time: Int) -> Double {
        if plant == "olive", latitude >= 45 { return 0 }
        if plant == "ragweed", !(43...50).contains(latitude) { return 0 }
        let day = SyntheticWeather.floorDivision(time, 86_400)
        let salt = (Array(Self.plants.keys).sorted().firstIndex(of: plant) ?? 0) + 1
        return (Self.plants[plant] ?? 0) * Self.fraction(latitude, longitude, salt: salt * 31 + day)
    }

    /// A fraction 0 ..< 1 mixed from a place and a salt, the same on every run.
    private static func fraction(_ latitude: Double, _ longitude: Double, salt: Int) -> Double {
        let lat = Int((latitude * 100).rounded()) % 1_000_003
        let lon = Int((longitude * 100).rounded()) % 1_000_003
        var mixed = UInt64(bitPattern: Int64(lat &* 73_856_093 ^ lon &* 19_349_663 ^ salt &* 83_492_791))
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed ^= mixed >> 33
        return Double(mixed % 1000) / 1000
    }
}
