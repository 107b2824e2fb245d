import Foundation
import OpenMeteo
import Testing
import WeatherCore
import WeatherTestSupport

@Suite("ForecastDecoder")
struct ForecastDecoderTests {
    private let imperial = Units(temperature: .fahrenheit, windSpeed: .mph, precipitation: .inch)

    // MARK: - Fixtures

    @Test func decodesEveryFieldOfBerlin() throws {
        let weather = try ForecastDecoder.decode(try fixtureBytes("current-berlin.json"), units: Units())
        #expect(weather.observedAt == Timestamp(secondsSinceEpoch: 1_763_784_000))
        #expect(weather.utcOffsetSeconds == 3600)
        #expect(weather.temperature == 2.0)
        #expect(weather.apparentTemperature == -1.3)
        #expect(weather.relativeHumidity == 81)
        #expect(weather.precipitation == 0.2)
        #expect(weather.code == WMOCode(61))
        #expect(weather.code?.condition == .rain)
        #expect(weather.cloudCover == 100)
        #expect(weather.windSpeed == 16.9)
        #expect(weather.windDirection == 254)
        #expect(weather.windGusts == 30.2)
        #expect(weather.isDay == true)
        #expect(weather.units == Units(temperature: .celsius, windSpeed: .kmh, precipitation: .mm))
        // Nothing else is set: the whole value equals the one built from the fixture's numbers.
        let expected = Weather.berlin(observedAt: Timestamp(secondsSinceEpoch: 1_763_784_000))
        #expect(weather == expected)
        #expect(weather.summary == "2.0 °C, Slight rain")
    }

    @Test func decodesImperialNight() throws {
        let weather = try ForecastDecoder.decode(try fixtureBytes("current-imperial-night.json"), units: imperial)
        #expect(weather.isDay == false)
        #expect(weather.temperature == 28.4)
        #expect(weather.apparentTemperature == 19.9)
        #expect(weather.windSpeed == 9.6)
        #expect(weather.windGusts == 21.3)
        #expect(weather.precipitation == 0.0)
        #expect(weather.code == WMOCode(0))
        #expect(weather.utcOffsetSeconds == -18000)
        #expect(weather.units == imperial)
    }

