import WeatherCore

extension NowcastStep {
    /// Steps a quarter hour apart, the first at `first`, one per value (the precipitation of the 15 minutes
    /// ending at each).
    public static func quarterHours(from first: Timestamp, _ values: [Double?]) -> [NowcastStep] {
        values.enumerated().map { index, value in
            NowcastStep(time: first.adding(seconds: Double(index) * length), precipitation: value)
        }
    }
}

extension Forecast {
    /// A forecast answering `blocks` for `weather`, as Open-Meteo shapes it: hours from the current hour,
    /// days from the local midnight, 15-minute steps from the current quarter hour. `wetFromStep` makes
    /// the nowcast wet (0.4 mm) from that step on; nil keeps it dry.
    public static func synthetic(
        _ weather: Weather,
        blocks: ForecastBlocks,
        wetFromStep: Int? = nil
    ) -> Forecast {
        let now = weather.observedAt.secondsSinceEpoch
        let offset = weather.utcOffsetSeconds ?? 0
        let hourStart = (now / 3600).rounded(.down) * 3600
        let hourly = blocks.hours.map { count in
            (0..<count).map { (index: Int) -> HourForecast in
                let wet = index % 4 == 3
                let offset = Double(index) * 3600
                return HourForecast(
                    time: Timestamp(secondsSinceEpoch: hourStart + offset),
                    temperature: 2 + Double(index % 8),
                    precipitationProbability: Double((index * 10) % 100),
                    precipitation: wet ? 0.3 : 0,
                    code: WMOCode(wet ? 61 : 3),
                    isDay: true
                )
            }
        }
        let today = LocalDate(at: weather.observedAt, utcOffsetSeconds: offset)
        let daily = blocks.days.map { count in
            (0..<count).map { (index: Int) -> DayForecast in
                DayForecast(
                    date: LocalDate(daysSinceEpoch: today.daysSinceEpoch + Int64(index)),
                    temperatureMax: 4.1 + Double(index),
                    temperatureMin: -0.8 + Double(index),
                    precipitationProbabilityMax: 80,
                    precipitationSum: 1.2,
                    uvIndexMax: 1.5,
                    code: WMOCode(61),
                    fetchedAt: weather.observedAt
                )
            }
        }
        let quarter = (now / 900).rounded(.down) * 900
        let nowcast =
            blocks.nowcast
            ? (0..<NowcastStep.requested).map { (index: Int) -> NowcastStep in
                let wet = wetFromStep.map { index >= $0 } ?? false
                return NowcastStep(
                    time: Timestamp(secondsSinceEpoch: quarter + Double(index) * 900),
                    precipitation: wet ? 0.4 : 0
                )
            } : nil
        return Forecast(weather: weather, hourly: hourly, daily: daily, nowcast: nowcast)
    }
}
