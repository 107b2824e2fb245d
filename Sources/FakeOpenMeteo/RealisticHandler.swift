/// The default behaviour: Open-Meteo's forecast, air quality and geocoding endpoints with deterministic data.
extension FakeOpenMeteoServer {
    /// The default handler: a realistic forecast body for `/v1/forecast`, the air quality of the hour for
    /// `/v1/air-quality` (``AirQualityRoute``), geocoding for `/v1/search`, the alert sources' all-clears on
    /// their paths (``AlertRoute``), MET Norway's Locationforecast (``LocationforecastRoute``), and a 404 JSON
    /// error for anything else.
    public static let realistic: @Sendable (FakeRequest) -> FakeResponse = realistic(dataInterval: 900)

    /// ``realistic`` with another data interval: `current.interval` is `dataInterval` and `current.time`
    /// moves on every `dataInterval` seconds (Open-Meteo: 900), so tests see new data periods quickly.
    /// With `blockFault`, every forecast section asked for that is in `blocks` carries that fault.
    /// `alerts` gives the alert sources' answers (``AlertRoute``), `metNorway` how MET Norway's route answers,
    /// `airQuality` how the air quality route does.
    public static func realistic(
        dataInterval: Int,
        blockFault: BlockFault? = nil,
        blocks: Set<FakeForecastBlock> = Set(FakeForecastBlock.allCases),
        alerts: @escaping AlertRoute.Bodies = { _ in nil },
        metNorway: MetNorwayMode = .normal,
        airQuality: AirQualityMode = .normal
    ) -> @Sendable (FakeRequest) -> FakeResponse {
        { request in
            if let answer = AlertRoute.respond(to: request, bodies: alerts) { return answer }
            if let answer = LocationforecastRoute.respond(to: request, mode: metNorway) { return answer }
            if let answer = AirQualityRoute.respond(to: request, mode: airQuality) { return answer }
            return switch request.path {
            case "/v1/forecast":
                ForecastRoute.respond(to: request, dataInterval: dataInterval, fault: blockFault, faulty: blocks)
            case "/v1/search": GeocodingRoute.respond(to: request)
            default: FakeResponse.openMeteoError(status: 404, reason: "Not Found")
            }
        }
    }

    /// Same as ``FakeResponse/openMeteoError(status:reason:headers:)``.
    public static func openMeteoError(status: Int, reason: String, headers: [(String, String)] = []) -> FakeResponse {
        FakeResponse.openMeteoError(status: status, reason: reason, headers: headers)
    }

    /// The weather code ``realistic`` answers for a latitude: ``FakeResponse/wmoCodes`` indexed by
    /// `latitude * 100` rounded (modulo the list's length).
    public static func weatherCode(forLatitude latitude: Double) -> Int {
        let codes = FakeResponse.wmoCodes
        let scaled = (latitude * 100).rounded()
        let index = scaled.isFinite && abs(scaled) < 1e15 ? Int(scaled) : 0
        return codes[((index % codes.count) + codes.count) % codes.count]
    }
}