    @Test func fahrenheitBodyWhenCelsiusWasAskedIsInvalid() throws {
        let error = try #require(decodeError(try fixtureBytes("current-imperial-night.json"), units: Units()))
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("°F"))
        #expect(error.httpStatus == nil)
    }

    @Test func celsiusBodyWhenFahrenheitWasAskedIsInvalid() throws {
        let error = try #require(decodeError(try fixtureBytes("current-berlin.json"), units: imperial))
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("°C"))
    }

    @Test func nullsAreAbsentAndAFloatCodeIsAccepted() throws {
        let weather = try ForecastDecoder.decode(try fixtureBytes("current-nulls-float-code.json"), units: Units())
        #expect(weather.temperature == 11.3)
        #expect(weather.apparentTemperature == nil)
        #expect(weather.relativeHumidity == nil)
        #expect(weather.precipitation == nil)
        #expect(weather.cloudCover == nil)
        #expect(weather.windSpeed == nil)
        #expect(weather.windDirection == nil)
        #expect(weather.windGusts == nil)
        #expect(weather.isDay == true)
        #expect(weather.code == WMOCode(3))
        #expect(weather.code?.condition == .overcast)
        #expect(weather.utcOffsetSeconds == 32400)
        #expect(weather.observedAt == Timestamp(secondsSinceEpoch: 1_763_784_000))
    }

    @Test(
        "errorReason reads the reason of Open-Meteo error bodies",
        arguments: [
            ("error-400.json", "Latitude must be in range of -90 to 90°. Given: 91.0."),
            ("error-429-daily.json", "Daily API request limit exceeded. Please try again tomorrow."),
            ("error-429-minutely.json", "Minutely API request limit exceeded. Please try again in one minute."),
            ("error-503.json", "The service is overloaded"),
        ]
    )
    func errorReasonOfFixture(name: String, reason: String) throws {
        let body = try fixtureBytes(name)
        #expect(ForecastDecoder.errorReason(body) == reason)
        // An error body is not a forecast.
        #expect(decodeError(body, units: Units())?.kind == .invalidResponse)
    }

    @Test func errorReasonIsNilForBodiesThatAreNotErrors() throws {
        #expect(ForecastDecoder.errorReason(try fixtureBytes("current-berlin.json")) == nil)
        #expect(ForecastDecoder.errorReason(Array("<html>oops</html>".utf8)) == nil)
        #expect(ForecastDecoder.errorReason(Array(#"{"error":false,"reason":"fine"}"#.utf8)) == nil)
        #expect(ForecastDecoder.errorReason(Array(#"{"error":true}"#.utf8)) == nil)
        #expect(ForecastDecoder.errorReason([UInt8]()) == nil)
    }

    @Test func streamingErrorWithStatus200IsInvalid() throws {
        let error = try #require(decodeError(try fixtureBytes("streaming-error-200.txt"), units: Units()))
        #expect(error.kind == .invalidResponse)
        #expect(error.message.contains("streaming"))
    }

    // MARK: - Hostile bodies

    static let hostileBodies: [HostileBody] = [
        HostileBody("empty", ""),
        HostileBody("whitespace only", "  \n\t "),
        HostileBody("HTML page", "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"),
        HostileBody("truncated", String(berlin.prefix(berlin.count / 2))),
        HostileBody("truncated after the last brace but one", String(berlin.dropLast())),
        HostileBody("empty object (missing current)", "{}"),
        HostileBody("current is null", #"{"current":null}"#),
        HostileBody("current is an array", #"{"current":[]}"#),
        HostileBody("current without time", #"{"current":{}}"#),
        HostileBody("time as a string", #"{"current":{"time":"2025-11-22T04:00"}}"#),
        HostileBody("time out of range", #"{"current":{"time":1e300}}"#),
        HostileBody("temperature as a string NaN", current(#""temperature_2m":"NaN""#)),
        HostileBody("temperature 1e308", current(#""temperature_2m":1e308"#)),
        HostileBody("temperature -1e308", current(#""temperature_2m":-1e308"#)),
        HostileBody("temperature beyond Double", current(#""temperature_2m":1e999"#)),
        HostileBody("apparent temperature 1000", current(#""apparent_temperature":1000"#)),
        HostileBody("humidity 150", current(#""relative_humidity_2m":150"#)),
        HostileBody("humidity -1", current(#""relative_humidity_2m":-1"#)),
        HostileBody("cloud cover 101", current(#""cloud_cover":101"#)),
        HostileBody("wind direction 400", current(#""wind_direction_10m":400"#)),
        HostileBody("negative wind speed", current(#""wind_speed_10m":-5"#)),
        HostileBody("wind gusts 1e6", current(#""wind_gusts_10m":1e6"#)),
        HostileBody("negative precipitation", current(#""precipitation":-0.1"#)),
        HostileBody("weather_code 3.5", current(#""weather_code":3.5"#)),
        HostileBody("weather_code 1e300", current(#""weather_code":1e300"#)),
        HostileBody("weather_code as a string", current(#""weather_code":"3""#)),
        HostileBody("is_day 2", current(#""is_day":2"#)),
        HostileBody("is_day 0.5", current(#""is_day":0.5"#)),
        HostileBody("is_day true", current(#""is_day":true"#)),
        HostileBody("a JSON array of forecasts", "[" + berlin + "]"),
        HostileBody("a JSON string", #""hello""#),
        HostileBody("a JSON number", "42"),
        HostileBody("a JSON null", "null"),
        HostileBody("10,000 unclosed [", String(repeating: "[", count: 10_000)),
        HostileBody(
            "10,000 balanced nested arrays",
            String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        ),
        HostileBody(
            "10,000 nested arrays inside an unknown field",
            #"{"current":{"time":1763784000},"x":"# + String(repeating: "[", count: 10_000)
                + String(repeating: "]", count: 10_000) + "}"
        ),
        HostileBody(
            "10,000 nested objects",
            String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        ),
        HostileBody("invalid UTF-8", bytes: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]),
        HostileBody("NUL bytes", bytes: [UInt8](repeating: 0, count: 64)),
    ]

    @Test("a hostile body is invalid_response, never a crash", arguments: hostileBodies)
    func hostileBodyIsInvalidResponse(_ hostile: HostileBody) {
        let error = decodeError(hostile.bytes, units: Units())
        #expect(error?.kind == .invalidResponse, "decoded without error: \(hostile.name)")
        #expect(error?.message.hasPrefix("invalid response") ?? false)
        #expect(error?.httpStatus == nil)
    }

    /// The template of the hostile variations is itself valid, so each variation fails for its own change.
    @Test func hostileTemplateIsValid() throws {
        let weather = try ForecastDecoder.decode(Array(Self.current("").utf8), units: Units())
        #expect(weather.temperature == 2.0)
        #expect(weather.code == WMOCode(61))
    }

    @Test func unknownFieldsAreIgnored() throws {
        let body = Self.current(#""snowfall":0.0,"pressure_msl":{"nested":[1,2,3]}"#)
        let weather = try ForecastDecoder.decode(Array(body.utf8), units: Units())
        #expect(weather.temperature == 2.0)
    }

    @Test(
        "valid JSON in every form the grammar allows is read",
        arguments: [
            // Whitespace everywhere it may be, and escapes in skipped strings and in keys.
            " \n\t{ \r\n\"utc_offset_seconds\" : 3600 , \"timezone\" : \"Europe\\/Berlin \\\" \\\\ \\b\\f\\n\\r\\t \\u00e9 \\uD83C\\uDF27\" ,"
                + " \"current_units\" : { \"temperature_2m\" : \"\\u00b0C\" } , \"current\" : { \"t\\u0069me\" : 1763784000 ,"
                + " \"temperature_2m\" : 2.0 , \"weather_code\" : 61 } } \n",
            // Every number form, in read and in skipped members.
            #"{"a":[0,-0,1.5e3,1E+2,2e-1,-0.0e0,123456789012345678901234567890],"current":{"time":1.763784E9,"#
                + #""temperature_2m":20e-1,"weather_code":6.1e1},"utc_offset_seconds":3.6e3}"#,
            // Literals, empty containers and nesting in skipped members; null members; a repeated member.
            #"{"x":{"y":[true,false,null,{},[],[[{"z":""}]]]},"current_units":null,"#
                + #""current":{"time":1763784000,"temperature_2m":2.0,"temperature_2m":"ignored","weather_code":61}}"#,
        ]
    )
    func validJSONInEveryForm(body: String) throws {
        let weather = try ForecastDecoder.decode(Array(body.utf8), units: Units())
        #expect(weather.observedAt == Timestamp(secondsSinceEpoch: 1_763_784_000))
        #expect(weather.temperature == 2.0)
        #expect(weather.code == WMOCode(61))
    }

    @Test(
        "not JSON by RFC 8259 is rejected (JSONDecoder lets a trailing comma pass: harmless)",
        arguments: [
            #"{"current":{"time":01763784000}}"#,
            #"{"current":{"time":1763784000.}}"#, #"{"current":{"time":+1763784000}}"#,
            #"{"current":{"time":1763784000}} x"#, #"{'current':{}}"#, #"{"a":"\x"}"#, #"{"a":"\ud800"}"#,
            #"{"a":"\udc00\ud800"}"#, #"{"a":"\u12"}"#, #"{"a":tru}"#, #"{"a":NaN}"#, #"{"a" 1}"#,
            #"{"current":{"time":1763784000}"#, "{\"current\u{0}\":{}}",
        ]
    )
    func notJSONIsRejected(body: String) {
        let error = decodeError(Array(body.utf8), units: Units())
        #expect(error?.kind == .invalidResponse)
    }

    @Test func boundaryValuesAreAccepted() throws {
        let body = Self.current(
            #""relative_humidity_2m":100,"cloud_cover":0,"wind_direction_10m":360,"wind_speed_10m":0,"is_day":0"#
        )
        let weather = try ForecastDecoder.decode(Array(body.utf8), units: Units())
        #expect(weather.relativeHumidity == 100)
        #expect(weather.cloudCover == 0)
        #expect(weather.windDirection == 360)
        #expect(weather.isDay == false)
    }

    @Test func anUndocumentedWholeCodeIsKeptAsUnknown() throws {
        let weather = try ForecastDecoder.decode(Array(Self.current(#""weather_code":42.0"#).utf8), units: Units())
        #expect(weather.code == WMOCode(42))
        #expect(weather.code?.condition == .unknown)
    }

    // MARK: - Helpers

    private static let berlin =
        #"{"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.07,"utc_offset_seconds":3600,"#
        + #""timezone":"Europe/Berlin","current_units":{"time":"unixtime","temperature_2m":"°C"},"#
        + #""current":{"time":1763784000,"interval":900,"temperature_2m":2.0,"weather_code":61,"is_day":1}}"#

    /// A valid Berlin-like body whose `current` object holds `extra` in place of the template's fields of
    /// the same names.
    private static func current(_ extra: String) -> String {
        var fields = [
            #""time":1763784000"#, #""interval":900"#, #""temperature_2m":2.0"#, #""apparent_temperature":-1.3"#,
            #""relative_humidity_2m":81"#, #""is_day":1"#, #""precipitation":0.2"#, #""weather_code":61"#,
            #""cloud_cover":100"#, #""wind_speed_10m":16.9"#, #""wind_direction_10m":254"#,
            #""wind_gusts_10m":30.2"#,
        ]
        // Drop the template's fields that `extra` redefines, so no key appears twice.
        for field in fields where extra.contains(String(field.prefix { $0 != ":" }) + ":") {
            fields.removeAll { $0 == field }
        }
        if !extra.isEmpty { fields.append(extra) }
        return #"{"utc_offset_seconds":3600,"current_units":{"temperature_2m":"°C"},"current":{"#
            + fields.joined(separator: ",") + "}}"
    }
}

/// One hostile response body, named for the test report.
struct HostileBody: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]

    init(_ name: String, _ text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }

    init(_ name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    var testDescription: String { name }
}

/// The error `decode` throws, or nil (with no issue recorded) when it succeeds.
private func decodeError(_ body: some Collection<UInt8>, units: Units) -> FetchError? {
    do {
        _ = try ForecastDecoder.decode(body, units: units)
        return nil
    } catch {
        return error
    }
}
