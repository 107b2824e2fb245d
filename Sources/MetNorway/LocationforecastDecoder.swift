import WeatherCore

/// Turns MET Norway's Locationforecast 2.0 `compact` answer into a ``Forecast`` of source `.metNorway`, with
/// the same domain values Open-Meteo's answer would give: the current weather, and the hours and days the
/// query asks for (`LocationforecastDecoder+Blocks.swift`), each value in the query's units.
///
/// MET answers in UTC time steps (hourly for about two and a half days, then 6-hourly), in metric units,
/// with a weather symbol (``MetSymbol``) per period instead of a WMO code. The current weather is the step
/// whose hour holds `now` (a cached copy ages: older steps are skipped, the first step is not assumed to
/// be now). Compact has no apparent temperature, no gusts, no precipitation probability, no sunrise or
/// sunset, no UV and no 15-minute steps: those stay nil. A body that is not that JSON (an HTML page, cut
/// short before the steps the query needs), without `properties.timeseries`, with a time that is not one or
/// times out of order, without a step for the current hour, or with an implausible current value, is
/// `invalid_response`.
public enum LocationforecastDecoder {
    /// The spacing of the hourly steps, and the period of `next_1_hours`.
    static let hour = 3600.0

    /// Decodes `body`, the answer to `query`, at `now` on the API's clock (the answer's `Date`, plus `Age`).
    public static func decodeForecast(
        _ body: some Collection<UInt8>,
        for query: ForecastQuery,
        now: Timestamp
    ) throws(FetchError) -> Forecast {
        let dto = try decodeJSON(body, through: lastTimeNeeded(by: query, now: now))
        guard let timeseries = dto.properties?.timeseries else { throw invalid("missing `properties.timeseries`") }
        let steps = try checkedSteps(timeseries)
        guard let current = steps.firstIndex(where: { $0.time <= now && now < $0.time.adding(seconds: hour) }) else {
            throw invalid("no time step for the current hour (\(now.rfc3339))")
        }
        let weather = try weather(at: steps[current], query: query)
        var dropped: [String] = []
        func block<Value>(_ name: String, _ make: () throws(BlockProblem) -> Value) -> Value? {
            do throws(BlockProblem) {
                return try make()
            } catch {
                dropped.append("`\(name)` dropped: \(error.condition)")
                return nil
            }
        }
        let hourly = query.blocks.hours.flatMap { count in
            block("hourly") { () throws(BlockProblem) in try hours(of: steps, from: current, count: count, query.units)
            }
        }
        let daily = query.blocks.days.flatMap { count in
            block("daily") { () throws(BlockProblem) in
                try days(of: steps, count: count, now: now, weather: weather, utcOffsetSeconds: query.utcOffsetSeconds)
            }
        }
        let coordinates = dto.geometry?.coordinates ?? []
        return Forecast(
            weather: weather,
            hourly: hourly,
            daily: daily,
            nowcast: nil,
            droppedBlocks: dropped,
            source: .metNorway,
            elevation: coordinates.count > 2 ? coordinates[2] : nil
        )
    }

    /// The time after which `query` needs no step: the current hour's, or the last hour's asked for; with
    /// days, none (a day counts only when complete, wherever the answer has one). MET's answer always
    /// carries nine days; the steps after that time, and the rest of the answer, are not read: a fetch of
    /// the current weather alone reads a step or two of about 85.
    static func lastTimeNeeded(by query: ForecastQuery, now: Timestamp) -> Timestamp {
        if query.blocks.days != nil { return Timestamp(secondsSinceEpoch: .infinity) }
        return now.adding(seconds: Double(query.blocks.hours ?? 0) * hour)
    }

    /// How many bytes of the answer (inflated) hold the steps `query` needs, with room to spare; nil when it
    /// needs them all. The look-alike's answer and MET's take about 450 bytes before the first step and 560
    /// a step.
    static func bytesNeeded(by query: ForecastQuery) -> Int? {
        if query.blocks.days != nil { return nil }
        return 4096 + 640 * (query.blocks.hours ?? 0)
    }

