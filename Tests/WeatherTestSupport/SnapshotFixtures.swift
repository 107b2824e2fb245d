import WeatherCore

/// The docs/state-file.md example, as data: Berlin, every field.
public enum DocumentedExample {
    /// 2026-11-22T04:05:06Z
    public static let generatedAt = Timestamp(secondsSinceEpoch: 1_795_320_306)
    /// 2026-11-22T04:00:00Z
    public static let startedAt = Timestamp(secondsSinceEpoch: 1_795_320_000)

    public static let berlin = Location(id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.41)

    public static let weather = Weather.berlin(observedAt: startedAt)

    public static let snapshot = StateSnapshot(
        generatedAt: generatedAt,
        daemon: DaemonInfo(
            pid: 1234,
            version: "1.0.0",
            startedAt: startedAt,
            intervalSeconds: 10,
            timeoutSeconds: 5,
            staleAfterSeconds: 1800,
            refresh: "auto",
            ticks: 31,
            ticksFetched: 5,
            ticksSkipped: 0,
            ticksFromCache: 26,
            fetchesOK: 4,
            fetchesFailed: 1,
            requests: 5,
            backoffUntil: nil,
            quota: QuotaReport(
                minute: QuotaUsage(used: 1.6, limit: 600, resetsAt: Timestamp(secondsSinceEpoch: 1_795_320_360)),
                hour: QuotaUsage(used: 8, limit: 5000, resetsAt: Timestamp(secondsSinceEpoch: 1_795_323_600)),
                day: QuotaUsage(used: 36.8, limit: 10_000, resetsAt: Timestamp(secondsSinceEpoch: 1_795_392_000))
            )
        ),
        currentLocation: "berlin",
        rotationIndex: 30,
        locations: [berlinState]
    )

    /// Berlin's entry of ``snapshot``.
    private static var berlinState: LocationState {
        var state = LocationState(location: berlin, status: .ok)
        state.fetchedAt = generatedAt
        state.nextRefreshAt = Timestamp(secondsSinceEpoch: 1_795_320_941)
        state.weather = weather
        state.today = DayForecast(
            date: LocalDate(parsing: "2026-11-22")!,
            temperatureMax: 4.1,
            temperatureMin: -0.8,
            precipitationProbabilityMax: 80,
            sunrise: Timestamp(rfc3339: "2026-11-22T06:35:02Z"),
            sunset: Timestamp(rfc3339: "2026-11-22T14:56:30Z"),
            code: WMOCode(61),
            fetchedAt: generatedAt
        )
        return state
    }

    /// The JSON of docs/state-file.md, verbatim.
    public static let json = """
        {
          "schema_version": 1,
          "generated_at": "2026-11-22T04:05:06Z",
          "daemon": {"pid": 1234, "version": "1.0.0", "started_at": "2026-11-22T04:00:00Z",
                     "interval_seconds": 10, "refresh": "auto", "ticks": 31, "ticks_fetched": 5,
                     "ticks_skipped": 0, "ticks_from_cache": 26,
                     "fetches_ok": 4, "fetches_failed": 1, "requests": 5, "backoff_until": null,
                     "quota": {"minute": {"used": 1.6, "limit": 600, "resets_at": "2026-11-22T04:06:00Z"},
                               "hour":   {"used": 8.0, "limit": 5000, "resets_at": "2026-11-22T05:00:00Z"},
                               "day":    {"used": 36.8, "limit": 10000, "resets_at": "2026-11-23T00:00:00Z"}}},
          "current_location": "berlin",
          "rotation_index": 30,
          "locations": [
            {"id": "berlin", "name": "Berlin", "latitude": 52.52, "longitude": 13.41,
             "status": "ok",
             "fetched_at": "2026-11-22T04:05:06Z",
             "next_refresh_at": "2026-11-22T04:15:41Z",
             "weather": {"observed_at": "2026-11-22T04:00:00Z", "utc_offset_seconds": 3600,
                         "temperature": 2.0, "apparent_temperature": -1.3, "relative_humidity": 81,
                         "precipitation": 0.2, "cloud_cover": 100, "wind_speed": 16.9,
                         "wind_direction": 254, "wind_gusts": 30.2, "is_day": true,
                         "wmo_code": 61, "condition": "rain", "category": "rain",
                         "description": "Slight rain",
                         "data_interval_seconds": 900,
                         "units": {"temperature": "°C", "wind_speed": "km/h", "precipitation": "mm"}},
             "today": {"date": "2026-11-22", "temperature_max": 4.1, "temperature_min": -0.8,
                       "precipitation_probability_max": 80,
                       "sunrise": "2026-11-22T06:35:02Z", "sunset": "2026-11-22T14:56:30Z",
                       "wmo_code": 61, "condition": "rain", "category": "rain", "description": "Slight rain"},
             "last_error": null}
          ]
        }
        """
}

