// libFuzzer entry for the Open-Meteo response decoder: any bytes must give a Weather or a classified
// FetchError (invalid_response), never a crash. Built by scripts/fuzz together with WeatherCore's sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForecastDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for units in [Units(), Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)] {
        do {
            let weather = try ForecastDecoder.decode(bytes, units: units)
            // Whatever decodes must be printable as the state file and the journal would.
            _ = weather.summary
            _ = weather.observedAt.rfc3339
        } catch {
            precondition(error.kind == .invalidResponse, "unexpected error class \(error.kind)")
        }
    }
    _ = ForecastDecoder.errorReason(bytes)
    return 0
}
