import AsyncHTTPClient
import FakeOpenMeteo
import Foundation
import Logging
import OpenMeteo
import Testing
import WeatherCore
import WeatherHTTP
import WeatherTestSupport

/// `OpenMeteoClient` against a real loopback `FakeOpenMeteoServer` and a real `HTTPClient`.
/// Every test starts its own server and client and shuts both down.
@Suite("OpenMeteoClient")
struct OpenMeteoClientTests {
    private static let userAgent = "weatherd/1.2.3"
    private static let currentList =
        "temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,weather_code,cloud_cover,"
        + "wind_speed_10m,wind_direction_10m,wind_gusts_10m"

    // MARK: - Success and the request

    @Test func successMapsToWeather() async throws {
        let body = try fixtureText("current-berlin.json")
        try await withClient(responding: .body(status: 200, body: body)) { server, client in
            let weather = try await fetch(client).get()
            let expected = Weather.berlin(observedAt: Timestamp(secondsSinceEpoch: 1_763_784_000))
            #expect(weather == expected)
            #expect(server.requestCount == 1)
        }
    }

    @Test func requestCarriesExactlyTheDocumentedQueryAndUserAgent() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let weather = try await fetch(client).get()
            #expect(weather.code == WMOCode(FakeOpenMeteoServer.weatherCode(forLatitude: 52.52)))
            #expect(weather.units == Units())
            let request = try #require(server.requests.first)
            #expect(server.requestCount == 1)
            #expect(request.method == "GET")
            #expect(request.path == "/v1/forecast")
            #expect(
                request.query == [
                    "latitude": "52.52", "longitude": "13.41", "current": Self.currentList,
                    "timeformat": "unixtime", "timezone": "auto", "temperature_unit": "celsius",
                    "wind_speed_unit": "kmh", "precipitation_unit": "mm",
                ]
            )
            #expect(request.query["apikey"] == nil)
            let agents = request.headers.filter { $0.0.lowercased() == "user-agent" }.map(\.1)
            #expect(agents == [Self.userAgent])
        }
    }

    @Test func requestCarriesTheAPIKeyAndTheRequestedUnits() async throws {
        let units = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
        try await withClient(FakeOpenMeteoServer.realistic, apiKey: "secret-key") { server, client in
            let weather = try await fetch(client, units: units).get()
            #expect(weather.units == units)
            let request = try #require(server.requests.first)
            #expect(request.query["apikey"] == "secret-key")
            #expect(request.query["temperature_unit"] == "fahrenheit")
            #expect(request.query["wind_speed_unit"] == "mph")
            #expect(request.query["precipitation_unit"] == "inch")
            #expect(request.query.count == 9)
            #expect(request.uri.hasSuffix("&apikey=secret-key"))
        }
    }

    @Test func aLocationAskedForAgainSendsTheSameRequestAndOtherUnitsOrPlacesADifferentOne() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let metric = Units()
            let imperial = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)
            let london = Location(name: "London", latitude: 51.5074, longitude: -0.1278)
            let first = try await fetch(client, units: metric).get()
            let second = try await fetch(client, units: metric).get()
            let third = try await fetch(client, units: imperial).get()
            _ = try await fetch(client, at: london).get()
            let fifth = try await fetch(client, units: metric).get()
            #expect([first.units, second.units, third.units, fifth.units] == [metric, metric, imperial, metric])
            let requests = server.requests
            #expect(requests.count == 5)
            guard requests.count == 5 else { return }
            #expect(requests[0].uri == requests[1].uri)
            #expect(requests[0].uri == requests[4].uri)
            #expect(requests[0].headers.map { "\($0): \($1)" } == requests[1].headers.map { "\($0): \($1)" })
            #expect(requests[2].query["temperature_unit"] == "fahrenheit")
            #expect(requests[3].query["latitude"] == "51.5074")
            #expect(requests[3].query["longitude"] == "-0.1278")
            #expect(requests[3].query["temperature_unit"] == "celsius")
            for request in requests {
                #expect(request.headers.filter { $0.0.lowercased() == "user-agent" }.map(\.1) == [Self.userAgent])
            }
        }
    }

    // MARK: - The day's outlook

    @Test func askingForTodayAddsTheDailyBlockAndItsWeight() async throws {
        let body = try fixtureText("current-with-today-berlin.json")
        try await withClient(responding: .body(status: 200, body: body)) { server, client in
            let forecast = try await client.forecast(
                at: .berlinForTests,
                units: Units(),
                blocks: ForecastBlocks(days: 1)
            )
            let today = try #require(forecast.today)
            #expect(today.date.description == "2025-11-22")
            #expect(today.temperatureMax == 4.1)
            #expect(today.temperatureMin == -0.8)
            #expect(today.precipitationProbabilityMax == 80)
            #expect(today.sunrise == Timestamp(secondsSinceEpoch: 1_763_793_302))
            #expect(today.sunset == Timestamp(secondsSinceEpoch: 1_763_823_390))
            #expect(today.code == WMOCode(61))
            let request = try #require(server.requests.first)
            #expect(
                request.query["daily"]
                    == "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,"
                    + "precipitation_sum,sunrise,sunset,uv_index_max"
            )
            #expect(request.query["forecast_days"] == "1")
            let variables = (request.query["current"]! + "," + request.query["daily"]!).split(separator: ",")
            #expect(variables.count == ForecastBlocks(days: 1).variables)
        }
    }

    @Test func withoutTodayTheRequestAsksForCurrentValuesAlone() async throws {
        try await withClient(FakeOpenMeteoServer.realistic) { server, client in
            let forecast = try await client.forecast(at: .berlinForTests, units: Units(), blocks: .none)
            #expect(forecast.today == nil)
            let request = try #require(server.requests.first)
            #expect(request.query["daily"] == nil)
            #expect(request.query["forecast_days"] == nil)
            #expect(request.query["current"]!.split(separator: ",").count == ForecastBlocks.currentVariables)
        }
    }

    @Test func polarNightHasNoSunriseAndNoFakeValues() async throws {
        let body = try fixtureText("current-with-today-polar-night.json")
        try await withClient(responding: .body(status: 200, body: body)) { _, client in
            let location = Location(name: "Longyearbyen", latitude: 78.22, longitude: 15.65)
            let forecast = try await client.forecast(at: location, units: Units(), blocks: ForecastBlocks(days: 1))
            let today = try #require(forecast.today)
            #expect(today.sunrise == nil)
            #expect(today.sunset == nil)
            #expect(today.precipitationProbabilityMax == nil)
            #expect(today.temperatureMax == -8.0)
            #expect(today.code == WMOCode(3))
        }
    }

    @Test func cancellingTheTaskEndsAHangingAsyncFetch() async throws {
        try await withClient(responding: .hang, timeout: .seconds(60)) { server, client in
            let clock = ContinuousClock()
            let start = clock.now
            let task = Task { () -> Result<Weather, FetchError> in
                do throws(FetchError) {
                    return .success(
                        try await client.forecast(at: .berlinForTests, units: Units(), blocks: .none).weather
                    )
                } catch {
                    return .failure(error)
                }
            }
            while server.requestCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
            task.cancel()
            #expect(await task.value.failure != nil)
            #expect(clock.now - start < .seconds(10))
        }
    }

    // MARK: - The API clock

    @Test func dateAndAgeGiveTheAPIClockSample() async throws {
        let body = try fixtureText("current-berlin.json")
        let ahead = HTTPDateText.imfFixdate(HTTPDateText.hostNow() + 240)
        try await withClient(responding: .body(status: 200, body: body, headers: [("Date", ahead), ("Age", "20")])) {
            _,
            client in
            let place = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
            let forecast = try await client.forecast(at: place, units: Units(), blocks: .none)
            let sample = try #require(forecast.apiClockSample)
            // 240 s ahead plus the cache's 20 s, less the Date's lost fraction of a second and the time the
            // request took on a loaded machine.
            #expect(sample > 250 && sample < 261, "\(sample)")
        }
    }
}