/// A snapshot that uses every shape: fresh, failing with and without weather, pending, sparse weather,
/// other units, a backoff.
public func variedSnapshot() -> StateSnapshot {
    let t = DocumentedExample.generatedAt
    let imperial = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
    var newYork = LocationState(
        location: Location(id: "nyc", name: "New York", latitude: 40.7128, longitude: -74.006),
        status: .error
    )
    newYork.fetchedAt = t.adding(seconds: -3600)
    newYork.weather = Weather(
        observedAt: t.adding(seconds: -3900),
        utcOffsetSeconds: -18_000,
        temperature: 35.6,
        apparentTemperature: 30.02,
        relativeHumidity: 55,
        precipitation: 0.01,
        cloudCover: 0,
        windSpeed: 4.7,
        windDirection: 0,
        windGusts: 11.5,
        isDay: false,
        code: WMOCode(0),
        units: imperial
    )
    newYork.lastError = ErrorRecord(
        kind: .rateLimited,
        message: "HTTP 429: Daily API request limit exceeded",
        httpStatus: 429,
        at: t.adding(seconds: -5)
    )
    var tokyo = LocationState(
        location: Location(id: "tokyo", name: "Tokyo", latitude: 35.6895, longitude: 139.6917),
        status: .error
    )
    tokyo.lastError = ErrorRecord(kind: .timeout, message: "timed out after 5 s", httpStatus: nil, at: t)
    var sparse = LocationState(
        location: Location(id: "sparse", name: "Sparse", latitude: -90, longitude: 180),
        status: .stale
    )
    sparse.fetchedAt = t.adding(seconds: -7200)
    sparse.weather = Weather(observedAt: t.adding(seconds: -7200), temperature: -0.5, code: WMOCode(42))
    return StateSnapshot(
        generatedAt: t,
        daemon: DaemonInfo(
            pid: 4_000_001,
            version: "1.2.3-dev",
            startedAt: t.adding(seconds: -86_400),
            intervalSeconds: 0.5,
            timeoutSeconds: 2.5,
            staleAfterSeconds: 600,
            refresh: "every_tick",
            ticks: 1000,
            ticksFetched: 980,
            ticksSkipped: 7,
            ticksFromCache: 13,
            ticksMissed: 31,
            fetchesOK: 900,
            fetchesFailed: 80,
            requests: 981,
            backoffUntil: t.adding(seconds: 54),
            backoffCause: .rateLimited(.hour),
            apiClockOffsetSeconds: -0.25,
            apiClockSamples: [1.5, -0.000012, 240, -0.25, 1e-7]
        ),
        currentLocation: nil,
        rotationIndex: nil,
        locations: [
            DocumentedExample.snapshot.locations[0], newYork, tokyo, sparse,
            LocationState(location: Location(name: "Pending Place", latitude: 0, longitude: 0), status: .pending),
        ]
    )
}

