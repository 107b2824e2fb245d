// libFuzzer entry for the Open-Meteo response decoder: any bytes must give a Weather or a classified
// FetchError (invalid_response), never a crash; and the same answer as JSONDecoder reading the same
// members (ForecastOracle.swift), unless the scanner rejects the body as not strictly JSON. Built by scripts/fuzz together with WeatherCore's sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzForecastDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    for units in [Units(), Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)] {
        var decoded: Weather?
        do {
            let weather = try ForecastDecoder.decode(bytes, units: units)
            // Whatever decodes must be printable as the state file and the journal would.
            _ = weather.summary
            _ = weather.observedAt.rfc3339
            decoded = weather
        } catch {
            precondition(error.kind == .invalidResponse, "unexpected error class \(error.kind)")
        }
        let reference = oracleWeather(bytes, units: units)
        // The scanner holds to RFC 8259 where JSONDecoder is lenient (e.g. leading zeros in numbers):
        // it may reject as "not JSON" what JSONDecoder reads. Any other difference is a bug.
        var strictlyRejected = false
        do throws(ForecastScanner.Failure) {
            _ = try ForecastScanner.scan(bytes)
        } catch {
            strictlyRejected = error == .syntax
        }
        if decoded != reference && !(decoded == nil && strictlyRejected) {
            fatalError("ForecastScanner and JSONDecoder disagree: \(String(describing: decoded)) vs \(String(describing: reference))")
        }
    }
    _ = ForecastDecoder.errorReason(bytes)
    return 0
}
