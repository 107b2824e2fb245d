import FakeOpenMeteo
import Foundation
import Testing

/// The look-alike's forecast sections (`minutely_15`, `hourly`, `daily`): wire shape against the fixtures of
/// shared/fixtures/next, the rain rule, Open-Meteo's weight rule and the bad-block faults.
@Suite("FakeOpenMeteo forecast blocks")
struct FakeBlocksTests {
    /// When the fixtures were "requested": 2026-11-24T13:07:42Z.
    static let requestTime = 1_795_525_662
    static let currentVariables =
        "temperature_2m,apparent_temperature,relative_humidity_2m,is_day,precipitation,weather_code,cloud_cover,"
        + "wind_speed_10m,wind_direction_10m,wind_gusts_10m"
    static let hourlyVariables = "temperature_2m,precipitation_probability,precipitation,weather_code,is_day"
    /// The daemon's order (docs/forecast.md).
    static let dailyVariables =
        "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum,"
        + "uv_index_max,sunrise,sunset"
    /// The fixture's order.
    static let fixtureDailyVariables =
        "weather_code,temperature_2m_max,temperature_2m_min,precipitation_probability_max,precipitation_sum,"
        + "sunrise,sunset,uv_index_max"

    /// A request as the daemon sends it (docs/forecast.md), with the blocks given.
    static func daemonURI(
        latitude: Double = 47.26,
        longitude: Double = 11.38,
        nowcast: Bool = true,
        hours: Int? = 25,
        days: Int? = 7,
        units: String = "&temperature_unit=celsius&wind_speed_unit=kmh&precipitation_unit=mm"
    ) -> String {
        var uri = "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&current=\(currentVariables)"
        if nowcast { uri += "&minutely_15=precipitation&forecast_minutely_15=9" }
        if let hours { uri += "&hourly=\(hourlyVariables)&forecast_hours=\(hours)" }
        if let days { uri += "&daily=\(dailyVariables)&forecast_days=\(days)" }
        return uri + "&timeformat=unixtime&timezone=auto" + units
    }

    // MARK: - Wire shape

    @Test func hourlyAndDailyHaveTheFixturesShape() throws {
        let fixture = try OrderedJSON.parse(fixtureText("next-hourly-daily.json"))
        let answer = try body(
            "/v1/forecast?latitude=47.26&longitude=11.38&current=\(Self.currentVariables)"
                + "&hourly=\(Self.hourlyVariables)&daily=\(Self.fixtureDailyVariables)"
                + "&forecast_days=7&forecast_hours=24&timeformat=unixtime&timezone=auto"
        )
        let fake = try OrderedJSON.parse(answer)
        try expectSameShape(fake, fixture)

        // Hours from the current hour; days from the local midnight (the fixture's offset is Vienna's, ours 0).
        for json in [fake, fixture] {
            let hours = try #require(json["hourly"]?["time"]?.integers)
            #expect(hours.first == 1_795_525_200)
            #expect(zip(hours, hours.dropFirst()).allSatisfy { $1 - $0 == 3600 })
            let offset = try #require(json["utc_offset_seconds"]?.integer)
            let days = try #require(json["daily"]?["time"]?.integers)
            let midnight = try #require(days.first)
            #expect((midnight + offset) % 86_400 == 0)
            #expect(midnight <= Self.requestTime && Self.requestTime < midnight + 86_400)
            #expect(zip(days, days.dropFirst()).allSatisfy { $1 - $0 == 86_400 })
            let sunrises = try #require(json["daily"]?["sunrise"]?.array)
            #expect(sunrises.count == days.count)
        }
    }