/// ``variedSnapshot()`` with the forecast (docs/forecast.md): Berlin with hours, days and a nowcast whose rain
/// starts at 04:30, values the API sent as null, a day without sunrise or sunset; New York's days in °F
/// and inches; the API's clock 2 minutes ahead of the host's (so the API's now is 04:07:06); the
/// `display` settings and a rain episode.
public func forecastSnapshot() -> StateSnapshot {
    let t = DocumentedExample.generatedAt
    func at(_ text: String) -> Timestamp { Timestamp(rfc3339: "2026-11-22T\(text):00Z")! }
    var snapshot = variedSnapshot()
    snapshot.daemon.apiClockOffsetSeconds = 120
    snapshot.daemon.apiClockSamples = [120]
    snapshot.daemon.display = DisplaySettings(
        text: "{icon} {temperature:.1}{unit} \"{nowcast}\"",
        icons: .nerd,
        clock: .twelveHour
    )
    snapshot.daemon.rainEpisodes = ["berlin"]
    let today = LocalDate(parsing: "2026-11-22")!
    let tomorrow = LocalDate(parsing: "2026-11-23")!
    let days = [
        DayForecast(
            date: today,
            temperatureMax: 4.1,
            temperatureMin: -0.8,
            precipitationProbabilityMax: 80,
            precipitationSum: 3.5,
            uvIndexMax: 0.45,
            sunrise: at("06:35"),
            sunset: at("14:56"),
            code: WMOCode(61),
            fetchedAt: t.adding(seconds: -3600)
        ),
        // Sent as null: sunrise, sunset, the UV index and the code.
        DayForecast(
            date: tomorrow,
            temperatureMax: -2,
            temperatureMin: -7.25,
            precipitationProbabilityMax: 5,
            precipitationSum: 0,
            fetchedAt: t.adding(seconds: -60)
        ),
    ]
    snapshot.locations[0].today = days[0]
    var berlin = LocationForecast()
    berlin.hourly = [
        HourForecast(
            time: at("04:00"),
            temperature: 2.5,
            precipitationProbability: 80,
            precipitation: 0.3,
            code: WMOCode(61),
            isDay: false
        ),
        HourForecast(time: at("05:00"), precipitationProbability: 40, isDay: false),
        HourForecast(time: at("06:00"), temperature: 1.5, precipitation: 0, code: WMOCode(71), isDay: false),
    ]
    berlin.hourlyFetchedAt = at("04:00")
    berlin.daily = days
    berlin.dailyFetchedAt = at("00:00")
    // 04:00 to 06:00; the first step is past, not in the summary.
    berlin.nowcast = NowcastStep.quarterHours(from: at("04:00"), [1.0, 0, nil, 0.4, 0.1, 0.05, 0, 0, 0])
    berlin.nowcastFetchedAt = t
    snapshot.locations[0].forecast = berlin
    // New York: days only (hours and nowcast switched off), in °F and inches, its local date the 21st.
    var newYork = LocationForecast()
    newYork.daily = [
        DayForecast(
            date: LocalDate(parsing: "2026-11-21")!,
            temperatureMax: 50,
            temperatureMin: 32,
            precipitationProbabilityMax: 100,
            precipitationSum: 0.5,
            code: WMOCode(63),
            fetchedAt: t.adding(seconds: -3600)
        )
    ]
    newYork.dailyFetchedAt = t.adding(seconds: -3600)
    snapshot.locations[1].forecast = newYork
    snapshot.locations[1].today = newYork.daily.first
    return snapshot
}

/// ``variedSnapshot()`` with official warnings: its first location under a Severe and a Minor warning
/// of NWS, its second with a stale MeteoAlarm source and none in force.
public func alertSnapshot() -> StateSnapshot {
    var snapshot = variedSnapshot()
    let now = snapshot.generatedAt
    var storm = Alert.storm(
        onset: now.adding(seconds: -3600),
        url: "https://api.weather.gov/alerts/urn:oid:storm.1"
    ).with(ends: now.adding(seconds: 86_400))
    storm.language = "en-US"
    snapshot.locations[0].alerts = LocationAlerts(
        source: .nws,
        fetchedAt: now.adding(seconds: -120),
        stale: false,
        items: [storm, Alert(id: "urn:oid:frost.1", source: .nws, event: "Frost Advisory", severity: .minor)]
    )
    if snapshot.locations.count > 1 {
        snapshot.locations[1].alerts = LocationAlerts(source: .meteoalarm, fetchedAt: nil, stale: true, items: [])
    }
    return snapshot
}
