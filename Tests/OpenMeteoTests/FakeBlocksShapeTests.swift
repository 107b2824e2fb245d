import FakeOpenMeteo
import Foundation
import Testing

/// The look-alike's forecast sections against the fixtures of shared/fixtures/next: the same keys in the same
/// order, units, lengths and decimals; the sections asked for, in the request's order and units.
@Suite("FakeOpenMeteo forecast blocks: wire shape")
struct FakeBlocksShapeTests {
    @Test func hourlyAndDailyHaveTheFixturesShape() throws {
        let fixture = try OrderedJSON.parse(fixtureText("next-hourly-daily.json"))
        let answer = try FakeBlocks.body(
            "/v1/forecast?latitude=47.26&longitude=11.38&current=\(FakeBlocks.currentVariables)"
                + "&hourly=\(FakeBlocks.hourlyVariables)&daily=\(FakeBlocks.fixtureDailyVariables)"
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
            #expect(midnight <= FakeBlocks.requestTime && FakeBlocks.requestTime < midnight + 86_400)
            #expect(zip(days, days.dropFirst()).allSatisfy { $1 - $0 == 86_400 })
            let sunrises = try #require(json["daily"]?["sunrise"]?.array)
            #expect(sunrises.count == days.count)
        }
    }

    @Test func minutely15HasTheFixturesShape() throws {
        let fixture = try OrderedJSON.parse(fixtureText("next-minutely15.json"))
        let fake = try OrderedJSON.parse(
            FakeBlocks.body(
                "/v1/forecast?latitude=52.08&longitude=5.12&current=\(FakeBlocks.currentVariables)"
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
        let uri = FakeBlocks.daemonURI(
            units: "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch"
        )
        let json = try OrderedJSON.parse(FakeBlocks.body(uri))
        #expect(
            json.keys.suffix(8) == [
                "current_units", "current", "minutely_15_units", "minutely_15", "hourly_units", "hourly",
                "daily_units", "daily",
            ]
        )
        let daily = ["time"] + FakeBlocks.dailyVariables.split(separator: ",").map(String.init)
        #expect(json["daily_units"]?.keys == daily)
        #expect(json["daily"]?.keys == daily)
        #expect(json["hourly_units"]?["temperature_2m"]?.string == "°F")
        #expect(json["hourly_units"]?["precipitation"]?.string == "inch")
        #expect(json["daily_units"]?["precipitation_sum"]?.string == "inch")
        #expect(json["daily_units"]?["uv_index_max"]?.string == "")
        #expect(json["daily_units"]?["sunrise"]?.string == "unixtime")
        #expect(json["minutely_15_units"]?.keys == ["time", "precipitation"])
        for raw in try #require(json["minutely_15"]?["precipitation"]?.array) {
            #expect(FakeBlocks.decimals(raw) == 3, "\(raw)")
        }
        #expect(json["minutely_15"]?["time"]?.array?.count == 9)
        #expect(json["hourly"]?["time"]?.array?.count == 25)
        #expect(json["daily"]?["time"]?.array?.count == 7)

        // Only the blocks asked for.
        let plain = try OrderedJSON.parse(FakeBlocks.body(FakeBlocks.daemonURI(nowcast: false, hours: nil, days: 2)))
        #expect(plain.keys.suffix(4) == ["current_units", "current", "daily_units", "daily"])
        #expect(plain["daily"]?["time"]?.array?.count == 2)
    }

    @Test func lengthsDefaultLikeOpenMeteoAndAreChecked() throws {
        let now = FakeBlocks.requestTime
        let midnight = now - now % 86_400
        let base = "/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m"
        let defaults = try OrderedJSON.parse(
            FakeBlocks.body(base + "&minutely_15=precipitation&hourly=is_day&daily=sunset")
        )
        #expect(defaults["minutely_15"]?["time"]?.integers?.first == midnight)
        #expect(defaults["minutely_15"]?["time"]?.array?.count == 3 * 96)
        #expect(defaults["hourly"]?["time"]?.integers?.first == midnight)
        #expect(defaults["hourly"]?["time"]?.array?.count == 7 * 24)
        #expect(defaults["daily"]?["time"]?.array?.count == 7)
        let twoDays = try OrderedJSON.parse(
            FakeBlocks.body(base + "&minutely_15=precipitation&hourly=is_day&forecast_days=2")
        )
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
                let wanted = Set(fixtureValues.scalars.filter { $0 != "null" }.map(FakeBlocks.decimals))
                let got = Set(fakeValues.scalars.filter { $0 != "null" }.map(FakeBlocks.decimals))
                #expect(got == wanted, "\(key).\(variable): \(fakeValues.scalars)")
            }
        }
    }
}
