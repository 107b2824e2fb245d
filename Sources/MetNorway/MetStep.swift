import WeatherCore

/// One time step of a Locationforecast answer with its time read: the instant values at `time`, and the
/// periods from `time` on (1, 6 and 12 hours), each optional.
struct MetStep {
    /// The step's time (UTC).
    let time: Timestamp
    /// The values at `time`, in MET's units.
    let instant: LocationforecastDTO.InstantDetails?
    /// `next_1_hours`: sent for the hourly steps.
    let nextHour: LocationforecastDTO.Period?
    /// `next_6_hours`: the 6-hourly steps' period (the hourly steps have one too, overlapping).
    let nextSixHours: LocationforecastDTO.Period?
    /// `next_12_hours`: a symbol only.
    let nextTwelveHours: LocationforecastDTO.Period?

    init(time: Timestamp, data: LocationforecastDTO.StepData?) {
        self.time = time
        self.instant = data?.instant?.details
        self.nextHour = data?.next_1_hours
        self.nextSixHours = data?.next_6_hours
        self.nextTwelveHours = data?.next_12_hours
        self.implausible = Self.firstImplausible(instant, nextHour, nextSixHours)
    }

    /// The step's weather: the next hour's symbol, else the next 6 hours', else the next 12 hours'. The
    /// day or night of a 6- or 12-hour symbol is MET's for that whole period, not the step's: only the
    /// hour's says whether it is day now.
    var symbol: MetSymbol? {
        if let code = nextHour?.summary?.symbol_code { return MetSymbol(code) }
        guard let code = nextSixHours?.summary?.symbol_code ?? nextTwelveHours?.summary?.symbol_code else {
            return nil
        }
        var symbol = MetSymbol(code)
        symbol.isDay = nil
        return symbol
    }

    /// The first value of the step outside its plausible range, with MET's name for it; nil when all are
    /// plausible.
    let implausible: (name: String, value: Double)?

    private static func firstImplausible(
        _ instant: LocationforecastDTO.InstantDetails?,
        _ nextHour: LocationforecastDTO.Period?,
        _ nextSixHours: LocationforecastDTO.Period?
    ) -> (name: String, value: Double)? {
        func check(_ name: String, _ value: Double?, _ range: ClosedRange<Double>) -> (name: String, value: Double)? {
            guard let value, !range.contains(value) else { return nil }
            return (name, value)
        }
        let precipitation = PlausibleRange.precipitationMillimetres
        return check("air_temperature", instant?.air_temperature, PlausibleRange.temperatureCelsius)
            ?? check("relative_humidity", instant?.relative_humidity, PlausibleRange.percent)
            ?? check("cloud_area_fraction", instant?.cloud_area_fraction, PlausibleRange.percent)
            ?? check("wind_speed", instant?.wind_speed, 0...PlausibleRange.windKilometresPerHour.upperBound / 3.6)
            ?? check("wind_from_direction", instant?.wind_from_direction, PlausibleRange.direction)
            ?? check(
                "air_pressure_at_sea_level",
                instant?.air_pressure_at_sea_level,
                PlausibleRange.seaLevelPressureHectopascals
            )
            ?? check("precipitation_amount", nextHour?.details?.precipitation_amount, precipitation)
            ?? check("precipitation_amount", nextSixHours?.details?.precipitation_amount, precipitation)
    }
}
