import WeatherCore

/// The forecast blocks of a response (docs/forecast.md): columnar arrays turned into hours, days and 15-minute
/// steps. A block of bad shape (a null time, arrays of unequal length, times not increasing, times that
/// do not start near the current time, as for another place, or an implausible value) is dropped alone,
/// with one sentence that names the condition and not the values, so that the daemon logs each condition
/// once; a value sent as null is omitted for its step.
extension ForecastDecoder {
    /// A block's name in the response, and what its times must be: the first within `tolerance` of the time the
    /// block should start at, each next one `spacing` after the one before.
    struct BlockTimes {
        var block: String
        var tolerance: Double
        var spacing: ClosedRange<Double>
    }

    /// A quarter hour's leeway for the 15-minute steps (they start at the current quarter hour), an hour for the
    /// hours (they start at the current hour), a day and an hour for the days (they start at the location's
    /// local midnight, whatever its offset; 23 to 25 hours apart, for the changes of summer time).
    static let nowcastTimes = BlockTimes(block: "minutely_15", tolerance: 900, spacing: 900...900)
    static let hourlyTimes = BlockTimes(block: "hourly", tolerance: 3600, spacing: 3600...3600)
    static let dailyTimes = BlockTimes(block: "daily", tolerance: 90_000, spacing: 82_800...90_000)

    /// A block that is dropped, and why.
    struct DroppedBlock: Error {
        var sentence: String

        init(_ block: String, _ condition: String) {
            sentence = "`\(block)` dropped: \(condition)"
        }
    }

    /// The blocks of `dto` for `weather` (decoded from the same response), and the sentences of those
    /// dropped.
    static func blocks(
        of dto: ForecastResponseDTO,
        weather: Weather
    ) -> (hourly: [HourForecast]?, daily: [DayForecast]?, nowcast: [NowcastStep]?, dropped: [String]) {
        var dropped: [String] = []
        let now = weather.observedAt.secondsSinceEpoch
        let nowcast = read(dto.minutely_15, nowcastTimes, near: now, dropped: &dropped) {
            (block, times) throws(DroppedBlock) in
            try steps(of: block, at: times, units: weather.units)
        }
        // The hours start at the current hour.
        let hour = now - now.truncatingRemainder(dividingBy: 3600)
        let hourly = read(dto.hourly, hourlyTimes, near: hour, dropped: &dropped) {
            (block, times) throws(DroppedBlock) in
            try hours(of: block, at: times, units: weather.units)
        }
        let daily = read(dto.daily, dailyTimes, near: now, dropped: &dropped) { (block, times) throws(DroppedBlock) in
            try days(of: block, at: times, weather: weather, utcOffsetSeconds: dto.utc_offset_seconds ?? 0)
        }
        return (hourly, daily, nowcast, dropped)
    }

    static func steps(
        of block: ForecastResponseDTO.MinutelyDTO,
        at times: [Timestamp],
        units: Units
    ) throws(DroppedBlock) -> [NowcastStep] {
        let precipitation = try plausible(
            nowcastTimes.block,
            "precipitation",
            block[.precipitation],
            millimetres(units)
        )
        return times.indices.map { index in
            NowcastStep(time: times[index], precipitation: value(precipitation, index))
        }
    }

    static func hours(
        of block: ForecastResponseDTO.HourlyDTO,
        at times: [Timestamp],
        units: Units
    ) throws(DroppedBlock) -> [HourForecast] {
        let name = hourlyTimes.block
        let temperature = try plausible(name, "temperature_2m", block[.temperature_2m], celsius(units))
        let probability = try plausible(name, "precipitation_probability", block[.precipitation_probability], { $0 })
        let precipitation = try plausible(name, "precipitation", block[.precipitation], millimetres(units))
        let codes = try weatherCodes(name, block[.weather_code])
        let isDay = try flags(name, block[.is_day])
        return times.indices.map { index in
            HourForecast(
                time: times[index],
                temperature: value(temperature, index),
                precipitationProbability: value(probability, index),
                precipitation: value(precipitation, index),
                code: codes.flatMap { $0[index] },
                isDay: isDay.flatMap { $0[index] }
            )
        }
    }

