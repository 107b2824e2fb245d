#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WeatherCore

/// Turns an air quality response body into WeatherCore's ``AirQualityAnswer`` (docs/air.md): tolerant of
/// unknown fields and of `null` (→ absent, never 0: pollen outside CAMS Europe); strict about JSON, the
/// units (compared byte for byte: `μg/m³` is written with U+03BC GREEK SMALL LETTER MU, and the look-alike
/// U+00B5 MICRO SIGN is another API's) and plausibility. Every failure is `invalid_response`, as for the
/// forecast; a bad hourly UV block is dropped alone, with its sentence.
public enum AirQualityDecoder {
    /// The unit each variable must come in, by the rules of the API's units block.
    static func expectedUnit(of variable: String) -> String? {
        switch variable {
        case "time": return "unixtime"
        case "interval": return "seconds"
        case "uv_index": return ""
        case "pm2_5", "pm10", "ozone", "nitrogen_dioxide": return "μg/m³"
        default:
            if variable.hasPrefix("european_aqi") { return "EAQI" }
            if variable.hasPrefix("us_aqi") { return "USAQI" }
            if variable.hasSuffix("_pollen") { return "grains/m³" }
            return nil
        }
    }

    /// Decodes `body`.
    public static func decode(_ body: some Collection<UInt8>) throws(FetchError) -> AirQualityAnswer {
        let dto: AirQualityResponseDTO
        do {
            dto = try JSONDecoder().decode(AirQualityResponseDTO.self, from: Data(body))
        } catch let error as DecodingError {
            throw ForecastDecoder.invalid(ForecastDecoder.describe(error, body: body))
        } catch {
            throw ForecastDecoder.invalid("not JSON or truncated")
        }
        guard let current = dto.current?.values else { throw ForecastDecoder.invalid("missing `current`") }
        guard let time = current["time"], time.isFinite, abs(time) < 1e11 else {
            throw ForecastDecoder.invalid("missing or invalid `current.time`")
        }
        if let offset = dto.utc_offset_seconds, abs(offset) > ForecastDecoder.utcOffsetLimit {
            throw ForecastDecoder.invalid("`utc_offset_seconds` is \(offset)")
        }
        try checkUnits(dto.current_units, section: "current_units")
        try checkUnits(dto.hourly_units, section: "hourly_units")
        let values = Values(current: current)
        var air = AirQuality(
            time: Timestamp(secondsSinceEpoch: time),
            europeanAQI: try values.index("european_aqi"),
            usAQI: try values.index("us_aqi"),
            pm2_5: try values.number("pm2_5", PlausibleRange.microgramsPerCubicMetre),
            pm10: try values.number("pm10", PlausibleRange.microgramsPerCubicMetre),
            ozone: try values.number("ozone", PlausibleRange.microgramsPerCubicMetre),
            nitrogenDioxide: try values.number("nitrogen_dioxide", PlausibleRange.microgramsPerCubicMetre)
        )
        for plant in Pollen.Plant.allCases {
            let variable = AirQualityEndpoint.pollenVariable(plant)
            air.pollen[plant] = try values.number(variable, PlausibleRange.pollenGrainsPerCubicMetre)
        }
        var dropped: [String] = []
        let uv = dayUV(dto.hourly, at: air.time, utcOffsetSeconds: dto.utc_offset_seconds, &dropped)
        // A `current.uv_index` (not asked for) is taken when sent; else the hour's own.
        air.uvIndex = try values.number("uv_index", PlausibleRange.uvIndex) ?? uv.now
        air.uvIndexMax = uv.maximum
        return AirQualityAnswer(
            airQuality: air,
            dataInterval: try ForecastDecoder.dataInterval(current["interval"]),
            droppedBlocks: dropped
        )
    }

    /// `current`'s values, checked as they are read.
    private struct Values {
        var current: [String: Double]

        /// A whole, plausible index; nil when absent.
        func index(_ variable: String) throws(FetchError) -> Int? {
            guard let value = try number(variable, PlausibleRange.airQualityIndex) else { return nil }
            guard value == value.rounded() else {
                throw ForecastDecoder.invalid("`\(variable)` is not a whole number: \(value)")
            }
            return Int(value)
        }

        /// A value within `range`; nil when absent.
        func number(_ variable: String, _ range: ClosedRange<Double>) throws(FetchError) -> Double? {
            guard let value = current[variable] else { return nil }
            guard value.isFinite, range.contains(value) else {
                throw ForecastDecoder.invalid("implausible `\(variable)`: \(value)")
            }
            return value
        }
    }

    /// Each unit sent for a variable weatherd reads, compared byte for byte with the one expected.
    private static func checkUnits(_ units: AirQualityResponseDTO.UnitsDTO?, section: String) throws(FetchError) {
        for (variable, unit) in units?.units ?? [:] {
            guard let expected = expectedUnit(of: variable), !unit.utf8.elementsEqual(expected.utf8) else { continue }
            throw ForecastDecoder.invalid(
                "`\(section).\(variable)` is \"\(unit)\", expected \"\(expected)\"\(difference(unit, expected))"
            )
        }
    }

    /// ` (U+00B5 where U+03BC is expected)`: the first character that differs, for units that look alike;
    /// empty when the texts differ only in length.
    static func difference(_ sent: String, _ expected: String) -> String {
        for (got, wanted) in zip(sent.unicodeScalars, expected.unicodeScalars) where got != wanted {
            return " (\(codePoint(got)) where \(codePoint(wanted)) is expected)"
        }
        return ""
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// An hour's leeway for the hours, which start at the local midnight: the offset at midnight differs from
    /// today's on a change of summer time.
    private static let hourlyTimes = ForecastDecoder.BlockTimes(block: "hourly", tolerance: 3600, spacing: 3600...3600)

    /// The UV index of the hour at `time` and the highest of the hourly block (`forecast_days=1`: the hours of
    /// the location's local day, from its midnight); nil without the block, or when it is dropped as bad
    /// input (its sentence in `dropped`).
    private static func dayUV(
        _ block: ForecastResponseDTO.Block<AirQualityResponseDTO.HourlyDTO>?,
        at time: Timestamp,
        utcOffsetSeconds: Int?,
        _ dropped: inout [String]
    ) -> (now: Double?, maximum: Double?) {
        let offset = utcOffsetSeconds ?? 0
        let midnight = Double(LocalDate(at: time, utcOffsetSeconds: offset).daysSinceEpoch * 86_400 - Int64(offset))
        let uv = ForecastDecoder.read(block, hourlyTimes, near: midnight, dropped: &dropped) {
            (hourly, times) throws(ForecastDecoder.DroppedBlock) in
            let uv = try ForecastDecoder.plausible(
                hourlyTimes.block,
                "uv_index",
                hourly[.uv_index],
                { $0 },
                range: PlausibleRange.uvIndex
            )
            return (now: times.firstIndex(of: time).flatMap { uv?[$0] }, maximum: uv?.compactMap { $0 }.max())
        }
        return uv ?? (nil, nil)
    }
}
