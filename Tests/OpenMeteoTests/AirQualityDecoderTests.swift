import Foundation
import OpenMeteo
import Testing
import WeatherCore

/// The air quality answer (docs/air.md) on the wire shape of `shared/fixtures/next/open-meteo-air-quality.json`
/// and variants of it: units compared byte for byte (μ is U+03BC, not the micro sign U+00B5), nulls absent,
/// pollen only where CAMS Europe has it, bad input `invalid_response`.
@Suite("AirQualityDecoder")
struct AirQualityDecoderTests {
    /// The fixture's text.
    private func fixture() throws -> String {
        try fixtureText("next-air-quality.json")
    }

    /// The fixture with `current_units` and `current` replaced by these members (`"name":value` text).
    private func answer(units: [String], current: [String], hourly: String? = nil) -> String {
        var text = #"{"latitude":48.2,"longitude":16.4,"generationtime_ms":0.32,"utc_offset_seconds":3600,"#
        text += #""timezone":"Europe/Vienna","timezone_abbreviation":"GMT+1","elevation":171.0,"#
        text += #""current_units":{"time":"unixtime","interval":"seconds","# + units.joined(separator: ",") + "},"
        text += #""current":{"time":1795525200,"interval":3600,"# + current.joined(separator: ",") + "}"
        if let hourly { text += "," + hourly }
        return text + "}"
    }

    private func decode(_ text: String) throws(FetchError) -> AirQualityAnswer {
        try AirQualityDecoder.decode(Array(text.utf8))
    }

    private func expectInvalid(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let answer = try decode(text)
            Issue.record("decoded \(answer)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == .invalidResponse, sourceLocation: sourceLocation)
            #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
        }
    }

    @Test func decodesTheFixture() throws {
        let answer = try AirQualityDecoder.decode(try fixtureBytes("next-air-quality.json"))
        let air = answer.airQuality
        #expect(air.time == Timestamp(secondsSinceEpoch: 1_795_525_200))
        #expect(air.time.rfc3339 == "2026-11-24T13:00:00Z", "on the hour")
        #expect(answer.dataInterval == 3600)
        #expect(air.europeanAQI == 38)
        #expect(air.usAQI == 47)
        #expect(air.uvIndex == 0.85)
        #expect(air.pm2_5 == 14.3)
        #expect(air.pm10 == nil && air.ozone == nil && air.nitrogenDioxide == nil, "not in the answer: absent")
        #expect(air.pollen.isEmpty)
        #expect(air.uvIndexMax == nil, "no hourly block")
        #expect(answer.droppedBlocks.isEmpty)
        #expect(answer.apiClockSample == nil, "the client adds it from the headers")
        #expect(air.reading(on: .european)?.level == .fair)
        #expect(air.reading(on: .us)?.level == .good)
    }

    @Test func theFixtureWritesMicrogramsWithGreekMu() throws {
        let bytes = try fixtureBytes("next-air-quality.json")
        let mu: [UInt8] = [0xCE, 0xBC]  // U+03BC in UTF-8
        let micro: [UInt8] = [0xC2, 0xB5]  // U+00B5
        #expect(bytes.indices.contains { bytes[$0...].starts(with: mu) })
        #expect(!bytes.indices.contains { bytes[$0...].starts(with: micro) })
    }