    @Test func minutely15HasTheFixturesShape() throws {
        let fixture = try OrderedJSON.parse(fixtureText("next-minutely15.json"))
        let fake = try OrderedJSON.parse(
            body(
                "/v1/forecast?latitude=52.08&longitude=5.12&current=\(Self.currentVariables)"
                    + "&minutely_15=precipitation,weather_code&forecast_minutely_15=8&timeformat=unixtime&timezone=auto"
            )
        )
        try expectSameShape(fake, fixture)
        for json in [fake, fixture] {
            let times = try #require(json["minutely_15"]?["time"]?.integers)
            #expect(times.first == json["current"]?["time"]?.integer)
            #expect(times.first == 1_795_525_200)
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 900 })
        }
    }

    @Test func sectionsFollowTheRequestOrderAndUnits() throws {
        let uri = Self.daemonURI(units: "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch")
        let json = try OrderedJSON.parse(body(uri))
        #expect(
            json.keys.suffix(8) == [
                "current_units", "current", "minutely_15_units", "minutely_15", "hourly_units", "hourly",
                "daily_units", "daily",
            ]
        )
        let daily = ["time"] + Self.dailyVariables.split(separator: ",").map(String.init)
        #expect(json["daily_units"]?.keys == daily)
        #expect(json["daily"]?.keys == daily)
        #expect(json["hourly_units"]?["temperature_2m"]?.string == "°F")
        #expect(json["hourly_units"]?["precipitation"]?.string == "inch")
        #expect(json["daily_units"]?["precipitation_sum"]?.string == "inch")
        #expect(json["daily_units"]?["uv_index_max"]?.string == "")
        #expect(json["daily_units"]?["sunrise"]?.string == "unixtime")
        #expect(json["minutely_15_units"]?.keys == ["time", "precipitation"])
        for raw in try #require(json["minutely_15"]?["precipitation"]?.array) {
            #expect(decimals(raw) == 3, "\(raw)")
        }
        #expect(json["minutely_15"]?["time"]?.array?.count == 9)
        #expect(json["hourly"]?["time"]?.array?.count == 25)
        #expect(json["daily"]?["time"]?.array?.count == 7)

        // Only the blocks asked for.
        let plain = try OrderedJSON.parse(body(Self.daemonURI(nowcast: false, hours: nil, days: 2)))
        #expect(plain.keys.suffix(4) == ["current_units", "current", "daily_units", "daily"])
        #expect(plain["daily"]?["time"]?.array?.count == 2)
    }

    @Test func lengthsDefaultLikeOpenMeteoAndAreChecked() throws {
        let now = Self.requestTime
        let midnight = now - now % 86_400
        let base = "/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m"
        let defaults = try OrderedJSON.parse(body(base + "&minutely_15=precipitation&hourly=is_day&daily=sunset"))
        #expect(defaults["minutely_15"]?["time"]?.integers?.first == midnight)
        #expect(defaults["minutely_15"]?["time"]?.array?.count == 3 * 96)
        #expect(defaults["hourly"]?["time"]?.integers?.first == midnight)
        #expect(defaults["hourly"]?["time"]?.array?.count == 7 * 24)
        #expect(defaults["daily"]?["time"]?.array?.count == 7)
        let twoDays = try OrderedJSON.parse(body(base + "&minutely_15=precipitation&hourly=is_day&forecast_days=2"))
        #expect(twoDays["minutely_15"]?["time"]?.array?.count == 2 * 96)
        #expect(twoDays["hourly"]?["time"]?.array?.count == 2 * 24)

        for bad in ["&daily=sunset&forecast_days=17", "&hourly=is_day&forecast_hours=x", "&hourly=cape"] {
            let response = FakeOpenMeteoServer.realistic(FakeRequest(uri: base + bad, time: Double(now)))
            guard case .body(let status, _, let text, _) = response else {
                Issue.record("no body for \(bad)")
                continue
            }
            #expect(status == 400, "\(bad)")
            #expect(text.hasPrefix(#"{"error":true,"reason":"#), "\(text)")
        }
    }

    // MARK: - Rain rule

    @Test func everyPlaceIsWetInNinetyMinutesOfEveryThreeHourWindow() {
        let places = [(52.52, 13.41), (51.51, -0.13), (40.71, -74.01), (35.69, 139.69), (10.5, 10), (-30, -40)]
        let dayStart = Self.requestTime - Self.requestTime % 86_400
        for (latitude, longitude) in places {
            for window in 0..<8 {
                let start = dayStart + window * 10_800
                // Step k's value is the 15 minutes ending at start + (k + 1) × 900.
                let wet = (0..<12).map { step in
                    SyntheticWeather.nowcastMillimetres(
                        latitude: latitude,
                        longitude: longitude,
                        at: start + (step + 1) * 900
                    )
                        >= 0.1
                }
                #expect(wet.count(where: { $0 }) == 6, "\(latitude),\(longitude) window \(window): \(wet)")
                // One wet run of 90 minutes, cyclically: exactly one dry→wet change.
                let starts = (0..<12).count(where: { wet[$0] && !wet[($0 + 11) % 12] })
                #expect(starts == 1, "\(wet)")
            }
            let phase = SyntheticWeather.rainPhase(latitude: latitude, longitude: longitude)
            #expect((0..<12).contains(phase))
        }
    }

    @Test func blocksFollowTheRainRule() throws {
        for (latitude, longitude) in [(52.52, 13.41), (78.22, 15.65), (-33.87, 151.21), (40.71, -74.01)] {
            let uri =
                "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&current=temperature_2m"
                + "&minutely_15=precipitation,weather_code&forecast_minutely_15=9"
                + "&hourly=\(Self.hourlyVariables)&forecast_hours=25&daily=\(Self.dailyVariables)&forecast_days=3"
            let json = try OrderedJSON.parse(body(uri))
            let currentCode = try #require(json["current"]?["weather_code"]?.integer)

            let quarters = try #require(json["minutely_15"]?["time"]?.integers)
            let quarterMillimetres = try #require(json["minutely_15"]?["precipitation"]?.doubles)
            let quarterCodes = try #require(json["minutely_15"]?["weather_code"]?.integers)
            for (index, time) in quarters.enumerated() {
                let expected = SyntheticWeather.nowcastMillimetres(latitude: latitude, longitude: longitude, at: time)
                #expect(abs(quarterMillimetres[index] - expected) < 0.001)
                #expect((quarterCodes[index] >= 51) == (expected >= 0.1), "\(time): \(quarterCodes[index])")
            }

            let hours = try #require(json["hourly"]?["time"]?.integers)
            let hourMillimetres = try #require(json["hourly"]?["precipitation"]?.doubles)
            let hourCodes = try #require(json["hourly"]?["weather_code"]?.integers)
            for (index, time) in hours.enumerated() {
                let sum = (0..<4).reduce(0.0) {
                    $0
                        + SyntheticWeather.nowcastMillimetres(
                            latitude: latitude,
                            longitude: longitude,
                            at: time - $1 * 900
                        )
                }
                let helper = SyntheticWeather.hourMillimetres(latitude: latitude, longitude: longitude, at: time)
                #expect(abs(helper - sum) < 0.001)
                #expect(abs(hourMillimetres[index] - sum) < 0.001)
                #expect((hourCodes[index] >= 51) == (sum >= 0.1))
                if currentCode >= 51 && sum >= 0.1 { #expect(hourCodes[index] == currentCode) }
                if currentCode < 51 && sum < 0.1 { #expect(hourCodes[index] == currentCode) }
            }

            let days = try #require(json["daily"]?["time"]?.integers)
            let sums = try #require(json["daily"]?["precipitation_sum"]?.doubles)
            let highs = try #require(json["daily"]?["temperature_2m_max"]?.doubles)
            let lows = try #require(json["daily"]?["temperature_2m_min"]?.doubles)
            let temperatures = try #require(json["hourly"]?["temperature_2m"]?.doubles)
            for (index, midnight) in days.enumerated() {
                let sum = (0..<24).reduce(0.0) {
                    $0
                        + SyntheticWeather.hourMillimetres(
                            latitude: latitude,
                            longitude: longitude,
                            at: midnight + $1 * 3600
                        )
                }
                #expect(abs(sums[index] - sum) < 0.001)
                #expect(sums[index] >= 0.1)
            }
            #expect(temperatures.allSatisfy { $0 >= lows[0] - 0.05 && $0 <= highs[0] + 0.05 }, "\(temperatures)")
            let polar = abs(latitude) > 70
            #expect(json["daily"]?["sunrise"]?.array?.allSatisfy { ($0 == "null") == polar } == true)
        }
    }

    // MARK: - Weight

    @Test func weightCountsEverySectionAndLongForecasts() {
        func weight(_ uri: String) -> Int { QuotaGate.weight(of: FakeRequest(uri: uri)) }
        #expect(weight("/v1/forecast?latitude=1&longitude=1&current=\(Self.currentVariables)") == 10)
        #expect(weight("/v1/forecast?latitude=1&longitude=1&current=temperature_2m") == 10)
        #expect(weight("/v1/search?name=Berlin") == 10)
        // The fixtures' requests: 23 and 12 variables.
        #expect(
            weight(
                "/v1/forecast?latitude=1&longitude=1&current=\(Self.currentVariables)&hourly=\(Self.hourlyVariables)"
                    + "&daily=\(Self.fixtureDailyVariables)&forecast_days=7&forecast_hours=24"
            ) == 23
        )
        #expect(
            weight(
                "/v1/forecast?latitude=1&longitude=1&current=\(Self.currentVariables)"
                    + "&minutely_15=precipitation,weather_code&forecast_minutely_15=8"
            ) == 12
        )
        // The daemon's: 10 + 1 + 5 + 8.
        #expect(weight(Self.daemonURI()) == 24)
        #expect(weight(Self.daemonURI(hours: nil, days: nil)) == 11)
        #expect(weight(Self.daemonURI(nowcast: false, days: nil)) == 15)
        // Beyond 14 days: × days / 14, rounded up to a tenth.
        #expect(weight(Self.daemonURI(days: 14)) == 24)
        #expect(weight(Self.daemonURI(days: 15)) == 26)  // 24 × 15 / 14 = 25.7
        #expect(weight(Self.daemonURI(days: 16)) == 28)  // 27.4
        #expect(weight("/v1/forecast?latitude=1&longitude=1&current=temperature_2m&forecast_days=16") == 10)
        #expect(weight("/v1/forecast?latitude=1&longitude=1&current=\(Self.currentVariables)&forecast_days=16") == 12)
        #expect(QuotaGate.weight(variables: 10, forecastDays: 28) == 20)
        #expect(QuotaGate.weight(variables: 23, forecastDays: 7) == 23)
        #expect(QuotaGate.weight(variables: 3) == 10)
    }

    @Test func theMinuteLimitCountsWeightedCalls() {
        let gate = QuotaGate(minuteLimit: 5, next: FakeOpenMeteoServer.realistic)
        let minute = Double(Self.requestTime - Self.requestTime % 60)
        func status(_ uri: String, at time: Double) -> Int? {
            if case .body(let status, _, _, _) = gate.handler(FakeRequest(uri: uri, time: time)) { return status }
            return nil
        }
        let heavy = Self.daemonURI()  // 2.4 calls
        #expect(status(heavy, at: minute) == 200)
        #expect(status(heavy, at: minute + 1) == 200)  // 4.8
        #expect(status(heavy, at: minute + 2) == 429)  // would be 7.2 (and counts)
        #expect(status(Self.daemonURI(nowcast: false, hours: nil, days: nil), at: minute + 3) == 429)
        #expect(status(heavy, at: minute + 60) == 200)  // a new UTC minute
    }

    // MARK: - Faults

    @Test func faultsBreakTheBlocksAndKeepCurrent() throws {
        let uri = Self.daemonURI(days: 3)
        let good = try OrderedJSON.parse(body(uri))
        let names = ["minutely_15", "hourly", "daily"]
        for fault in BlockFault.allCases {
            let text = try body(uri, handler: FakeOpenMeteoServer.realistic(dataInterval: 900, blockFault: fault))
            #expect((try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil, "\(fault): not JSON")
            let json = try OrderedJSON.parse(text)
            #expect(json["current"] == good["current"])
            #expect(json.keys == good.keys)
            for name in names {
                let section = try #require(json[name])
                let sound = try #require(good[name])
                #expect(json[name + "_units"] == good[name + "_units"])
                let times = try #require(section["time"]?.array)
                let goodTimes = try #require(sound["time"]?.integers)
                let variables = section.keys.dropFirst()
                switch fault {
                case .unequalLengths:
                    let lengths = section.values.compactMap(\.array).map(\.count)
                    #expect(Set(lengths).count == 2, "\(name): \(lengths)")
                    #expect(section[variables.last!]?.array?.count == times.count - 1)
                case .nullTime:
                    #expect(times.filter { $0 == "null" }.count == 1, "\(name)")
                case .timesNotIncreasing:
                    let integers = try #require(section["time"]?.integers)
                    #expect(!zip(integers, integers.dropFirst()).allSatisfy { $0 < $1 }, "\(name)")
                    #expect(Set(integers) == Set(goodTimes))
                case .shiftedByADay:
                    #expect(section["time"]?.integers == goodTimes.map { $0 + 86_400 }, "\(name)")
                    for variable in variables { #expect(section[variable] == sound[variable]) }
                case .nullValues:
                    #expect(section["time"] == sound["time"])
                    for variable in variables {
                        let values = try #require(section[variable]?.array)
                        let expected = try #require(sound[variable]?.array).enumerated().map {
                            $0.offset % 2 == 0 ? "null" : $0.element
                        }
                        #expect(values == expected, "\(name).\(variable)")
                    }
                }
            }
        }
    }

    @Test func aFaultCanHitOneBlockOnly() throws {
        let uri = Self.daemonURI()
        let good = try OrderedJSON.parse(body(uri))
        let handler = FakeOpenMeteoServer.realistic(dataInterval: 900, blockFault: .shiftedByADay, blocks: [.hourly])
        let json = try OrderedJSON.parse(body(uri, handler: handler))
        #expect(json["minutely_15"] == good["minutely_15"])
        #expect(json["daily"] == good["daily"])
        #expect(json["hourly"]?["time"]?.integers == good["hourly"]?["time"]?.integers?.map { $0 + 86_400 })
        #expect(BlockFault.allCases.map(\.rawValue).allSatisfy { $0.hasPrefix("block-") })
    }

    // MARK: - Helpers

    /// The body the handler answers for `uri` at ``requestTime``.
    private func body(
        _ uri: String,
        handler: @Sendable (FakeRequest) -> FakeResponse = FakeOpenMeteoServer.realistic
    ) throws -> String {
        guard case .body(let status, _, let text, _) = handler(FakeRequest(uri: uri, time: Double(Self.requestTime)))
        else { throw ShapeError(message: "no body for \(uri)") }
        guard status == 200 else { throw ShapeError(message: "\(status): \(text)") }
        return text
    }

    /// Same keys in the same order at every level of the fixture's objects, same units (metric), same arrays'
    /// lengths, and numbers written with the fixture's decimals, variable by variable.
    private func expectSameShape(_ fake: OrderedJSON, _ fixture: OrderedJSON) throws {
        #expect(fake.keys == fixture.keys)
        for key in fixture.keys {
            let expected = try #require(fixture[key])
            let actual = try #require(fake[key])
            guard case .object = expected else { continue }
            #expect(actual.keys == expected.keys, "\(key)")
            if key.hasSuffix("_units") {
                #expect(actual == expected, "\(key)")
                continue
            }
            for variable in expected.keys {
                let fixtureValues = try #require(expected[variable])
                let fakeValues = try #require(actual[variable])
                if let array = fixtureValues.array {
                    #expect(fakeValues.array?.count == array.count, "\(key).\(variable)")
                }
                let wanted = Set(fixtureValues.scalars.filter { $0 != "null" }.map(decimals))
                let got = Set(fakeValues.scalars.filter { $0 != "null" }.map(decimals))
                #expect(got == wanted, "\(key).\(variable): \(fakeValues.scalars)")
            }
        }
    }

    /// How many digits follow the decimal point in a JSON number's text.
    private func decimals(_ raw: String) -> Int {
        raw.firstIndex(of: ".").map { raw.distance(from: $0, to: raw.endIndex) - 1 } ?? 0
    }

    private func fixtureText(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
            "missing fixture \(name)"
        )
        return try String(contentsOf: url, encoding: .utf8)
    }
}

