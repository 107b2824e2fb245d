import WeatherCore
import WeatherHTTP

extension HTTPGetter.Response {
    /// The classified failure of a response that is not a 2xx, with Open-Meteo's error `reason` when its body
    /// is Open-Meteo's error document; nil for a 2xx. The same for every Open-Meteo host.
    var openMeteoFailure: FetchError? {
        guard !(200..<300).contains(status) else { return nil }
        return FetchErrorClassifier.classify(
            status: status,
            headers: headers,
            reason: ForecastDecoder.errorReason(body.readableBytesView),
            receivedAt: receivedAt
        )
    }
}
