import Testing
import WeatherCore

@Suite("DurationParser")
struct DurationParserTests {
    @Test(
        "parses",
        arguments: [
            ("10s", Duration.seconds(10)),
            ("500ms", .milliseconds(500)),
            ("2m", .seconds(120)),
            ("1.5h", .seconds(5400)),
            ("10", .seconds(10)),
            ("0.5", .milliseconds(500)),
            ("30m", .seconds(1800)),
            ("1.5s", .milliseconds(1500)),
            (" 5s\t", .seconds(5)),
            ("0.25", .milliseconds(250)),
        ]
    )
    func parses(text: String, expected: Duration) {
        #expect(DurationParser.parse(text) == expected)
    }

    @Test(
        "rejects",
        arguments: [
            "", " ", "abc", "10x", "-1s", "-1", "1e3", "1e3s", "s", "ms", "h", ".", "1.2.3s", "10 s", "1,5s",
            "+5s", "inf", "nan", "infs", "5sec", "5S", "٣s", "10d", "0x10",
        ]
    )
    func rejects(text: String) {
        #expect(DurationParser.parse(text) == nil)
    }

    @Test(
        "format round trips",
        arguments: ["10s", "500ms", "2m", "1h", "1.5s", "90m", "0s", "1ms", "59s", "61s", "2.25s", "3h"]
    )
    func formatRoundTrips(text: String) throws {
        let duration = try #require(DurationParser.parse(text))
        #expect(DurationParser.format(duration) == text)
    }

    @Test func parseOfFormatIsIdentity() {
        let milliseconds: [Int64] = [
            1, 999, 1000, 1001, 1500, 59_999, 60_000, 90_000, 3_599_000, 3_600_000, 5_400_000, 86_400_000,
        ]
        for value in milliseconds {
            let duration = Duration.milliseconds(value)
            #expect(DurationParser.parse(DurationParser.format(duration)) == duration, "\(value) ms")
        }
    }

    @Test func formatChoosesTheLargestExactUnit() {
        #expect(DurationParser.format(.seconds(5400)) == "90m")
        #expect(DurationParser.format(.seconds(7200)) == "2h")
        #expect(DurationParser.format(.milliseconds(1500)) == "1.5s")
    }

    @Test func formatForPeople() {
        #expect(DurationParser.formatForPeople(.seconds(5)) == "5 s")
        #expect(DurationParser.formatForPeople(.milliseconds(500)) == "500 ms")
        #expect(DurationParser.formatForPeople(.milliseconds(1500)) == "1.5 s")
    }

    @Test func durationAccessors() {
        #expect(Duration.milliseconds(1500).milliseconds == 1500)
        #expect(Duration.milliseconds(1500).seconds == 1.5)
        #expect(DurationParser.seconds(0.0004) == .zero)
        #expect(DurationParser.seconds(2.0006) == .milliseconds(2001))
    }

    /// A huge but syntactically valid duration must be rejected (exit 78 for a config), not overflow
    /// `Int64(value * 1000)` and trap.
    @Test func hugeDurationIsRejectedNotACrash() async {
        await #expect(processExitsWith: .success) {
            let parsed = DurationParser.parse("10000000000000000h")
            exit(parsed == nil ? 0 : 1)
        }

    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
