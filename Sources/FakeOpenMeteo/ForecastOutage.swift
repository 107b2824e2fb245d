/// A span of the server's clock during which the Open-Meteo look-alike's forecast route (`/v1/forecast`) is
/// down, whatever the server's handler: it answers the outage's failure, then normally again. Geocoding, the
/// alert sources and MET Norway's route are not touched. Set it on a running server
/// (``FakeOpenMeteoServer/forecastOutage``) or with `fake-open-meteo --down-after S --down-for S
/// --down-mode MODE`.
public struct ForecastOutage: Sendable, Hashable {
    /// How the forecast route fails; the raw values are `--down-mode`'s.
    public enum Mode: String, Sendable, CaseIterable {
        /// 503 with Open-Meteo's error body.
        case unavailable = "503"
        /// The request is read and never answered.
        case hang
        /// 200 with an HTML page (a captive portal, a proxy's maintenance page).
        case html
        /// 429: the daily limit, until tomorrow.
        case dailyLimit = "429-daily"
    }

    /// When it starts, in seconds since the epoch on the server's clock (``FakeRequest/time``).
    public var start: Double
    /// How long it lasts, in seconds.
    public var duration: Double
    /// How the route fails meanwhile.
    public var mode: Mode

    /// An outage from `start` (the server's clock) for `duration` seconds.
    public init(from start: Double, for duration: Double, mode: Mode) {
        self.start = start
        self.duration = duration
        self.mode = mode
    }

    /// An outage that starts `delay` seconds after `now` (the host's clock unless given: a server with a
    /// ``FakeOpenMeteoServer/clockOffset`` wants its own).
    public static func after(
        _ delay: Double,
        for duration: Double,
        mode: Mode,
        now: Double = HTTPDateText.hostNow()
    ) -> ForecastOutage {
        ForecastOutage(from: now + delay, for: duration, mode: mode)
    }

    /// Whether `request` is a forecast request that arrives while the route is down.
    public func covers(_ request: FakeRequest) -> Bool {
        request.path == "/v1/forecast" && request.time >= start && request.time < start + duration
    }

    /// The route's answer while down.
    public var response: FakeResponse {
        switch mode {
        case .unavailable: .openMeteoError(status: 503, reason: "The service is overloaded")
        case .hang: .hang
        case .html:
            .body(status: 200, contentType: "text/html; charset=utf-8", body: "<html><body>Maintenance</body></html>")
        case .dailyLimit:
            .openMeteoError(status: 429, reason: "Daily API request limit exceeded. Please try again tomorrow.")
        }
    }
}
