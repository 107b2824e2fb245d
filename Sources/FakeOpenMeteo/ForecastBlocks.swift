/// The forecast sections of a `/v1/forecast` answer besides `current`, in the order Open-Meteo writes them.
public enum FakeForecastBlock: String, CaseIterable, Sendable {
    /// `minutely_15`: 15-minute steps.
    case minutely15 = "minutely_15"
    /// `hourly`: hourly steps.
    case hourly
    /// `daily`: one step a day, from the location's local midnight.
    case daily

    /// The variables the look-alike can answer in this section.
    public var knownVariables: [String] {
        switch self {
        case .minutely15: ["temperature_2m", "precipitation", "weather_code", "is_day"]
        case .hourly: ["temperature_2m", "precipitation_probability", "precipitation", "weather_code", "is_day"]
        case .daily:
            [
                "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max",
                "precipitation_sum", "uv_index_max", "sunrise", "sunset",
            ]
        }
    }
}

/// One section a request asks for: its variables in the request's order, and its steps.
struct BlockSection: Equatable {
    var block: FakeForecastBlock
    var variables: [String]
    /// The first step's time (epoch seconds).
    var start: Int
    /// Seconds between steps.
    var step: Int
    var count: Int

    /// The sections `query` asks for, in Open-Meteo's order, for a request at `now` (epoch seconds) at a place
    /// whose UTC offset is `utcOffset`: `forecast_minutely_15` steps from the current quarter hour and
    /// `forecast_hours` steps from the current hour; without them, whole days from the local midnight
    /// (`forecast_days`, else 3 days of 15-minute steps and 7 of hours); `daily` from the local midnight for
    /// `forecast_days` (default 7) days.
    static func sections(
        of query: [String: String],
        now: Int,
        utcOffset: Int = 0
    ) throws(ForecastRoute.ParameterError) -> [BlockSection] {
        let days = try count(query, "forecast_days", label: "Forecast days", range: 0...16)
        let midnight = SyntheticWeather.floorDivision(now + utcOffset, 86_400) * 86_400 - utcOffset
        var sections: [BlockSection] = []
        for block in FakeForecastBlock.allCases {
            guard let list = query[block.rawValue] else { continue }
            let variables = list.split(separator: ",").map(String.init)
            if let unknown = variables.first(where: { !block.knownVariables.contains($0) }) {
                throw .init(reason: "Cannot initialize \(block.variableType) from invalid String value \(unknown)")
            }
            // A count of steps from the current step on (`forecast_minutely_15`, `forecast_hours`), else whole
            // days from the local midnight (`forecast_days`, default 3 for the 15-minute steps, else 7).
            let (step, stepsParameter, label, maximum, defaultDays): (Int, String?, String, Int, Int) =
                switch block {
                case .minutely15: (900, "forecast_minutely_15", "Forecast minutely 15", 1_536, 3)
                case .hourly: (3600, "forecast_hours", "Forecast hours", 384, 7)
                case .daily: (86_400, nil, "", 0, 7)
                }
            var steps: Int?
            if let stepsParameter { steps = try count(query, stepsParameter, label: label, range: 0...maximum) }
            let section =
                if let steps {
                    BlockSection(block: block, variables: variables, start: floor(now, step), step: step, count: steps)
                } else {
                    BlockSection(
                        block: block,
                        variables: variables,
                        start: midnight,
                        step: step,
                        count: 86_400 / step * (days ?? defaultDays)
                    )
                }
            sections.append(section)
        }
        return sections
    }

    /// The step times.
    var times: [Int] { (0..<count).map { start + $0 * step } }

    private static func floor(_ time: Int, _ step: Int) -> Int {
        SyntheticWeather.floorDivision(time, step) * step
    }

    private static func count(
        _ query: [String: String],
        _ name: String,
        label: String,
        range: ClosedRange<Int>
    ) throws(ForecastRoute.ParameterError) -> Int? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw .init(reason: "Cannot initialize Int from invalid String value \(text)")
        }
        guard range.contains(value) else {
            throw .init(
                reason: "\(label) is invalid. Allowed range \(range.lowerBound) to \(range.upperBound). Given \(value)."
            )
        }
        return value
    }
}

extension FakeForecastBlock {
    /// The type name Open-Meteo's error names for an unknown variable of this section.
    fileprivate var variableType: String {
        switch self {
        case .minutely15: "ForecastVariable15Minutely"
        case .hourly: "ForecastVariableHourly"
        case .daily: "ForecastVariableDaily"
        }
    }
}

/// Writes the sections' values: deterministic, from the place, the time and the current weather, in the
/// request's units, with Open-Meteo's decimals (°C/°F 1, mm 2, inch 3, uv index 2, %, codes and is_day none).
///
/// Precipitation follows the rain rule of ``SyntheticWeather/nowcastMillimetres(latitude:longitude:at:)``: a
/// 15-minute value is that quarter hour's, an hourly value the sum of the hour ending at its time, a daily sum
/// that of the day's hours. A step with at least 0.1 mm has a precipitation weather code (≥ 51).
struct BlockWriter {
    let latitude: Double
    let longitude: Double
    let weather: SyntheticWeather
    /// The current weather code.
    let code: Int
    let temperature: TemperatureUnit
    let precipitation: PrecipitationUnit