    static func days(
        of block: ForecastResponseDTO.DailyDTO,
        at times: [Timestamp],
        weather: Weather,
        utcOffsetSeconds: Int
    ) throws(DroppedBlock) -> [DayForecast] {
        let name = dailyTimes.block
        let units = weather.units
        // Days start at the local midnight of today: a first day of another date is another place's. The
        // midnight is read 3 hours in, since today's offset may differ from the one at midnight by an hour
        // (a change of summer time during the day).
        let today = LocalDate(at: weather.observedAt, utcOffsetSeconds: utcOffsetSeconds)
        if let first = times.first,
            LocalDate(at: first.adding(seconds: 3 * 3600), utcOffsetSeconds: utcOffsetSeconds) != today
        {
            throw DroppedBlock(name, "times that do not start at the current time (another place's?)")
        }
        let instant: (Double) -> Double = { $0 }
        let high = try plausible(name, "temperature_2m_max", block[.temperature_2m_max], celsius(units))
        let low = try plausible(name, "temperature_2m_min", block[.temperature_2m_min], celsius(units))
        let probability = try plausible(
            name,
            "precipitation_probability_max",
            block[.precipitation_probability_max],
            instant
        )
        let sum = try plausible(name, "precipitation_sum", block[.precipitation_sum], millimetres(units))
        let sunrise = try plausible(name, "sunrise", block[.sunrise], instant, range: -1e11...1e11)
        let sunset = try plausible(name, "sunset", block[.sunset], instant, range: -1e11...1e11)
        let uv = try plausible(name, "uv_index_max", block[.uv_index_max], instant, range: PlausibleRange.uvIndex)
        let codes = try weatherCodes(name, block[.weather_code])
        return times.indices.map { index in
            DayForecast(
                // Counted from today: after a change to summer time the next local midnights lie an hour
                // earlier in UTC, and today's offset would give them the day before.
                date: LocalDate(daysSinceEpoch: today.daysSinceEpoch + Int64(index)),
                temperatureMax: value(high, index),
                temperatureMin: value(low, index),
                precipitationProbabilityMax: value(probability, index),
                precipitationSum: value(sum, index),
                uvIndexMax: value(uv, index),
                sunrise: value(sunrise, index).map(Timestamp.init(secondsSinceEpoch:)),
                sunset: value(sunset, index).map(Timestamp.init(secondsSinceEpoch:)),
                code: codes.flatMap { $0[index] },
                fetchedAt: weather.observedAt
            )
        }
    }

    /// The block as `convert` makes it from its columns and their times, checked (``checkedTimes``) to be as
    /// `shape` says, starting near `anchor`; nil when it was not sent, or when it is dropped, its sentence then added to `dropped`.
    static func read<Variable: BlockVariable, Result>(
        _ block: ForecastResponseDTO.Block<ForecastResponseDTO.Columns<Variable>>?,
        _ shape: BlockTimes,
        near anchor: Double,
        dropped: inout [String],
        _ convert: (ForecastResponseDTO.Columns<Variable>, [Timestamp]) throws(DroppedBlock) -> Result
    ) -> Result? {
        let name = shape.block
        switch block {
        case nil: return nil
        case .failed(let condition)?:
            dropped.append(DroppedBlock(name, condition).sentence)
            return nil
        case .value(let columns)?:
            do throws(DroppedBlock) {
                let times = try checkedTimes(
                    name,
                    columns.time,
                    columns: columns.columns,
                    near: anchor,
                    within: shape.tolerance,
                    spacing: shape.spacing
                )
                return try convert(columns, times)
            } catch {
                dropped.append(error.sentence)
                return nil
            }
        }
    }

