import WeatherCore
import WeatherTestSupport

/// A state file's contents at a fixed moment, as domain values: Berlin (UTC+1) with hours, days and a
/// nowcast that turns wet in 25 minutes; London (UTC) with weather and no forecast.
enum Fixture {
    /// 2026-11-22T13:20:00Z, a Sunday: 14:20 in Berlin.
    static let now = time("2026-11-22T13:20:00Z")

    static func time(_ text: String) -> Timestamp {
        Timestamp(rfc3339: text)!
    }

    /// Berlin's hours, from 11:00Z: three already past (one wetter than any coming one), then six coming.
    static let hours: [HourForecast] = [
        HourForecast(time: time("2026-11-22T11:00:00Z"), temperature: 20, precipitationProbability: 100),
        HourForecast(time: time("2026-11-22T12:00:00Z"), temperature: 20, precipitationProbability: 100),
        HourForecast(time: time("2026-11-22T13:00:00Z"), temperature: 20, precipitationProbability: 100),
        hour("2026-11-22T14:00:00Z", 4, probability: 10, precipitation: 0, code: 3),
        hour("2026-11-22T15:00:00Z", 6, probability: 20, precipitation: 0, code: 3),
        hour("2026-11-22T16:00:00Z", 8, probability: 70, precipitation: 0.5, code: 61),
        hour("2026-11-22T17:00:00Z", 12, probability: 90, precipitation: 1.2, code: 63),
        hour("2026-11-22T18:00:00Z", 10, probability: 40, precipitation: 0, code: 3),
        hour("2026-11-22T19:00:00Z", 5, probability: 5, precipitation: 0, code: 3),
        hour("2026-11-22T20:00:00Z", 3, probability: 50, precipitation: 0, code: 3),
    ]

    static func hour(
        _ text: String,
        _ temperature: Double,
        probability: Double,
        precipitation: Double,
        code: Int
    )
        -> HourForecast
    {
        HourForecast(
            time: time(text),
            temperature: temperature,
            precipitationProbability: probability,
            precipitation: precipitation,
            code: WMOCode(code),
            isDay: true
        )
    }

    /// Berlin's days: yesterday (past), today, tomorrow, the day after.
    static let days: [DayForecast] = [
        DayForecast(date: LocalDate(parsing: "2026-11-21")!, temperatureMax: 30, temperatureMin: 25, fetchedAt: now),
        DayForecast(
            date: LocalDate(parsing: "2026-11-22")!,
            temperatureMax: 4.1,
            temperatureMin: -0.8,
            precipitationProbabilityMax: 80,
            precipitationSum: 2.14,
            uvIndexMax: 0.6,
            sunrise: time("2026-11-22T06:35:02Z"),
            sunset: time("2026-11-22T14:56:30Z"),
            code: WMOCode(61),
            fetchedAt: now
        ),
        DayForecast(
            date: LocalDate(parsing: "2026-11-23")!,
            temperatureMax: 12.5,
            temperatureMin: 1.2,
            precipitationProbabilityMax: 5,
            precipitationSum: 0,
            uvIndexMax: 1,
            sunrise: time("2026-11-23T06:36:40Z"),
            sunset: time("2026-11-23T14:55:38Z"),
            code: WMOCode(2),
            fetchedAt: now
        ),
        DayForecast(
            date: LocalDate(parsing: "2026-11-24")!,
            temperatureMax: -3,
            temperatureMin: -7.5,
            code: WMOCode(71),
            fetchedAt: now
        ),
    ]

    /// Dry until 13:45Z, wet from the step ending 14:00Z: "rain in 25 min" at 13:20Z.
    static let nowcast = NowcastStep.quarterHours(
        from: time("2026-11-22T13:15:00Z"),
        [2, 0, 0, 0.3, 0.5, 0, 0, 0, 0]
    )

    static var berlin: LocationState {
        var forecast = LocationForecast()
        forecast.hourly = hours
        forecast.hourlyFetchedAt = time("2026-11-22T11:00:00Z")
        forecast.daily = days
        forecast.dailyFetchedAt = time("2026-11-22T11:00:00Z")
        forecast.nowcast = nowcast
        forecast.nowcastFetchedAt = time("2026-11-22T13:17:00Z")
        var berlin = LocationState(
            location: Location(id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.41),
            status: .ok
        )
        berlin.fetchedAt = time("2026-11-22T13:17:00Z")
        berlin.weather = .berlin(observedAt: time("2026-11-22T13:15:00Z"))
        berlin.today = days[1]
        berlin.forecast = forecast
        return berlin
    }

    static var london: LocationState {
        var weather = Weather.berlin(observedAt: time("2026-11-22T13:15:00Z"))
        weather.utcOffsetSeconds = 0
        weather.temperature = 7.6
        weather.code = WMOCode(3)
        var london = LocationState(
            location: Location(id: "london", name: "London & Co", latitude: 51.5074, longitude: -0.1278),
            status: .ok
        )
        london.fetchedAt = time("2026-11-22T13:18:00Z")
        london.weather = weather
        return london
    }

    static func snapshot(display: DisplaySettings? = nil) -> StateSnapshot {
        var daemon = DaemonInfo(
            pid: 42,
            version: "1.0.0",
            startedAt: time("2026-11-22T13:00:00Z"),
            intervalSeconds: 10,
            timeoutSeconds: 5,
            staleAfterSeconds: 1800
        )
        daemon.display = display
        return StateSnapshot(
            generatedAt: time("2026-11-22T13:19:58Z"),
            daemon: daemon,
            currentLocation: "berlin",
            rotationIndex: 3,
            locations: [berlin, london]
        )
    }
}