    /// `X_units` and `X` of one section, with `fault` applied to its columns when given.
    func render(_ section: BlockSection, fault: BlockFault? = nil) -> String {
        let name = section.block.rawValue
        let units = [("time", "unixtime")] + section.variables.map { ($0, unit(of: $0)) }
        var columns = [("time", section.times.map(String.init))]
        columns += section.variables.map { variable in
            (variable, section.times.map { value(of: variable, in: section.block, at: $0) })
        }
        fault?.apply(to: &columns)
        let unitsText = units.map { JSONText.string($0.0) + ":" + JSONText.string($0.1) }.joined(separator: ",")
        let valuesText = columns.map { JSONText.string($0.0) + ":[" + $0.1.joined(separator: ",") + "]" }
            .joined(separator: ",")
        return JSONText.string(name + "_units") + ":{" + unitsText + "}," + JSONText.string(name) + ":{" + valuesText
            + "}"
    }

    func unit(of variable: String) -> String {
        switch variable {
        case "temperature_2m", "temperature_2m_max", "temperature_2m_min": temperature.symbol
        case "precipitation", "precipitation_sum": precipitation.symbol
        case "precipitation_probability", "precipitation_probability_max": "%"
        case "weather_code": "wmo code"
        case "sunrise", "sunset": "unixtime"
        default: ""  // is_day, uv_index_max
        }
    }

    func value(of variable: String, in block: FakeForecastBlock, at time: Int) -> String {
        switch block {
        case .minutely15: quarterValue(of: variable, at: time)
        case .hourly: hourValue(of: variable, at: time)
        case .daily: dayValue(of: variable, at: time)
        }
    }

    // MARK: - Values

    private func millimetres(_ value: Double) -> String {
        JSONText.fixed(precipitation.convert(millimetres: value), decimals: precipitation.decimals)
    }

    private func degrees(_ celsius: Double) -> String {
        JSONText.fixed(temperature.convert(celsius: celsius), decimals: 1)
    }

    private func quarterValue(of variable: String, at time: Int) -> String {
        let amount = SyntheticWeather.nowcastMillimetres(latitude: latitude, longitude: longitude, at: time)
        return switch variable {
        case "temperature_2m": degrees(weather.temperatureCelsius(at: time, longitude: longitude))
        case "precipitation": millimetres(amount)
        case "weather_code": String(SyntheticWeather.code(current: code, millimetres: amount, hours: 0.25))
        case "is_day": SyntheticWeather.isDay(utc: time, longitude: longitude) ? "1" : "0"
        default: "null"
        }
    }

    /// The chance of precipitation of the hour ending at `time`, by its wet quarter hours (0 to 4).
    private func probability(hourEndingAt time: Int) -> Int {
        let wet = (0..<4).count(where: { step in
            SyntheticWeather.nowcastMillimetres(latitude: latitude, longitude: longitude, at: time - step * 900) >= 0.1
        })
        return [5, 30, 55, 75, 90][wet]
    }

    private func hourCode(at time: Int) -> Int {
        let amount = SyntheticWeather.hourMillimetres(latitude: latitude, longitude: longitude, at: time)
        return SyntheticWeather.code(current: code, millimetres: amount, hours: 1)
    }

    private func hourValue(of variable: String, at time: Int) -> String {
        switch variable {
        case "temperature_2m": degrees(weather.temperatureCelsius(at: time, longitude: longitude))
        case "precipitation_probability": String(probability(hourEndingAt: time))
        case "precipitation":
            millimetres(SyntheticWeather.hourMillimetres(latitude: latitude, longitude: longitude, at: time))
        case "weather_code": String(hourCode(at: time))
        case "is_day": SyntheticWeather.isDay(utc: time, longitude: longitude) ? "1" : "0"
        default: "null"
        }
    }

    /// A day's values, from its 24 hours (`midnight` + 0 h … + 23 h, each the hour ending then); the high and the
    /// low are 4 °C above and 3 °C below the current temperature; sunrise 07:00 and sunset 16:00 after
    /// `midnight`, none (null) beyond 70° of latitude, as in polar night or day.
    private func dayValue(of variable: String, at midnight: Int) -> String {
        let hours = (0..<24).map { midnight + $0 * 3600 }
        let polar = abs(latitude) > 70
        switch variable {
        case "weather_code":
            return String(hours.map(hourCode(at:)).max() ?? code)
        case "temperature_2m_max": return degrees(weather.temperatureCelsius + 4)
        case "temperature_2m_min": return degrees(weather.temperatureCelsius - 3)
        case "precipitation_probability_max":
            return String(hours.map { probability(hourEndingAt: $0) }.max() ?? 0)
        case "precipitation_sum":
            let sum = hours.reduce(0.0) {
                $0 + SyntheticWeather.hourMillimetres(latitude: latitude, longitude: longitude, at: $1)
            }
            return millimetres((sum * 100).rounded() / 100)
        case "uv_index_max":
            let clear = max(0, 9 * (1 - abs(latitude) / 70))
            return JSONText.fixed(clear * 0.7, decimals: 2)
        case "sunrise": return polar ? "null" : String(midnight + 7 * 3600)
        case "sunset": return polar ? "null" : String(midnight + 16 * 3600)
        default: return "null"
        }
    }
}
