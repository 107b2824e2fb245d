@testable import WeatherCore
import WeatherTestSupport

/// A planner with a clock of its own, for tests: ticks and fetch outcomes at chosen moments, nothing
/// sleeps, nothing is sent.
struct PlannerHarness {
    static let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    static let london = Location(name: "London", latitude: 51.5074, longitude: -0.1278)
    static let newYork = Location(name: "New York", latitude: 40.7128, longitude: -74.006)
    static let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)
    static let four = [berlin, london, newYork, tokyo]
    /// The forecast as far as the tests of fetching need it: today's outlook alone.
    static let todayOnly = ForecastSettings(hours: 0, days: 1, nowcast: false)

    /// 2026-11-22T12:00:00Z, uptime 1000 s.
    static let start = Moment(wall: Timestamp(secondsSinceEpoch: 1_795_348_800), uptime: 1000)

    var planner: Planner
    var now: Moment
    /// The API's clock minus the host's: the data periods answered follow the API's clock.
    var apiSkew: Double = 0
    /// Whether answers carry a `Date` (an API clock sample of ``apiSkew``).
    var sendsDate = true

    init(
        locations: [Location] = four,
        interval: Double = 10,
        refresh: RefreshPolicy = .auto,
        limits: QuotaLimits = .none,
        start: Moment = PlannerHarness.start,
        seed: UInt64 = 42,
        forecast: ForecastSettings = PlannerHarness.todayOnly,
        sources: [WeatherSource] = [.openMeteo]
    ) {
        planner = Planner(
            locations: locations,
            settings: PlannerSettings(
                interval: interval,
                refresh: refresh,
                limits: limits,
                forecast: forecast,
                sources: sources
            ),
            seed: seed
        )
        now = start
    }

    /// Moves both clocks `seconds` on.
    mutating func advance(_ seconds: Double) {
        now = now.adding(seconds: seconds)
    }

    /// Moves only the wall clock (a step: NTP, a manual change).
    mutating func stepWallClock(_ seconds: Double) {
        now.wall = now.wall.adding(seconds: seconds)
    }

    mutating func tick() -> TickPlan {
        planner.tick(at: now)!
    }

    /// The fetch a tick starts, or nil.
    mutating func tickFetching() -> FetchOrder? {
        if case .fetch(let order) = tick().action { return order }
        return nil
    }

    /// Ends the fetch in flight with weather observed at the start of the current data period.
    @discardableResult
    mutating func succeed(
        observedAt: Timestamp? = nil,
        dataInterval: Double = 900,
        today: DayForecast? = nil,
        wetFromStep: Int? = nil,
        elapsed: Double = 0
    ) -> FinishPlan {
        advance(elapsed)
        let observed = observedAt ?? Self.periodStart(of: now.wall.adding(seconds: apiSkew), interval: dataInterval)
        let weather = Weather.sample(observedAt: observed, dataInterval: dataInterval)
        // The blocks the planner asked for.
        var forecast = Forecast.synthetic(
            weather,
            blocks: planner.inFlight?.blocks ?? .none,
            wetFromStep: wetFromStep
        )
        if let today { forecast.daily = [today] }
        return finish(.success(forecast), elapsed: elapsed)
    }

    /// Ends the fetch in flight with `error`.
    @discardableResult
    mutating func fail(_ error: FetchError = .network, elapsed: Double = 0) -> FinishPlan {
        advance(elapsed)
        return finish(.failure(error), elapsed: elapsed)
    }

    /// Ends the fetch in flight with `result`, which took `elapsed` seconds, with an API clock sample when
    /// answers carry a `Date`.
    private mutating func finish(_ result: Result<Forecast, FetchError>, elapsed: Double) -> FinishPlan {
        planner.finish(
            FetchOutcome(
                result: result.map(ForecastAnswer.forecast),
                elapsed: .seconds(elapsed),
                apiClockSample: sendsDate ? apiSkew : nil
            ),
            at: now
        )!
    }

    /// Fetches `location` (answered at once), then ticks again a data period and a visit later (961 s, with
    /// the 900 s periods ``succeed(observedAt:dataInterval:today:wetFromStep:elapsed:)`` answers), leaving the
    /// fetch that tick starts in flight: the first answer's observation time, and whether the tick fetched.
    mutating func fetchThenTickADataPeriodLater(_ location: Location) -> (observed: Timestamp, fetching: Bool) {
        _ = tickFetching()
        succeed()
        let observed = record(location).weather!.observedAt
        advance(961)
        return (observed, tickFetching() != nil)
    }

    /// Ticks once per interval until every location has been fetched once, each fetch answered at once.
    mutating func fetchEveryLocationOnce(interval: Double = 10) {
        for _ in planner.records {
            if tickFetching() != nil { succeed() }
            advance(interval)
        }
    }

    static func periodStart(of time: Timestamp, interval: Double) -> Timestamp {
        Timestamp(secondsSinceEpoch: (time.secondsSinceEpoch / interval).rounded(.down) * interval)
    }

    func record(_ location: Location) -> LocationRecord {
        planner.record(id: location.id)!
    }

    /// When `location` can next be fetched (nil: at its next visit).
    func nextRefresh(_ location: Location) -> Timestamp? {
        planner.nextRefresh(of: record(location), at: now)
    }
}

extension Weather {
    /// Plain weather observed at `observedAt`.
    static func sample(observedAt: Timestamp, dataInterval: Double? = 900, units: Units = Units()) -> Weather {
        Weather(
            observedAt: observedAt,
            utcOffsetSeconds: 3600,
            temperature: 2,
            code: WMOCode(61),
            units: units,
            dataInterval: dataInterval
        )
    }
}

extension FetchError {
    static let network = FetchError(kind: .network, message: "connection refused")
    static let minutely = FetchError(
        kind: .rateLimited,
        message: "rate limited (HTTP 429)",
        httpStatus: 429,
        reason: "Minutely API request limit exceeded. Please try again in one minute."
    )
    static let overloaded = FetchError(kind: .unavailable, message: "HTTP 503", httpStatus: 503)
}

extension TickPlan.Action {
    var isFetch: Bool {
        if case .fetch = self { return true }
        return false
    }

    var waiting: Waiting? {
        switch self {
        case .fetch: nil
        case .queued(let waiting): waiting
        case .cache(let waiting): waiting
        }
    }
}
