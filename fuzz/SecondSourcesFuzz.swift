// The same input through the decoders of the second weather source and of the air (called from
// ForecastDecoderFuzz.swift): MET Norway's Locationforecast, read by a hand-written one-pass JSON reader over
// the bytes, and Open-Meteo's air quality answer. Any bytes give a Forecast, an air answer or an
// invalid_response FetchError, never a crash; what MET's decodes keeps its times in order.

func fuzzSecondSources(_ bytes: UnsafeBufferPointer<UInt8>) {
    let oslo = Location(name: "Oslo", latitude: 59.9139, longitude: 10.7522)
    let now = Timestamp(secondsSinceEpoch: 1_795_600_000)
    for blocks in [ForecastBlocks(), ForecastBlocks(hours: 25, days: 7, nowcast: true)] {
        for utcOffsetSeconds in [nil, 3600] as [Int?] {
            let query = ForecastQuery(location: oslo, units: Units(), blocks: blocks, utcOffsetSeconds: utcOffsetSeconds)
            do {
                let forecast = try LocationforecastDecoder.decodeForecast(bytes, for: query, now: now)
                _ = forecast.weather.summary
                if let times = forecast.hourly?.map(\.time) {
                    precondition(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "MET hours out of order")
                }
                for day in forecast.daily ?? [] { _ = day.date.description }
            } catch {
                precondition(error.kind == .invalidResponse, "MET: unexpected error class \(error.kind)")
            }
        }
    }
    do {
        _ = try AirQualityDecoder.decode(bytes)
    } catch {
        precondition(error.kind == .invalidResponse, "air: unexpected error class \(error.kind)")
    }
}