    /// The JSON of `body` up to the first step after `limit`, or why it is not Locationforecast's.
    private static func decodeJSON(
        _ body: some Collection<UInt8>,
        through limit: Timestamp
    ) throws(FetchError) -> LocationforecastDTO {
        switch body.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
        case nil: throw invalid("empty body")
        case UInt8(ascii: "<")?: throw invalid("not JSON (an HTML page?)")
        default: break
        }
        do throws(LocationforecastReader.Failure) {
            return try LocationforecastReader.read(body, through: limit)
        } catch {
            switch error {
            case .notJSON: throw invalid("not JSON or truncated")
            case .notAnObject: throw invalid("not a JSON object")
            case .wrongType(let path): throw invalid("wrong type at `\(path)`")
            case .notATime(let path, let text): throw invalid("`\(path)` is not a time: \(text)")
            }
        }
    }

    /// The steps, whose times must increase.
    private static func checkedSteps(_ timeseries: [LocationforecastDTO.Step]) throws(FetchError) -> [MetStep] {
        var steps: [MetStep] = []
        steps.reserveCapacity(timeseries.count)
        for step in timeseries {
            if let last = steps.last, step.time <= last.time { throw invalid("times not increasing") }
            steps.append(MetStep(time: step.time, data: step.data))
        }
        return steps
    }

    /// The current weather from the step of the current hour: its instant values, the next hour's
    /// precipitation and symbol.
    private static func weather(at step: MetStep, query: ForecastQuery) throws(FetchError) -> Weather {
        if let (name, value) = step.implausible { throw invalid("implausible `\(name)`: \(value)") }
        let units = query.units
        let details = step.instant
        let symbol = step.symbol
        return Weather(
            observedAt: step.time,
            utcOffsetSeconds: query.utcOffsetSeconds,
            temperature: details?.air_temperature.map { temperature($0, units) },
            apparentTemperature: nil,
            relativeHumidity: details?.relative_humidity,
            precipitation: step.nextHour?.details?.precipitation_amount.map { precipitation($0, units) },
            cloudCover: details?.cloud_area_fraction,
            windSpeed: details?.wind_speed.map { windSpeed($0, units) },
            windDirection: details?.wind_from_direction,
            windGusts: nil,
            pressure: details?.air_pressure_at_sea_level,
            isDay: symbol?.isDay,
            code: symbol?.wmoCode,
            symbol: symbol?.code,
            units: units,
            // The values move on every hour: the steps' spacing.
            dataInterval: hour
        )
    }

    static func invalid(_ message: String) -> FetchError {
        FetchError(kind: .invalidResponse, message: "invalid response: \(message)")
    }

    // MET's values are metric; converted, they are rounded as Open-Meteo rounds its own: a tenth of a
    // degree and of a wind unit, a hundredth of a millimetre, a thousandth of an inch.

    /// A temperature in °C in `units`.
    static func temperature(_ celsius: Double, _ units: Units) -> Double {
        rounded(units.temperature.value(celsius: celsius), decimals: 1)
    }

    /// A wind speed in m/s in `units`.
    static func windSpeed(_ metresPerSecond: Double, _ units: Units) -> Double {
        rounded(units.windSpeed.value(metresPerSecond: metresPerSecond), decimals: 1)
    }

    /// A precipitation in mm in `units`.
    static func precipitation(_ millimetres: Double, _ units: Units) -> Double {
        let value = units.precipitation.value(millimetres: millimetres)
        return rounded(value, decimals: units.precipitation == .mm ? 2 : 3)
    }

    private static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = decimals == 1 ? 10.0 : decimals == 2 ? 100.0 : 1000.0
        return (value * scale).rounded() / scale + 0.0  // `+ 0.0`: no -0.0
    }
}