    @Test func theMicroSignIsAnotherUnit() throws {
        let microSign = try fixture().replacingOccurrences(of: "\u{03BC}g/m³", with: "\u{00B5}g/m³")
        #expect(microSign != (try fixture()))
        expectInvalid(microSign, "(U+00B5 where U+03BC is expected)")
        let ppm = answer(units: [#""pm10":"ppm""#], current: [#""pm10":3.0"#])
        expectInvalid(ppm, #"`current_units.pm10` is "ppm", expected "μg/m³""#)
        expectInvalid(answer(units: [#""european_aqi":"USAQI""#], current: []), "expected \"EAQI\"")
        expectInvalid(answer(units: [#""birch_pollen":"grains/m3""#], current: []), "expected \"grains/m³\"")
        expectInvalid(answer(units: [#""uv_index":"index""#], current: []), "uv_index")
    }

    @Test func everyVariableWithItsUnits() throws {
        let decoded = try decode(
            answer(
                units: [
                    #""european_aqi":"EAQI""#, #""us_aqi":"USAQI""#, #""european_aqi_pm2_5":"EAQI""#,
                    #""european_aqi_ozone":"EAQI""#, #""pm2_5":"μg/m³""#, #""pm10":"μg/m³""#,
                    #""ozone":"μg/m³""#, #""nitrogen_dioxide":"μg/m³""#, #""uv_index":"""#,
                    #""birch_pollen":"grains/m³""#, #""grass_pollen":"grains/m³""#, #""olive_pollen":"grains/m³""#,
                    #""future_variable":{"unit":true}"#,
                ],
                current: [
                    #""european_aqi":64"#, #""us_aqi":88.0"#, #""european_aqi_pm2_5":39"#,
                    #""european_aqi_ozone":64"#, #""european_aqi_pm10":null"#, #""pm2_5":14.3"#, #""pm10":20.1"#,
                    #""ozone":130.0"#, #""nitrogen_dioxide":8.4"#, #""uv_index":0.0"#, #""birch_pollen":12.5"#,
                    #""grass_pollen":0.0"#, #""olive_pollen":null"#, #""future_variable":"text""#,
                    #""future_list":[1,2]"#,
                ]
            )
        )
        let air = decoded.airQuality
        #expect(air.europeanAQI == 64)
        #expect(air.usAQI == 88, "a whole number sent as a float")
        #expect(air.pm10 == 20.1 && air.ozone == 130 && air.nitrogenDioxide == 8.4)
        #expect(air.uvIndex == 0)
        #expect(air.pollen == [.birch: 12.5, .grass: 0], "null absent, 0.0 kept")
        #expect(
            air.reading(on: .european)
                == AirQualityReading(scale: .european, index: 64, level: .poor, pollutant: .ozone)
        )
    }

    @Test func tokyoHasNoPollen() throws {
        let plants = ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]
        let air = try decode(
            answer(
                units: plants.map { #""\#($0)_pollen":"grains/m³""# },
                current: [#""european_aqi":22"#] + plants.map { #""\#($0)_pollen":null"# }
            )
        ).airQuality
        #expect(air.pollen.isEmpty)
        #expect(Pollen.highest(air.pollen) == nil)
    }

    @Test func theDaysHighestHourlyUV() throws {
        // Vienna's local day from its midnight (23:00Z), 24 hours, one null.
        let midnight = 1_795_474_800
        let times = (0..<24).map { String(midnight + $0 * 3600) }.joined(separator: ",")
        var uv = (0..<24).map { hour in hour < 7 || hour > 16 ? "0.00" : String(format: "%.2f", Double(hour) / 10) }
        uv[12] = "null"
        let hourly =
            #""hourly_units":{"time":"unixtime","uv_index":""},"hourly":{"time":[\#(times)],"uv_index":[\#(uv.joined(separator: ","))]}"#
        let decoded = try decode(answer(units: [], current: [#""uv_index":0.85"#], hourly: hourly))
        #expect(decoded.airQuality.uvIndexMax == 1.6)
        #expect(decoded.droppedBlocks.isEmpty)

        let shifted = hourly.replacingOccurrences(of: String(midnight), with: String(midnight - 2 * 86_400))
        let dropped = try decode(answer(units: [], current: [#""uv_index":0.85"#], hourly: shifted))
        #expect(dropped.airQuality.uvIndexMax == nil)
        #expect(dropped.airQuality.uvIndex == 0.85, "the rest of the answer is used")
        #expect(dropped.droppedBlocks.count == 1)
        #expect(dropped.droppedBlocks.first?.hasPrefix("`hourly` dropped: ") == true)

        let unequal = hourly.replacingOccurrences(of: "\"uv_index\":[0.00,", with: "\"uv_index\":[")
        #expect(try decode(answer(units: [], current: [], hourly: unequal)).droppedBlocks.count == 1)
        let wrongType = #""hourly":{"time":"soon","uv_index":[1]}"#
        #expect(try decode(answer(units: [], current: [], hourly: wrongType)).droppedBlocks.count == 1)
    }

    @Test func badInputIsAnInvalidResponse() throws {
        let fixture = try fixture()
        expectInvalid("<html><body>502 Bad Gateway</body></html>", "not JSON (an HTML page?)")
        expectInvalid(String(fixture.prefix(fixture.count / 2)), "not JSON or truncated")
        expectInvalid("[]", "not a JSON object")
        expectInvalid(#"{"latitude":48.2}"#, "missing `current`")
        expectInvalid(#"{"current":{"interval":3600}}"#, "missing or invalid `current.time`")
        expectInvalid(answer(units: [], current: [#""european_aqi":38.5"#]), "not a whole number")
        expectInvalid(answer(units: [], current: [#""us_aqi":-3"#]), "implausible `us_aqi`")
        expectInvalid(answer(units: [], current: [#""pm2_5":-1.0"#]), "implausible `pm2_5`")
        expectInvalid(answer(units: [], current: [#""uv_index":99"#]), "implausible `uv_index`")
        expectInvalid(answer(units: [], current: [#""birch_pollen":"lots""#]), "wrong type at `current.birch_pollen`")
        expectInvalid(
            fixture.replacingOccurrences(of: "\"interval\":3600", with: "\"interval\":0"),
            "`current.interval` is 0"
        )
        expectInvalid(
            fixture.replacingOccurrences(of: "\"utc_offset_seconds\":3600", with: "\"utc_offset_seconds\":99999"),
            "`utc_offset_seconds`"
        )
    }

    @Test func anOpenMeteoErrorBodyGivesItsReason() {
        let body = #"{"error":true,"reason":"No data is available for this location"}"#
        #expect(ForecastDecoder.errorReason(Array(body.utf8)) == "No data is available for this location")
    }
}

/// The request of docs/air.md: its parameters in a fixed order, the variables for the scale and the place,
/// and the weight the planner charges.
@Suite("AirQualityEndpoint")
struct AirQualityEndpointTests {
    private let berlin = Location(name: "Berlin", latitude: 52.52, longitude: 13.41)
    private let tokyo = Location(name: "Tokyo", latitude: 35.6895, longitude: 139.6917)

    @Test func theURLInEurope() {
        let endpoint = AirQualityEndpoint(baseURL: "https://air-quality-api.open-meteo.com/")
        let url = endpoint.url(for: AirQualityRequest(location: berlin))
        #expect(
            url == "https://air-quality-api.open-meteo.com/v1/air-quality?latitude=52.52&longitude=13.41"
                + "&current=european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,"
                + "alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen"
                + "&hourly=uv_index&forecast_days=1&timeformat=unixtime&timezone=auto"
        )
    }

    @Test func theURLOutsideCAMSEuropeWithAKey() {
        let endpoint = AirQualityEndpoint(baseURL: "https://customer-air-quality-api.open-meteo.com", apiKey: "k y")
        let url = endpoint.url(for: AirQualityRequest(location: tokyo))
        #expect(
            url == "https://customer-air-quality-api.open-meteo.com/v1/air-quality?latitude=35.6895"
                + "&longitude=139.6917&current=european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide"
                + "&hourly=uv_index&forecast_days=1&timeformat=unixtime&timezone=auto&apikey=k%20y"
        )
        let error = endpoint.redact(FetchError(kind: .network, message: "GET \(url) failed"))
        #expect(!error.message.contains("k%20y") && error.message.contains("REDACTED"))
    }

    @Test(arguments: [(52.52, 13.41), (35.6895, 139.6917), (40.7128, -74.006)])
    func theWeightCountsTheVariablesSent(latitude: Double, longitude: Double) {
        let request = AirQualityRequest(location: Location(name: "x", latitude: latitude, longitude: longitude))
        let items = AirQualityEndpoint(baseURL: "http://h").queryItems(for: request)
        let variables = items.filter { $0.name == "current" || $0.name == "hourly" }
            .map { $0.value.split(separator: ",").count }.reduce(0, +)
        #expect(variables == request.variables)
        #expect(request.weight == max(10, variables))
        #expect(
            items.map(\.name) == [
                "latitude", "longitude", "current", "hourly", "forecast_days", "timeformat", "timezone",
            ]
        )
    }
}
