// The four alert decoders on the same input (built into scripts/fuzz's forecast-decoder target, whose
// corpus holds the sources' fixtures): any bytes must give warnings or a FetchError of class
// invalid_response, never a crash; what decodes must survive the chain rules and the alerts cache.

func fuzzAlertDecoders(_ bytes: UnsafeBufferPointer<UInt8>) {
    var decoded: [[Alert]] = []
    for decoder in 0..<5 {
        do throws(FetchError) {
            switch decoder {
            case 0: decoded.append(try NWSAlertsDecoder.decode(bytes))
            case 1: decoded.append(try MetAlertsDecoder.decode(bytes))
            case 2: decoded.append(try BrightSkyAlertsDecoder.decode(bytes))
            case 3: decoded.append(try MeteoAlarmDecoder.decode(bytes, for: .code("DE571")))
            default: decoded.append(try MeteoAlarmDecoder.decode(bytes, for: .point(latitude: 51.8364, longitude: 10.7912)))
            }
        } catch {
            precondition(error.kind == .invalidResponse, "unexpected error class \(error.kind)")
        }
    }
    let now = Timestamp(secondsSinceEpoch: 1_795_500_000)
    for alerts in decoded {
        for alert in alerts { precondition(!alert.id.isEmpty, "a warning without an id") }
        var chains = AlertChains()
        _ = chains.applyPoll(alerts, at: now)
        _ = chains.applyPoll(alerts.reversed(), at: now.adding(seconds: 600))
        _ = chains.advance(to: now.adding(seconds: 86_400 * 30))
        precondition(chains.alerts(inForceAt: now.adding(seconds: 86_400 * 30)).allSatisfy { $0.ends == nil || $0.ends! > now })
    }
}