private struct ShapeError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// JSON that keeps the order of object keys and the raw text of every scalar (`0.20` stays `0.20`), to compare
/// wire shapes.
private indirect enum OrderedJSON: Equatable {
    case object([(String, OrderedJSON)])
    case list([OrderedJSON])
    /// A number, `true`, `false` or `null` as written.
    case scalar(String)
    /// A string, decoded.
    case quoted(String)

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.list(let left), .list(let right)): left == right
        case (.scalar(let left), .scalar(let right)), (.quoted(let left), .quoted(let right)): left == right
        default: false
        }
    }

    var keys: [String] {
        if case .object(let members) = self { return members.map(\.0) }
        return []
    }

    var values: [OrderedJSON] {
        if case .object(let members) = self { return members.map(\.1) }
        return []
    }

    subscript(key: String) -> OrderedJSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// An array's elements as raw text (scalars only).
    var array: [String]? {
        guard case .list(let elements) = self else { return nil }
        return elements.map {
            switch $0 {
            case .scalar(let text), .quoted(let text): text
            default: "?"
            }
        }
    }

    /// The raw texts of a scalar or of an array's scalars.
    var scalars: [String] {
        if case .scalar(let text) = self { return [text] }
        return array ?? []
    }

    var integer: Int? {
        if case .scalar(let text) = self { return Int(text) }
        return nil
    }

    var integers: [Int]? {
        guard let array else { return nil }
        let values = array.compactMap { Int($0) }
        return values.count == array.count ? values : nil
    }

    var doubles: [Double]? {
        guard let array else { return nil }
        let values = array.compactMap { Double($0) }
        return values.count == array.count ? values : nil
    }

    var string: String? {
        if case .quoted(let text) = self { return text }
        return nil
    }

    static func parse(_ text: String) throws -> OrderedJSON {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw ShapeError(message: "trailing text") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else {
                throw ShapeError(message: "expected \(Character(UnicodeScalar(byte))) at \(index)")
            }
            index += 1
        }

        mutating func value() throws -> OrderedJSON {
            skipSpace()
            guard index < bytes.count else { throw ShapeError(message: "unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, OrderedJSON)] = []
                skipSpace()
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                repeat {
                    skipSpace()
                    let key = try string()
                    try expect(UInt8(ascii: ":"))
                    members.append((key, try value()))
                    skipSpace()
                    index += 1
                } while bytes[index - 1] == UInt8(ascii: ",")
                guard bytes[index - 1] == UInt8(ascii: "}") else { throw ShapeError(message: "bad object at \(index)") }
                return .object(members)
            case UInt8(ascii: "["):
                index += 1
                var elements: [OrderedJSON] = []
                skipSpace()
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .list(elements)
                }
                repeat {
                    elements.append(try value())
                    skipSpace()
                    index += 1
                } while bytes[index - 1] == UInt8(ascii: ",")
                guard bytes[index - 1] == UInt8(ascii: "]") else { throw ShapeError(message: "bad array at \(index)") }
                return .list(elements)
            case UInt8(ascii: "\""):
                return .quoted(try string())
            default:
                let start = index
                while index < bytes.count, !",]} \n\r\t".utf8.contains(bytes[index]) { index += 1 }
                return .scalar(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        /// A string without escapes other than `\"` and `\\` (enough for Open-Meteo's keys and units).
        mutating func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            var out: [UInt8] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                out.append(bytes[index])
                index += 1
            }
            index += 1
            return String(decoding: out, as: UTF8.self)
        }
    }
}
