import FakeOpenMeteo
import Foundation
import OpenMeteo
import Testing
import WeatherCore

/// The air quality look-alike (AirQualityRoute): the wire shape of the shared fixture (key order, units with
/// U+03BC, whole indices), the hour on the hour, pollen null outside CAMS Europe, values that vary by place and
/// hour, the failures of `--air-mode`, and what the decoder makes of it all.
@Suite("FakeOpenMeteo: the air quality route")
struct FakeAirQualityTests {
    /// 2026-11-24T13:40:00Z on the look-alike's clock.
    static let now = 1_795_527_600.0

    static func uri(_ location: Location) -> String {
        let url = AirQualityEndpoint(baseURL: "http://x").url(for: AirQualityRequest(location: location))
        return String(url.dropFirst("http://x".count))
    }

    static func body(_ uri: String, at time: Double = now, mode: AirQualityMode = .normal) -> (Int, String)? {
        let response = FakeOpenMeteoServer.realistic(dataInterval: 900, airQuality: mode)(
            FakeRequest(uri: uri, time: time)
        )
        guard case .body(let status, _, let body, _) = response else { return nil }
        return (status, body)
    }

    static let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    static let london = Location(name: "London", latitude: 51.5074, longitude: -0.1278)
    static let newYork = Location(name: "New York", latitude: 40.7128, longitude: -74.006)
    static let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)

    @Test func theAnswerHasTheFixturesShape() throws {
        let fixture = try OrderedJSON.parse(try fixtureText("next-air-quality.json"))
        let (status, text) = try #require(
            Self.body(
                "/v1/air-quality?latitude=48.2&longitude=16.4&current=european_aqi,us_aqi,uv_index,pm2_5&timeformat=unixtime&timezone=auto"
            )
        )
        #expect(status == 200)
        let answer = try OrderedJSON.parse(text)
        #expect(answer.keys == fixture.keys)
        #expect(answer["current_units"] == fixture["current_units"], "the same units, byte for byte")
        #expect(answer["current"]?.keys == fixture["current"]?.keys)
        #expect(answer["current"]?["time"] == .scalar("1795525200"), "13:00Z: on the hour")
        #expect(answer["current"]?["interval"] == .scalar("3600"))
        #expect(text.contains("\"pm2_5\":\"\u{03BC}g/m\u{00B3}\""))
    }

    @Test func everyDefaultLocationDecodesAndOnlyEuropeHasPollen() throws {
        var levels: Set<AirQualityLevel> = []
        for location in [Self.berlin, Self.london, Self.newYork, Self.tokyo] {
            let (status, text) = try #require(Self.body(Self.uri(location)))
            #expect(status == 200, "\(location.name): \(text)")
            let answer = try AirQualityDecoder.decode(Array(text.utf8))
            let air = answer.airQuality
            #expect(air.time == Timestamp(secondsSinceEpoch: 1_795_525_200))
            #expect(answer.dataInterval == 3600)
            #expect(answer.droppedBlocks.isEmpty)
            #expect(air.europeanAQI != nil && air.usAQI != nil && air.pm2_5 != nil && air.ozone != nil)
            #expect(air.uvIndexMax != nil && air.uvIndexMax! >= air.uvIndex!)
            let inEurope = Pollen.covers(latitude: location.latitude, longitude: location.longitude)
            #expect(air.pollen.count == (inEurope ? 6 : 0), "\(location.name)")
            if let reading = air.reading(on: .european) { levels.insert(reading.level) }
        }
        #expect(levels.count > 1, "levels that can be seen: \(levels)")
        // Tokyo asked for pollen anyway: null, as the API answers outside CAMS Europe.
        let (_, tokyo) = try #require(
            Self.body("/v1/air-quality?latitude=35.6895&longitude=139.6917&current=birch_pollen")
        )
        #expect(tokyo.contains("\"birch_pollen\":null"))
    }

    /// The pollutant weatherd names as driving the index is read from the hour's concentrations through the
    /// scales' bands; the look-alike works its own sub-indices out the API's way. Asked for them, it agrees
    /// (within the rounding of concentrations to one decimal) at every hour of a day, for every place.
    @Test(arguments: AirQualityScale.allCases)
    func theDrivingPollutantAgreesWithTheSubIndices(scale: AirQualityScale) throws {
        let prefix = scale == .european ? "european_aqi_" : "us_aqi_"
        for location in [Self.berlin, Self.london, Self.newYork, Self.tokyo] {
            for hour in stride(from: 0.0, to: 86_400, by: 3600) {
                let variables = AirPollutant.allCases.map { prefix + $0.rawValue }.joined(separator: ",")
                let uri = Self.uri(location).replacingOccurrences(of: "&hourly=", with: ",\(variables)&hourly=")
                let (_, text) = try #require(Self.body(uri, at: Self.now + hour))
                let air = try AirQualityDecoder.decode(Array(text.utf8)).airQuality
                let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let current = try #require(json["current"] as? [String: Any])
                var answered: [AirPollutant: Double] = [:]
                for pollutant in AirPollutant.allCases {
                    answered[pollutant] = current[prefix + pollutant.rawValue] as? Double
                }
                let highest = try #require(answered.values.max())
                let named = try #require(air.dominantPollutant(on: scale))
                #expect(answered[named]! >= highest - 1, "\(location.name) +\(hour) s: \(named) of \(answered)")
                for (pollutant, value) in air.concentrations {
                    let index = pollutant.subIndex(of: value, on: scale)
                    #expect(abs(index - answered[pollutant]!) <= 1, "\(pollutant) \(value): \(index)")
                }
            }
        }
    }

    @Test func valuesMoveWithTheHourAndThePlace() throws {
        func pm(_ location: Location, _ time: Double) throws -> Double? {
            let (_, text) = try #require(Self.body(Self.uri(location), at: time))
            return try AirQualityDecoder.decode(Array(text.utf8)).airQuality.pm2_5
        }
        #expect(try pm(Self.berlin, Self.now) != pm(Self.berlin, Self.now + 4 * 3600))
        #expect(try pm(Self.berlin, Self.now) != pm(Self.tokyo, Self.now))
        #expect(try pm(Self.berlin, Self.now) == pm(Self.berlin, Self.now + 600), "the same hour")
    }

    @Test func pollenIsNullPastCAMSEuropesHorizon() throws {
        let (_, text) = try #require(
            Self.body(
                "/v1/air-quality?latitude=52.52&longitude=13.41&hourly=birch_pollen&forecast_days=5&timeformat=unixtime"
            )
        )
        let hourly = try #require(try OrderedJSON.parse(text)["hourly"]?["birch_pollen"]?.array)
        #expect(hourly.count == 120)
        #expect(hourly.prefix(97).allSatisfy { $0 != "null" })
        #expect(hourly.dropFirst(97).allSatisfy { $0 == "null" })
    }

    @Test func parametersAreCheckedLikeTheAPIs() throws {
        let unknown = try #require(Self.body("/v1/air-quality?latitude=1&longitude=2&current=temperature_2m"))
        #expect(unknown.0 == 400 && unknown.1.contains("invalid String value temperature_2m"))
        let latitude = try #require(Self.body("/v1/air-quality?latitude=91&longitude=2&current=pm10"))
        #expect(latitude.0 == 400 && latitude.1.contains("Latitude must be in range"))
        let days = try #require(Self.body("/v1/air-quality?latitude=1&longitude=2&hourly=pm10&forecast_days=8"))
        #expect(days.0 == 400)
    }

    @Test func theAirModesFailTheRouteAlone() throws {
        let uri = Self.uri(Self.berlin)
        #expect(Self.body(uri, mode: .html)?.0 == 200)
        #expect(Self.body(uri, mode: .html)?.1.hasPrefix("<html>") == true)
        let truncated = try #require(Self.body(uri, mode: .truncated))
        #expect(truncated.0 == 200)
        #expect(throws: FetchError.self) { try AirQualityDecoder.decode(Array(truncated.1.utf8)) }
        let handler = FakeOpenMeteoServer.realistic(dataInterval: 900, airQuality: .unavailable(retryAfter: "120"))
        guard case .body(503, _, _, let headers) = handler(FakeRequest(uri: uri, time: Self.now)) else {
            Issue.record("not a 503")
            return
        }
        #expect(headers.contains { $0 == ("Retry-After", "120") })
        guard case .hang = FakeOpenMeteoServer.realistic(dataInterval: 900, airQuality: .hang)(FakeRequest(uri: uri))
        else {
            Issue.record("not a hang")
            return
        }
        // The forecast route does not notice.
        let forecast = handler(FakeRequest(uri: "/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m"))
        guard case .body(200, _, _, _) = forecast else {
            Issue.record("the forecast failed too")
            return
        }
        #expect(AirQualityMode(name: "429", retryAfter: "60") == .rateLimited(retryAfter: "60"))
        #expect(AirQualityMode(name: "404") == nil)
    }
}
