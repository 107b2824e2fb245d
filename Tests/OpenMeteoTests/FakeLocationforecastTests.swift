import FakeOpenMeteo
import Foundation
import Testing

/// The MET Norway look-alike (LocationforecastRoute): MET's step pattern and wire style, its caching
/// headers and 304, its terms (403, 400) and its failure modes, gzip.
@Suite("FakeOpenMeteo: MET Norway's Locationforecast")
struct FakeLocationforecastTests {
    /// 2026-11-24T13:40:00Z on the look-alike's clock.
    static let now = 1_795_527_600.0
    static let userAgent = ("User-Agent", "weatherd/1.2.3 ops@example.org")

    struct Answer {
        var status: Int
        var contentType: String
        var body: [UInt8]
        /// By lower-cased name.
        var headers: [String: String]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static func answer(
        _ query: String = "lat=59.9139&lon=10.7522&altitude=23",
        headers: [(String, String)] = [userAgent],
        mode: MetNorwayMode = .normal
    ) throws -> Answer {
        let request = FakeRequest(uri: LocationforecastRoute.path + "?" + query, headers: headers, time: now)
        let response = FakeOpenMeteoServer.realistic(dataInterval: 900, metNorway: mode)(request)
        let lowered: ([(String, String)]) -> [String: String] = { pairs in
            Dictionary(pairs.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { $1 })
        }
        switch response {
        case .body(let status, let contentType, let body, let headers):
            return Answer(status: status, contentType: contentType, body: Array(body.utf8), headers: lowered(headers))
        case .bytes(let status, let contentType, let body, let headers):
            return Answer(status: status, contentType: contentType, body: body, headers: lowered(headers))
        default:
            Issue.record("not a whole answer: \(response)")
            return Answer(status: 0, contentType: "", body: [], headers: [:])
        }
    }

    static func timeseries(_ answer: Answer) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let properties = try #require(json["properties"] as? [String: Any])
        return try #require(properties["timeseries"] as? [[String: Any]])
    }

