/// The look-alike of Open-Meteo's air quality API (`/v1/air-quality`, docs/air.md) for
/// ``FakeOpenMeteoServer/realistic``: parameters checked like the forecast's (a variable it does not know is
/// a 400 with Open-Meteo's error body), then the answer in the real wire shape (``AirQualityBody``): hourly
/// data (`current.time` on the hour, `interval` 3600), units with U+03BC, pollen null outside CAMS Europe and
/// past its horizon; values that vary by place and hour (``SyntheticAir``). ``AirQualityMode`` makes it fail
/// apart from the forecast route.
public enum AirQualityRoute {
    /// The route's path.
    public static let path = "/v1/air-quality"
    /// The most days the API gives (`forecast_days` 0…7; 5 when not sent).
    static let dayRange = 0...7

    /// The answer to `request` when it is on the route's path; nil otherwise.
    public static func respond(to request: FakeRequest, mode: AirQualityMode = .normal) -> FakeResponse? {
        guard request.path == path else { return nil }
        switch mode {
        case .normal, .truncated: break
        case .unavailable(let retryAfter):
            return .openMeteoError(status: 503, reason: "The service is overloaded", headers: header(retryAfter))
        case .rateLimited(let retryAfter):
            return .openMeteoError(
                status: 429,
                reason: "Minutely API request limit exceeded. Please try again in one minute.",
                headers: header(retryAfter)
            )
        case .html:
            return .body(
                status: 200,
                contentType: "text/html; charset=utf-8",
                body: "<html><body>Maintenance</body></html>"
            )
        case .hang:
            return .hang
        }
        let body: String
        do throws(ForecastRoute.ParameterError) {
            body = try answer(request)
        } catch {
            return FakeResponse.openMeteoError(status: 400, reason: error.reason)
        }
        return .body(status: 200, body: mode == .truncated ? String(body.prefix(body.count / 2)) : body)
    }

    private static func header(_ retryAfter: String?) -> [(String, String)] {
        retryAfter.map { [("Retry-After", $0)] } ?? []
    }

    private static func answer(_ request: FakeRequest) throws(ForecastRoute.ParameterError) -> String {
        let latitude = try ForecastRoute.coordinate(request, "latitude", limit: 90)
        let longitude = try ForecastRoute.coordinate(request, "longitude", limit: 180)
        let current = try variables(request, "current")
        let hourly = try variables(request, "hourly")
        var days = 5
        if let text = request.query["forecast_days"] {
            guard let value = Int(text), dayRange.contains(value) else {
                throw ForecastRoute.ParameterError(
                    reason: "Forecast days is invalid. Allowed range 0 to \(dayRange.upperBound). Given \(text)."
                )
            }
            days = value
        }
        return AirQualityBody(
            air: SyntheticAir(latitude: latitude, longitude: longitude),
            now: Int(request.time.rounded(.down)),
            current: current,
            hourly: hourly,
            days: days
        ).text
    }

    /// The variables of the section `name`, each one the API knows.
    private static func variables(
        _ request: FakeRequest,
        _ name: String
    ) throws(ForecastRoute.ParameterError) -> [String] {
        let names = (request.query[name] ?? "").split(separator: ",").map(String.init)
        for variable in names where SyntheticAir.unit(of: variable) == nil {
            throw ForecastRoute.ParameterError(
                reason: "Cannot initialize CamsVariableOrDerived from invalid String value \(variable)"
            )
        }
        return names
    }
}
