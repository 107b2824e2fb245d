// libFuzzer entry for the Open-Meteo response decoder (JSONDecoder with weatherd's checks): any bytes must
// give a Forecast or a classified FetchError (invalid_response), never a crash; what decodes must hold to
// the plausibility ranges (blocks: dropped alone, times increasing) and print as the state file and the journal would. Built by scripts/fuzz
// together with WeatherCore's sources. The same input then goes through the four alert decoders
// (AlertDecodersFuzz.swift), MET Norway's and the air quality's (SecondSourcesFuzz.swift).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForecastDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for units in [Units(), Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)] {
        do {
            let forecast = try ForecastDecoder.decodeForecast(bytes, units: units)
            let weather = forecast.weather
            _ = weather.summary
            _ = weather.observedAt.rfc3339
            precondition(weather.units == units, "units not the ones asked for")
            for value in [weather.relativeHumidity, weather.cloudCover] {
                if let value { precondition((0...100).contains(value), "percentage out of range: \(value)") }
            }
            if let direction = weather.windDirection {
                precondition((0...360).contains(direction), "wind direction out of range: \(direction)")
            }
            for day in forecast.daily ?? [] {
                _ = day.date.description
                _ = day.sunrise?.rfc3339
                _ = day.sunset?.rfc3339
                if let probability = day.precipitationProbabilityMax {
                    precondition((0...100).contains(probability), "probability out of range: \(probability)")
                }
            }
            // Blocks: times strictly increasing, nothing invented; the nowcast sums up whatever came.
            for times in [forecast.hourly?.map(\.time), forecast.nowcast?.map(\.time)] {
                if let times { precondition(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "times") }
            }
            for hour in forecast.hourly ?? [] {
                if let probability = hour.precipitationProbability {
                    precondition((0...100).contains(probability), "probability out of range: \(probability)")
                }
            }
            if let steps = forecast.nowcast {
                _ = NowcastSummary(
                    steps: steps,
                    hourly: forecast.hourly ?? [],
                    unit: units.precipitation,
                    at: weather.observedAt
                )
            }
        } catch {
            precondition(error.kind == .invalidResponse, "unexpected error class \(error.kind)")
            precondition(error.message.hasPrefix("invalid response"), "unexpected message \(error.message)")
        }
    }
    _ = ForecastDecoder.errorReason(bytes)
    fuzzAlertDecoders(bytes)
    fuzzSecondSources(bytes)
    return 0
}
