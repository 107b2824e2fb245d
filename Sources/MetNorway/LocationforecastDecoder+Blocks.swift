import WeatherCore

/// The hours and days of a Locationforecast answer (docs/forecast.md), as Open-Meteo's `hourly` and `daily`
/// blocks would carry them. A block whose steps hold an implausible value is dropped alone, with one
/// sentence; the current weather stays.
extension LocationforecastDecoder {
    /// Why a block is dropped.
    struct BlockProblem: Error {
        var condition: String
    }

    /// The hours from the current one on, `count` of them (Open-Meteo's `forecast_hours`), while the steps
    /// are hourly. As in Open-Meteo's hours, the hour stamped T carries the temperature at T and the
    /// precipitation and weather of the hour before T: the previous step's next hour (none for the first
    /// hour when the answer starts with it).
    static func hours(
        of steps: [MetStep],
        from current: Int,
        count: Int,
        _ units: Units
    ) throws(BlockProblem) -> [HourForecast] {
        let end = steps[current].time.adding(seconds: Double(count) * hour)
        var hours: [HourForecast] = []
        var index = current
        while index < steps.count, steps[index].time < end {
            let step = steps[index]
            let afterAnHour = index > 0 && step.time.seconds(since: steps[index - 1].time) == hour
            if index > current && !afterAnHour { break }
            let previous = afterAnHour ? steps[index - 1] : nil
            for used in [step, previous] {
                if let (name, _) = used?.implausible { throw BlockProblem(condition: "an implausible `\(name)`") }
            }
            let symbol = (previous?.nextHour?.summary?.symbol_code).map(MetSymbol.init)
            hours.append(
                HourForecast(
                    time: step.time,
                    temperature: step.instant?.air_temperature.map { temperature($0, units) },
                    precipitation: previous?.nextHour?.details?.precipitation_amount.map { precipitation($0, units) },
                    code: symbol?.wmoCode,
                    isDay: symbol?.isDay
                )
            )
            index += 1
        }
        return hours
    }

    /// A period of the timeseries whose precipitation counts towards a day: a step's next hour, or, for a
    /// step without one (the 6-hourly steps), its next 6 hours.
    private struct Window {
        var millimetres: Double?
        var code: WMOCode?
    }

    /// What one local day gathers.
    private struct Day {
        var high: Double?
        var low: Double?
        var millimetres: Double?
        var code: WMOCode?
    }

    /// The local days of the whole timeseries, cut at `utcOffsetSeconds` (UTC when nil), from the current
    /// one on, `count` of them at most. A day has
    /// - the highest and lowest of its steps' instant temperatures (compact has no daily extremes);
    /// - its precipitation: the next-hour amounts over the hourly range plus the 6-hour amounts of the
    ///   6-hourly steps; the 6-hour periods of the hourly steps overlap each other and the hours, and are
    ///   never added. A period counts for the day it starts in (a 6-hour period can straddle local
    ///   midnight);
    /// - its weather: the most severe symbol of those same periods, severity being the WMO code's order
    ///   (thunder 95, then showers 80–86, snow 71–75, sleet 68–69, rain 61–65, fog 45, clouds 0–3), as
    ///   Open-Meteo's daily code is the day's most severe; an unknown symbol does not count.
    /// The current day starts at the current hour (the answer holds nothing earlier); a later day counts
    /// only when the periods cover it to its end, so the last, cut-off day of the answer is left out.
    static func days(
        of steps: [MetStep],
        count: Int,
        now: Timestamp,
        weather: Weather,
        utcOffsetSeconds: Int?
    ) throws(BlockProblem) -> [DayForecast] {
        let offset = utcOffsetSeconds ?? 0
        let today = LocalDate(at: now, utcOffsetSeconds: offset).daysSinceEpoch
        // The steps are in time order, so are their days: each day is gathered in turn.
        var days: [(date: Int64, values: Day)] = []
        var coveredUntil = Timestamp(secondsSinceEpoch: -.infinity)
        for step in steps {
            if let (name, _) = step.implausible { throw BlockProblem(condition: "an implausible `\(name)`") }
            let window = step.time >= coveredUntil ? window(of: step, coveredUntil: &coveredUntil) : nil
            let celsius = step.instant?.air_temperature
            let date = LocalDate(at: step.time, utcOffsetSeconds: offset).daysSinceEpoch
            guard date >= today, celsius != nil || window != nil else { continue }
            if days.last?.date != date { days.append((date, Day())) }
            let last = days.count - 1
            if let celsius {
                days[last].values.high = max(days[last].values.high ?? celsius, celsius)
                days[last].values.low = min(days[last].values.low ?? celsius, celsius)
            }
            if let millimetres = window?.millimetres {
                days[last].values.millimetres = (days[last].values.millimetres ?? 0) + millimetres
            }
            if let code = window?.code, code.rawValue > (days[last].values.code?.rawValue ?? -1) {
                days[last].values.code = code
            }
        }
        let units = weather.units
        let complete = days.filter { date, _ in
            let end = Timestamp(secondsSinceEpoch: Double((date + 1) * 86_400 - Int64(offset)))
            return date == today || end <= coveredUntil
        }
        return complete.prefix(count).map { date, day in
            DayForecast(
                date: LocalDate(daysSinceEpoch: date),
                temperatureMax: day.high.map { temperature($0, units) },
                temperatureMin: day.low.map { temperature($0, units) },
                precipitationSum: day.millimetres.map { precipitation($0, units) },
                code: day.code,
                fetchedAt: weather.observedAt
            )
        }
    }

    /// The period of `step` that counts towards its day, and the end of the time counted so far moved to
    /// its end; nil when the step has neither period.
    private static func window(of step: MetStep, coveredUntil: inout Timestamp) -> Window? {
        let hourPeriod = step.nextHour
        guard let period = hourPeriod ?? step.nextSixHours else { return nil }
        coveredUntil = step.time.adding(seconds: hourPeriod == nil ? 6 * hour : hour)
        let code = (period.summary?.symbol_code).flatMap { MetSymbol($0).wmoCode }
        return Window(millimetres: period.details?.precipitation_amount, code: code)
    }
}