    /// The block's times, checked: present, none null, as many as the values of every column sent,
    /// strictly increasing by steps within `spacing` (days: 23 to 25 hours, for the changes of summer
    /// time), the first within `tolerance` of `anchor`.
    static func checkedTimes(
        _ name: String,
        _ time: [Double?]?,
        columns: [[Double?]?],
        near anchor: Double,
        within tolerance: Double,
        spacing: ClosedRange<Double>
    ) throws(DroppedBlock) -> [Timestamp] {
        guard let time else { throw DroppedBlock(name, "no `time`") }
        var times: [Timestamp] = []
        times.reserveCapacity(time.count)
        for value in time {
            guard let value else { throw DroppedBlock(name, "a null time") }
            guard value.isFinite, abs(value) < 1e11 else { throw DroppedBlock(name, "a time that is not one") }
            if let last = times.last, value <= last.secondsSinceEpoch {
                throw DroppedBlock(name, "times not increasing")
            }
            times.append(Timestamp(secondsSinceEpoch: value))
        }
        for (earlier, later) in zip(times, times.dropFirst())
        where !spacing.contains(later.seconds(since: earlier)) {
            throw DroppedBlock(name, "times not evenly spaced")
        }
        for column in columns where column != nil && column?.count != time.count {
            throw DroppedBlock(name, "arrays of unequal length")
        }
        if let first = times.first, abs(first.secondsSinceEpoch - anchor) > tolerance {
            throw DroppedBlock(name, "times that do not start at the current time (another place's?)")
        }
        return times
    }

    /// `column` checked against `range` after `convert` (to metric units); nulls stay nil.
    static func plausible(
        _ name: String,
        _ variable: String,
        _ column: [Double?]?,
        _ convert: (Double) -> Double,
        range: ClosedRange<Double>? = nil
    ) throws(DroppedBlock) -> [Double?]? {
        guard let column else { return nil }
        let range = range ?? Self.range(of: variable)
        for case let value? in column where !(value.isFinite && range.contains(convert(value))) {
            throw DroppedBlock(name, "an implausible `\(variable)`")
        }
        return column
    }

    private static func range(of variable: String) -> ClosedRange<Double> {
        if variable.hasPrefix("temperature") { return temperatureCelsius }
        if variable.hasPrefix("precipitation_probability") { return percent }
        return precipitationMillimetres
    }

    private static func weatherCodes(_ name: String, _ column: [Double?]?) throws(DroppedBlock) -> [WMOCode?]? {
        guard let column else { return nil }
        var codes: [WMOCode?] = []
        for value in column {
            guard let value else {
                codes.append(nil)
                continue
            }
            guard let code = wmoCode(value) else {
                throw DroppedBlock(name, "a `weather_code` that is not a whole number")
            }
            codes.append(code)
        }
        return codes
    }

    private static func flags(_ name: String, _ column: [Double?]?) throws(DroppedBlock) -> [Bool?]? {
        guard let column else { return nil }
        var flags: [Bool?] = []
        for value in column {
            switch value {
            case nil: flags.append(nil)
            case 0?: flags.append(false)
            case 1?: flags.append(true)
            default: throw DroppedBlock(name, "an `is_day` that is neither 0 nor 1")
            }
        }
        return flags
    }

    private static func value(_ column: [Double?]?, _ index: Int) -> Double? {
        column.flatMap { $0[index] }
    }

    /// A temperature in `units` → °C, for the plausibility ranges (the current weather's too).
    static func celsius(_ units: Units) -> (Double) -> Double {
        units.temperature == .celsius ? { $0 } : { ($0 - 32) * 5 / 9 }
    }

    /// A precipitation in `units` → mm, for the plausibility ranges (the current weather's too).
    static func millimetres(_ units: Units) -> (Double) -> Double {
        units.precipitation == .mm ? { $0 } : { $0 * 25.4 }
    }
}

/// The variables of a columnar block (``ForecastResponseDTO/Columns``), each named as the API names it, in the
/// order they are asked for.
protocol BlockVariable: RawRepresentable<String>, CaseIterable, Hashable {}