    @Test func theAnswerBeginsAsMetsDoes() throws {
        let answer = try Self.answer()
        #expect(answer.status == 200)
        #expect(answer.contentType == "application/json")
        let start =
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.7522,59.9139,23]},"#
            + #""properties":{"meta":{"updated_at":"2026-11-24T13:13:00Z","units":{"#
            + #""air_pressure_at_sea_level":"hPa","air_temperature":"celsius","cloud_area_fraction":"%","#
            + #""precipitation_amount":"mm","relative_humidity":"%","wind_from_direction":"degrees","#
            + #""wind_speed":"m/s"}},"timeseries":[{"time":"2026-11-24T13:00:00Z","data":{"instant":"#
            + #"{"details":{"air_pressure_at_sea_level":"#
        #expect(answer.text.hasPrefix(start))
        #expect(answer.text.hasSuffix("}}]}}"))
        #expect(!answer.text.contains(" ") && !answer.text.contains("\n"))
    }

    @Test func stepsAreHourlyToTheDayAfterTomorrowThenSixHourly() throws {
        let steps = try Self.timeseries(Self.answer())
        let times = steps.compactMap { $0["time"] as? String }
        let hourly =
            (13...23).map { "2026-11-24T\($0):00:00Z" }
            + ["25", "26"].flatMap { day in
                (0...23).map { "2026-11-\(day)T\($0 < 10 ? "0" : "")\($0):00:00Z" }
            }
        let sixHourly = [
            "2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02",
            "2026-12-03", "2026-12-04",
        ].flatMap { day in ["00", "06", "12", "18"].map { "\(day)T\($0):00:00Z" } }
        #expect(times == hourly + sixHourly)

        func periods(_ time: String) -> Set<String> {
            let step = steps.first { $0["time"] as? String == time }
            return Set((step?["data"] as? [String: Any])?.keys.map { $0 } ?? [])
        }
        let all: Set = ["instant", "next_1_hours", "next_6_hours", "next_12_hours"]
        #expect(periods("2026-11-24T13:00:00Z") == all)
        #expect(periods("2026-11-26T17:00:00Z") == ["instant", "next_1_hours", "next_6_hours"])
        #expect(periods("2026-11-26T18:00:00Z") == all)
        for hour in 19...23 { #expect(periods("2026-11-26T\(hour):00:00Z") == ["instant", "next_1_hours"]) }
        #expect(periods("2026-11-27T00:00:00Z") == ["instant", "next_6_hours", "next_12_hours"])
        #expect(periods("2026-12-04T06:00:00Z") == ["instant", "next_6_hours", "next_12_hours"])
        #expect(periods("2026-12-04T12:00:00Z") == ["instant", "next_6_hours"])
        #expect(periods("2026-12-04T18:00:00Z") == ["instant"])
    }

    @Test func everyValueHasADecimalPointAndTwelveHoursHaveNoDetails() throws {
        let text = try Self.answer().text
        let series = try #require(text.range(of: #""timeseries":"#)).upperBound
        let numbers = try Regex(#":(-?[0-9][0-9.eE+-]*)[,}]"#)
        let values = text[series...].matches(of: numbers).map { String($0.output[1].substring ?? "") }
        #expect(values.count > 500)
        #expect(values.allSatisfy { $0.contains(".") }, "\(values.filter { !$0.contains(".") }.prefix(3))")
        #expect(text.contains(#""next_12_hours":{"summary":{"symbol_code":"#))
        #expect(!text.contains(#""next_12_hours":{"summary":{"symbol_code":"cloudy"},"details":{"precipitation"#))
    }

    @Test func withoutAnAltitudeTheThirdCoordinateIsTheTerrainsHeight() throws {
        let text = try Self.answer("lat=52.52&lon=13.41").text
        #expect(text.hasPrefix(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[13.41,52.52,"#))
        #expect(!text.hasPrefix(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[13.41,52.52,null"#))
    }

    @Test func lastModifiedIsTheLatestHalfHourAndA304AnswersItExactly() throws {
        let answer = try Self.answer()
        #expect(answer.headers["last-modified"] == "Tue, 24 Nov 2026 13:30:00 GMT")
        #expect(answer.headers["expires"] == "Tue, 24 Nov 2026 14:00:00 GMT")
        #expect(answer.headers["vary"] == "Accept, Accept-Encoding")
        let unchanged = try Self.answer(headers: [
            Self.userAgent, ("If-Modified-Since", "Tue, 24 Nov 2026 13:30:00 GMT"),
        ])
        #expect(unchanged.status == 304)
        #expect(unchanged.body.isEmpty)
        #expect(unchanged.headers["expires"] == "Tue, 24 Nov 2026 14:00:00 GMT")
        for other in ["Tue, 24 Nov 2026 13:00:00 GMT", "Tuesday, 24-Nov-26 13:30:00 GMT", "2026-11-24T13:30:00Z"] {
            #expect(try Self.answer(headers: [Self.userAgent, ("If-Modified-Since", other)]).status == 200, "\(other)")
        }
    }

    @Test(
        "MET's terms: a client that names itself, 4 decimals, whole metres",
        arguments: [
            ("lat=59.9139&lon=10.7522", [(String, String)](), 403),
            ("lat=59.9139&lon=10.7522", [("User-Agent", "AsyncHTTPClient/1.37")], 403),
            ("lat=59.91387&lon=10.7522", [userAgent], 403),
            ("lat=59.9139&lon=10.75224", [userAgent], 403),
            ("lat=59.9139&lon=10.7522&altitude=23.5", [userAgent], 400),
            ("lat=59.9139", [userAgent], 400),
            ("lat=91&lon=10", [userAgent], 400),
            ("lat=59.9139&lon=10.7522&altitude=-12", [userAgent], 200),
            ("lat=59.9&lon=10", [userAgent], 200),
        ]
    )
    func terms(query: String, headers: [(String, String)], status: Int) throws {
        let answer = try Self.answer(query, headers: headers)
        #expect(answer.status == status)
        if status != 200 { #expect(answer.contentType.hasPrefix("text/")) }
    }

    @Test func theFailureModes() throws {
        let modified = ("If-Modified-Since", "Tue, 24 Nov 2026 13:30:00 GMT")
        let deprecated = try Self.answer(headers: [Self.userAgent, modified], mode: .deprecated)
        #expect(deprecated.status == 203, "203 ignores If-Modified-Since")
        #expect(deprecated.text.hasPrefix(#"{"type":"Feature""#))

        let throttled = try Self.answer(mode: .throttled(retryAfter: "120"))
        #expect(throttled.status == 429)
        #expect(throttled.headers["retry-after"] == "120")
        #expect(MetNorwayMode(name: "429") == .throttled(retryAfter: "3600"))

        let unavailable = try Self.answer(mode: .unavailable)
        #expect(unavailable.status == 503)
        #expect(unavailable.contentType == "text/html")
        #expect(unavailable.text.hasPrefix("<html>"))

        #expect(MetNorwayMode(name: "200") == .normal)
        #expect(MetNorwayMode(name: "203") == .deprecated)
        #expect(MetNorwayMode(name: "503") == .unavailable)
        #expect(MetNorwayMode(name: "500") == nil)
    }

    @Test func theRouteLeavesCompressionToTheServer() throws {
        let plain = try Self.answer()
        let asking = try Self.answer(headers: [Self.userAgent, ("Accept-Encoding", "br, gzip")])
        #expect(plain.headers["vary"] == "Accept, Accept-Encoding")
        #expect(asking.headers["content-encoding"] == nil)
        #expect(asking.body == plain.body, "FakeOpenMeteoServer compresses it (FakeOpenMeteoServerTests)")
    }
}
