import FakeOpenMeteo
import Testing

/// The look-alike's rain rule: every place is wet for 90 minutes of every three hours, and its sections
/// (nowcast, hours, days) agree with it and with each other.
@Suite("FakeOpenMeteo forecast blocks: the rain rule")
struct FakeBlocksRainTests {
    @Test func everyPlaceIsWetInNinetyMinutesOfEveryThreeHourWindow() {
        let places = [(52.52, 13.41), (51.51, -0.13), (40.71, -74.01), (35.69, 139.69), (10.5, 10), (-30, -40)]
        let dayStart = FakeBlocks.requestTime - FakeBlocks.requestTime % 86_400
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
                + "&hourly=\(FakeBlocks.hourlyVariables)&forecast_hours=25&daily=\(FakeBlocks.dailyVariables)&forecast_days=3"
            let json = try OrderedJSON.parse(FakeBlocks.body(uri))
            let currentCode = try #require(json["current"]?["weather_code"]?.integer)
            // The millimetres of the 15 minutes, and of the hour, that end at a time.
            let quarter = { SyntheticWeather.nowcastMillimetres(latitude: latitude, longitude: longitude, at: $0) }
            let hour = { SyntheticWeather.hourMillimetres(latitude: latitude, longitude: longitude, at: $0) }

            let quarters = try #require(json["minutely_15"]?["time"]?.integers)
            let quarterMillimetres = try #require(json["minutely_15"]?["precipitation"]?.doubles)
            let quarterCodes = try #require(json["minutely_15"]?["weather_code"]?.integers)
            for (index, time) in quarters.enumerated() {
                let expected = quarter(time)
                #expect(abs(quarterMillimetres[index] - expected) < 0.001)
                #expect((quarterCodes[index] >= 51) == (expected >= 0.1), "\(time): \(quarterCodes[index])")
            }

            let hours = try #require(json["hourly"]?["time"]?.integers)
            let hourMillimetres = try #require(json["hourly"]?["precipitation"]?.doubles)
            let hourCodes = try #require(json["hourly"]?["weather_code"]?.integers)
            for (index, time) in hours.enumerated() {
                let sum = (0..<4).reduce(0.0) { $0 + quarter(time - $1 * 900) }
                #expect(abs(hour(time) - sum) < 0.001)
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
                let sum = (0..<24).reduce(0.0) { $0 + hour(midnight + $1 * 3600) }
                #expect(abs(sums[index] - sum) < 0.001)
                #expect(sums[index] >= 0.1)
            }
            #expect(temperatures.allSatisfy { $0 >= lows[0] - 0.05 && $0 <= highs[0] + 0.05 }, "\(temperatures)")
            let polar = abs(latitude) > 70
            #expect(json["daily"]?["sunrise"]?.array?.allSatisfy { ($0 == "null") == polar } == true)
        }
    }
}
