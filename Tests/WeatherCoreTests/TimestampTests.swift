import Testing
import WeatherCore

@Suite("Timestamp")
struct TimestampTests {
    @Test(
        "rfc3339 of known epochs (checked with `date -u -d @N`)",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z"),
            (1_763_784_000, "2025-11-22T04:00:00Z"),
            (1_795_320_306, "2026-11-22T04:05:06Z"),
            (1_709_164_800, "2024-02-29T00:00:00Z"),
            (1_709_251_199, "2024-02-29T23:59:59Z"),
            (1_709_251_200, "2024-03-01T00:00:00Z"),
            (951_868_799, "2000-02-29T23:59:59Z"),
            (-1, "1969-12-31T23:59:59Z"),
            (-86_400, "1969-12-31T00:00:00Z"),
            (-2_203_891_200, "1900-03-01T00:00:00Z"),
            (0.999, "1970-01-01T00:00:00Z"),
            (-0.5, "1969-12-31T23:59:59Z"),
        ]
    )
    func rfc3339(seconds: Double, expected: String) {
        let timestamp = Timestamp(secondsSinceEpoch: seconds)
        #expect(timestamp.rfc3339 == expected)
        #expect(timestamp.description == expected)
    }

    @Test func printAndParseRoundTripOverCenturies() {
        var failures: [Double] = []
        for seconds in stride(from: -4_000_000_000.0, through: 7_000_000_000, by: 7_777_777) {
            let timestamp = Timestamp(secondsSinceEpoch: seconds)
            if Timestamp(rfc3339: timestamp.rfc3339) != timestamp { failures.append(seconds) }
        }
        #expect(failures.isEmpty)
    }

    @Test(
        "parses",
        arguments: [
            ("2025-11-22T04:00:00Z", 1_763_784_000.0),
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1),
            ("2024-02-29T12:00:00Z", 1_709_208_000),
            ("2025-11-22T05:00:00+01:00", 1_763_784_000),
            ("2025-11-21T23:30:00-04:30", 1_763_784_000),
            ("2025-11-22T04:00:00+00:00", 1_763_784_000),
            ("2025-11-22T04:00:00.5Z", 1_763_784_000.5),
            ("2025-11-22T05:00:00.250+01:00", 1_763_784_000.25),
        ]
    )
    func parses(text: String, expected: Double) throws {
        let timestamp = try #require(Timestamp(rfc3339: text))
        #expect(abs(timestamp.secondsSinceEpoch - expected) < 1e-6)
    }

    @Test func fractionalSecondsAreKeptToMicroseconds() throws {
        let timestamp = try #require(Timestamp(rfc3339: "2025-11-22T04:00:00.123456Z"))
        #expect(abs(timestamp.secondsSinceEpoch - 1_763_784_000.123456) < 1e-6)
        #expect(timestamp.rfc3339 == "2025-11-22T04:00:00Z")
    }

    @Test(
        "rejects malformed",
        arguments: [
            "",
            "2025-11-22",
            "2025-11-22T04:00:00",
            "2025-11-22T04:00Z",
            "2025-11-22T04:00:00.Z",
            "2025-11-22T04:00:00+0100",
            "2025-11-22T04:00:00+01",
            "2025-11-22T04:00:00Zjunk",
            "2025-11-22T04:00:00+01:00x",
            "2025-11-22T04:00:00 Z",
            "2025/11/22T04:00:00Z",
            "2025-11-22X04:00:00Z",
            "x025-11-22T04:00:00Z",
            "2025-13-01T00:00:00Z",
            "2025-00-10T00:00:00Z",
            "2025-11-00T00:00:00Z",
            "2025-11-32T00:00:00Z",
            "2025-11-22T24:00:00Z",
            "2025-11-22T04:60:00Z",
            "2025-11-22T04:00:61Z",
            "-025-11-22T04:00:00Z",
            "1763784000",
        ]
    )
    func rejectsMalformed(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    /// Well-formed shape, but not a real date or offset (RFC 3339 §5.7). The parser normalises these
    /// (Feb 29 2023 → Mar 1) instead of rejecting them; see the report.
    @Test(
        "rejects impossible dates and offsets",
        arguments: [
            "2023-02-29T00:00:00Z",
            "2025-04-31T00:00:00Z",
            "2100-02-29T00:00:00Z",
            "2025-11-22T04:00:00+24:00",
            "2025-11-22T04:00:00+01:60",
        ]
    )
    func rejectsImpossibleDates(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)

    }

    @Test func arithmeticAndOrder() {
        let start = Timestamp(secondsSinceEpoch: 1_763_784_000)
        let later = start.adding(seconds: 90.5)
        #expect(later.secondsSinceEpoch == 1_763_784_090.5)
        #expect(later.seconds(since: start) == 90.5)
        #expect(start.seconds(since: later) == -90.5)
        #expect(start < later)
        #expect(!(later < start))
    }
}
